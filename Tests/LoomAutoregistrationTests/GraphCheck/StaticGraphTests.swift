import Testing

@testable import LoomAutoregistrationCore

/// How the joined graph resolves needs: met, optional, collections, unmet with "did you mean", or unknown.
@Suite struct StaticGraphTests {
    /// A graph of `files`, each `(module, source)`.
    func graph(_ files: [(module: String, source: String)]) -> StaticGraph {
        let facts = files.enumerated().map { index, file in
            GraphSourceScanner.facts(in: LexedSource(file.source), path: "File\(index).swift", module: file.module)
        }
        return StaticGraph(facts: facts, modules: Array(Set(files.map(\.module))).sorted())
    }

    /// How each need of the graph fares, by site.
    func resolutions(_ graph: StaticGraph) -> [StaticGraph.Resolution] {
        graph.registerables.flatMap(\.needs).map(graph.resolve)
    }

    static let feature = """
        public protocol Clock: Sendable {}
        public struct SystemClock: Clock {}
        @Registerable(parameters: .injected)
        public final class Editor: Sendable {
            public init(clock: any Clock) {}
        }
        """

    @Test func aNeedIsMetByARegistrationOfItsTypeInAnyScannedModule() {
        let graph = graph([
            ("Feature", Self.feature),
            ("App", "let app = Container { Dependency { () -> any Clock in SystemClock() } }"),
        ])
        #expect(resolutions(graph) == [.met(providers: [1], isExact: true)])
    }

    @Test func qualifiersAnyAndTypeAliasesDoNotHideAProvider() {
        let qualified = graph([
            ("Feature", Self.feature),
            ("App", "let app = Container { Dependency { () -> any Feature.Clock in SystemClock() } }"),
        ])
        #expect(resolutions(qualified) == [.met(providers: [1], isExact: false)])
        let aliased = graph([
            ("Feature", Self.feature + "\npublic typealias AppClock = any Clock"),
            ("App", "let app = Container { Dependency { () -> Feature.AppClock in SystemClock() } }"),
        ])
        #expect(resolutions(aliased) == [.met(providers: [1], isExact: true)])
    }

    @Test func anUnmetNeedSuggestsTheConcreteTypeThatConformsToIt() {
        let graph = graph([
            ("Feature", Self.feature),
            ("App", "let app = Container { Dependency { () -> SystemClock in SystemClock() } }"),
        ])
        #expect(
            resolutions(graph) == [
                .unmet(suggestions: [
                    "Type[SystemClock] in App/File1.swift:1 — SystemClock conforms to Clock: register it as "
                        + "'any Clock' or add .conforms(to: (any Clock).self)"
                ])
            ])
    }

    @Test func anUnmetNeedSuggestsTheSameTypeRegisteredByNameOrWithArguments() {
        let graph = graph([
            (
                "App",
                """
                @Registerable(parameters: .injected)
                final class Invoices { init(audit: AuditLog, greeting: Greeting) {} }
                @Registerable(by: .name("audit-log")) final class AuditLog {}
                let app = Container { Dependency { (name: String) -> Greeting in Greeting(name) } }
                struct Greeting {}
                """
            )
        ])
        #expect(
            resolutions(graph) == [
                .unmet(suggestions: ["Name[audit-log] in App/File0.swift:3 — resolve it by name"]),
                .unmet(suggestions: ["Type[Greeting] in App/File0.swift:4 — pass (String)"]),
            ])
    }

    @Test func optionalAndCollectionNeedsNeverGoUnmet() {
        let graph = graph([
            (
                "App",
                """
                @Registerable(parameters: .injected)
                final class Dashboard { init(audit: AuditLog?, plugins: [any Plugin], tags: Set<Tag>) {} }
                final class AuditLog {}
                """
            )
        ])
        #expect(resolutions(graph) == [.optionalWithoutProvider, .collection, .collection])
    }

    @Test func aRegistrationWithoutAWrittenTypeMakesUnmetNeedsUnknown() {
        let graph = graph([
            ("Feature", Self.feature),
            ("App", "let app = Container { Dependency { SystemClock() } }"),
        ])
        #expect(
            resolutions(graph) == [.unknown(reason: "the registration at App/File1.swift:1 does not write its type")])
    }

    @Test func aNeedInsideIfOrOfATypeDeclaredElsewhereIsUnknown() {
        let conditional = graph([
            (
                "App",
                "@Registerable(parameters: .injected) final class A {\n#if DEBUG\ninit(b: B) {}\n#endif\n}\nstruct B {}"
            )
        ])
        #expect(resolutions(conditional) == [.unknown(reason: "it is declared inside #if")])
        let external = graph([
            ("App", "@Registerable(parameters: .injected) final class A { init(session: URLSession) {} }")
        ])
        #expect(resolutions(external) == [.unknown(reason: "'URLSession' is declared outside the scanned modules")])
        let function = graph([
            (
                "App",
                "@Registerable(parameters: .injected) final class A { init(make: @escaping () -> B) {} }\nstruct B {}"
            )
        ])
        #expect(
            resolutions(function) == [.unknown(reason: "the check does not compare function types and compositions")])
    }

    @Test func aNameSeveralAliasesShareIsUnknown() {
        let source = """
            enum Local { typealias Store = Disk }
            enum Remote { typealias Store = Cloud }
            struct Disk {}
            struct Cloud {}
            @Registerable(parameters: .injected) final class Editor { init(store: Store) {} }
            let c = Container { Dependency { () -> Disk in Disk() } }
            """
        #expect(
            resolutions(graph([("App", source)])) == [
                .unknown(reason: "'Store' is a type alias the check cannot expand")
            ])
    }

    @Test func nameNeedsAreMetByLiteralNames() {
        let source = """
            @Registerable final class Finder {
                @InjectedParameters(strategy: .byName) init(repository: Repository) {}
            }
            final class Repository {}
            """
        let met = graph([("App", source + "\nlet c = Container { Dependency(named: \"repository\") { Repository() } }")]
        )
        #expect(resolutions(met) == [.met(providers: [1], isExact: true)])
        let unmet = graph([
            (
                "App",
                source
                    + "\nlet c = Container { Dependency { () -> Repository in Repository() }.named(\"Repository \") }"
            )
        ])
        #expect(resolutions(unmet) == [.unmet(suggestions: ["Name[Repository ] in App/File0.swift:5"])])
        let dynamic = graph([
            ("App", source + "\nlet c = Container { Dependency(named: \"repo-\\(id)\") { Repository() } }")
        ])
        #expect(
            resolutions(dynamic) == [
                .unknown(reason: "the registration at App/File0.swift:5 is named by an expression")
            ])
    }

    @Test func listingsScopesAndKindsAreKnown() {
        let graph = graph([
            ("Feature", Self.feature + "\n@Registerable(scope: .scoped) final class Request {}\nstruct Value {}"),
            (
                "App",
                "let app = Container { DependencyGroup.featureAutoregistered\nDependency { () -> Value in Value() } }"
            ),
        ])
        #expect(graph.registerables.allSatisfy(graph.isListed))
        #expect(graph.kind(of: TypeSpelling("any Clock")) == .protocolType)
        #expect(graph.kind(of: TypeSpelling("Feature.Editor")) == .classType)
        #expect(graph.effectiveScope(of: graph.providers[0]) == .shared)  // Editor: a class, automatic
        #expect(graph.effectiveScope(of: graph.providers[1]) == .scoped)
        #expect(graph.effectiveScope(of: graph.providers[2]) == .instance)  // Value: a struct, automatic
    }
}
