import Testing

@testable import LoomAutoregistrationCore

/// What the graph check reads from a file's declarations: `@Registerable` types and their needs, declared types,
/// aliases and listings.
@Suite struct GraphSourceScannerTests {
    func facts(_ source: String) -> SourceFacts {
        GraphSourceScanner.facts(in: LexedSource(source), path: "Sources/App/File.swift", module: "App")
    }

    func needs(_ source: String) -> [String] {
        facts(source).registerables.flatMap(\.needs).map { need in
            "\(need.site) \(need.key.map(\.description) ?? "unreadable")"
        }
    }

    @Test func injectedParametersAreNeedsAndRuntimeParametersAreNot() {
        let source = """
            @Registerable(parameters: .injected)
            final class Editor: Sendable {
                init(clock: any Clock, _ store: Store?) {}
            }
            @Registerable
            struct Greeting {
                init(name: String, punctuation: Character) {}
            }
            """
        #expect(needs(source) == ["'Editor.init(clock:_:)' 'any Clock'", "'Editor.init(clock:_:)' 'Store?'"])
        #expect(facts(source).registerables.map(\.qualifiedName) == ["Editor", "Greeting"])
    }

    @Test func theInitializerIsChosenAsTheMacroChoosesIt() {
        let preferred = """
            @Registerable(parameters: .injected)
            final class Report {
                @PreferredInitializer init(store: Store) {}
                @PreferredInitializer init(store: Store, audit: Audit) {}
                init() {}
            }
            """
        #expect(needs(preferred) == ["'Report.init(store:)' 'Store'"])
        let injectedParameters = """
            @Registerable
            final class Upload {
                @InjectedParameters(ignoring: "file", "name")
                init(file: String, session: Session, named name: String) {}
                init?(broken: Int) {}
                init<T>(generic: T) {}
            }
            """
        // `file` and `name` stay factory arguments; `session` is injected by the generated overload.
        #expect(needs(injectedParameters) == ["'Upload.init(file:session:named:)' 'Session'"])
        let byName = """
            @Registerable
            final class Finder {
                @InjectedParameters(strategy: .byName)
                init(in repository: Repository, _: Clock) {}
            }
            """
        #expect(needs(byName) == ["'Finder.init(in:_:)' name 'repository'", "'Finder.init(in:_:)' 'Clock'"])
        let ambiguous = """
            @Registerable(parameters: .injected)
            final class Twice {
                init(a: A) {}
                init(b: B) {}
                @_disfavoredOverload init(c: C) {}
            }
            """
        #expect(needs(ambiguous) == ["'Twice' unreadable"])
        let plainBeforeThrowing = """
            @Registerable(parameters: .injected)
            final class Loader {
                init(a: A) throws {}
                init(b: B) {}
            }
            """
        #expect(needs(plainBeforeThrowing) == ["'Loader.init(b:)' 'B'"])
    }

    @Test func initUsedAsAnArgumentLabelIsNotAnInitializer() {
        let source = """
            @Registerable(parameters: .injected)
            final class Holder {
                let factory = Factory(init: 1)
                func make(value: Int) {}
                init(store: Store) {}
            }
            """
        #expect(needs(source) == ["'Holder.init(store:)' 'Store'"])
    }

    @Test func injectedPropertiesOfRegisterableTypesAreNeeds() {
        let source = #"""
            @Registerable
            final class Screen {
                @Injected var a: A
                @Injected(.resolvingOnInit(from: container)) private var b: B
                @Injected var c: C = C()
                @Injected(\.network) var d: any Network
                @Injected(name: "e") var e: E
                @Injected(refresh: .everyRead) var f: F
                @Injected(value: Channel.card) var g: G
                @InjectedWeakly var h: H?
            }
            final class NotRegisterable {
                @Injected var x: X
            }
            """#
        let all = facts(source).registerables.flatMap(\.needs)
        #expect(
            all.map { "\($0.site) \($0.key.map(\.description) ?? "unreadable")" } == [
                "'Screen.a' (@Injected) 'A'", "'Screen.b' (@Injected) 'B'", "'Screen.e' (@Injected) name 'e'",
                "'Screen.f' (@Injected) 'F'", "'Screen.g' (@Injected) unreadable",
            ])
        #expect(all.map(\.keepsInstance) == [true, true, true, false, true])
        #expect(all.allSatisfy { !$0.isConstruction })
    }

    @Test func needsCarryTheirPlaceAndWhetherTheyAreConditional() {
        let source = """
            @Registerable(parameters: .injected)
            final class Editor {
                #if DEBUG
                init(clock: any Clock, tracer: Tracer) {}
                #else
                init(clock: any Clock) {}
                #endif
            }
            """
        let needs = facts(source).registerables[0].needs
        // Both branches' initialisers count, and the check cannot choose between two plain ones.
        #expect(needs.map(\.key) == [nil])
        let single = facts(source.replacing("init(clock: any Clock) {}\n", with: ""))
        let need = single.registerables[0].needs[0]
        #expect(need.location == SourceLocation(path: "Sources/App/File.swift", module: "App", line: 4, column: 10))
        #expect(need.isConditional)
        #expect(need.isConstruction)
    }

    @Test func registerableArgumentsAreRead() {
        let source = """
            @Registerable(by: .type((any Notifying).self), scope: .singleton, eagerness: .eager)
            final class PushNotifier: Notifying {}
            @Registerable(by: .name("audit-log"), scope: .managed(by: changes))
            final class AuditLog {}
            @Registerable(scope: DependencyScope.scoped)
            final class RequestContext {}
            """
        let facts = facts(source)
        #expect(facts.registerables.map(\.scope) == [.singleton, .managed, .scoped])
        #expect(facts.providers.map(\.aliases) == [[TypeSpelling("any Notifying")], [], []])
        #expect(facts.providers.map(\.locator) == [.type, .name("audit-log"), .type])
        #expect(facts.providers.allSatisfy { $0.registerable != nil && !$0.isOpaque })
    }

    @Test func typesConformancesAndAliasesAreRecorded() {
        let source = """
            public protocol Clock: Sendable {}
            struct SystemClock: Clock, Equatable {}
            actor Index {}
            enum Outer { final class Inner: Base {} }
            extension SystemClock: CustomStringConvertible {}
            typealias AppClock = any Clock
            typealias Box<T> = [T]
            """
        let facts = facts(source)
        #expect(facts.types.map(\.qualifiedName) == ["Clock", "SystemClock", "Index", "Outer", "Outer.Inner"])
        #expect(facts.types.map(\.kind) == [.protocolType, .structType, .actorType, .enumType, .classType])
        #expect(facts.types[1].inherited == [TypeSpelling("Clock"), TypeSpelling("Equatable")])
        #expect(
            facts.conformances == [
                DeclaredConformance(typeName: "SystemClock", inherited: [TypeSpelling("CustomStringConvertible")])
            ])
        #expect(
            facts.aliases == [
                DeclaredAlias(qualifiedName: "AppClock", target: TypeSpelling("any Clock")),
                DeclaredAlias(qualifiedName: "Box", target: nil),
            ])
    }

    @Test func enumCasesNamedLikeKeywordsDoNotDeclareTypes() {
        let source = """
            let kind = Kind.struct
            setUp { prepare() }
            @Registerable(parameters: .injected) final class Maker { init(tool: Tool) {} }
            """
        #expect(facts(source).types.map(\.qualifiedName) == ["Maker"])
        #expect(needs(source) == ["'Maker.init(tool:)' 'Tool'"])
    }

    @Test func localAndGenericTypesAreNotNodes() {
        let source = """
            func make() { @Registerable final class Local {} }
            @Registerable struct Generic<T> {}
            struct Box<T> { @Registerable struct InGeneric {} }
            enum Namespace { @Registerable(parameters: .injected) final class Nested { init(a: A) {} } }
            """
        #expect(facts(source).registerables.map(\.qualifiedName) == ["Namespace.Nested"])
        #expect(needs(source) == ["'Namespace.Nested.init(a:)' 'A'"])
    }

    @Test func listingsAndTheirScopeChangesAreRecorded() {
        let source = """
            let container = Container {
                DependencyGroup.featureAutoregistered
                Editor.dependencyRegistration
                Feature.Index.dependencyRegistration.scope(.singleton)
            }
            """
        let facts = facts(source)
        #expect(facts.listedGroups == ["featureAutoregistered"])
        #expect(facts.listedTypes == ["Editor", "Feature.Index"])
        #expect(facts.rescopedRegisterables == ["Feature.Index"])
    }

    @Test func loomGraphSettingsAreCollected() {
        #expect(facts("// loom-graph: assembling\nlet x = 1").markers == ["assembling"])
    }
}
