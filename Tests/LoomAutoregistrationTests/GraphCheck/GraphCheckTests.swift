import Testing

@testable import LoomAutoregistrationCore

/// What the check reports for a target: errors only where it is sure and the target assembles the app.
@Suite struct GraphCheckTests {
    static let feature = """
        public protocol Clock: Sendable {}
        public struct SystemClock: Clock {}
        @Registerable(parameters: .injected)
        public final class Editor: Sendable {
            public init(clock: any Clock) {}
        }
        """

    func check(_ files: [(module: String, source: String)], role: TargetRole) -> GraphCheck.Result {
        let facts = files.map { file in
            GraphSourceScanner.facts(in: LexedSource(file.source), path: "\(file.module).swift", module: file.module)
        }
        let graph = StaticGraph(facts: facts, modules: files.map(\.module))
        return GraphCheck.run(graph: graph, role: role, module: files[0].module)
    }

    func rendered(_ result: GraphCheck.Result) -> [String] { result.diagnostics.map(\.rendered) }

    @Test func anUnmetNeedOfAListedTypeIsAnErrorAtTheNeedInAnAssemblingTarget() {
        let result = check(
            [("App", "let app = Container { Editor.dependencyRegistration }"), ("Feature", Self.feature)],
            role: .assembling)
        #expect(
            rendered(result) == [
                "Feature.swift:5:17: error: no registration provides 'any Clock', needed by 'Editor.init(clock:)' "
                    + "(searched App, Feature)"
            ])
        #expect(result.hasErrors)
        #expect(result.tally == GraphCheck.Tally(needs: 1, met: 0, withoutProvider: 0, unmet: 1, unknown: 0))
    }

    @Test func registeringTheNeedInTheAssemblingModuleMeetsIt() {
        let app = """
            let app = Container {
                DependencyGroup.featureAutoregistered
                Dependency { () -> any Clock in SystemClock() }
            }
            """
        let result = check([("App", app), ("Feature", Self.feature)], role: .assembling)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tally.met == 1)
    }

    @Test func aLibraryOnlyRemarksOnWhatItDoesNotRegister() {
        let result = check([("Feature", Self.feature)], role: .library)
        #expect(
            rendered(result) == [
                "Feature.swift:5:17: remark: no registration in Feature provides 'any Clock', needed by "
                    + "'Editor.init(clock:)': the target that assembles Feature must register it"
            ])
        #expect(!result.hasErrors)
    }

    @Test func aTypeNothingListsOnlyGetsARemarkEvenInAnAssemblingTarget() {
        let result = check([("App", "let app = Container()"), ("Feature", Self.feature)], role: .assembling)
        #expect(result.diagnostics.map(\.severity) == [.remark])
        #expect(!result.hasErrors)
    }

    @Test func unknownNeedsAreCountedAndNeverReported() {
        let app = "let app = Container { Editor.dependencyRegistration\nDependency { SystemClock() } }"
        let result = check([("App", app), ("Feature", Self.feature)], role: .assembling)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tally.unknown == 1)
        #expect(result.tally.checked == 0)
    }

    static let cycle = """
        @Registerable(parameters: .injected)
        final class Accounts: Sendable { init(sessions: Sessions) {} }
        @Registerable(parameters: .injected)
        final class Sessions: Sendable { init(accounts: Accounts) {} }
        let app = Container { Accounts.dependencyRegistration\nSessions.dependencyRegistration }
        """

    @Test func aTwoTypeCycleIsAnErrorNamingBothWithANoteAtTheOtherNeed() {
        let result = check([("App", Self.cycle)], role: .assembling)
        #expect(
            rendered(result) == [
                "App.swift:2:39: error: dependency cycle Type[Accounts] → Type[Sessions] → Type[Accounts]: "
                    + "'Accounts.init(sessions:)' needs 'Sessions', 'Sessions.init(accounts:)' needs 'Accounts'. "
                    + "Break it with a lazily resolved @Injected property or a factory parameter",
                "App.swift:4:39: note: 'Sessions.init(accounts:)' needs 'Accounts' here, closing the cycle "
                    + "Type[Accounts] → Type[Sessions] → Type[Accounts]",
            ])
    }

    @Test func aCycleIsAWarningInALibraryAndNothingThroughALazyPropertyOrAnOptional() {
        #expect(check([("App", Self.cycle)], role: .library).diagnostics.map(\.severity) == [.warning, .note])
        let lazy = Self.cycle.replacing(
            "final class Sessions: Sendable { init(accounts: Accounts) {} }",
            with: "final class Sessions: @unchecked Sendable { @Injected var accounts: Accounts }")
        #expect(check([("App", lazy)], role: .assembling).diagnostics.isEmpty)
        let optional = Self.cycle.replacing("init(accounts: Accounts)", with: "init(accounts: Accounts?)")
        #expect(check([("App", optional)], role: .assembling).diagnostics.isEmpty)
    }

    @Test func aCycleThroughATypeAnOpaqueRegistrationMayAlsoProvideIsOnlyARemark() {
        let result = check(
            [("App", Self.cycle + "\nlet other = Container { Dependency { make() } }")], role: .assembling)
        #expect(result.diagnostics.map(\.severity) == [.remark, .note])
    }

    static let captive = """
        @Registerable(scope: .scoped)
        final class RequestContext: Sendable {}
        @Registerable(scope: .singleton, parameters: .injected)
        final class Cache: Sendable { init(context: RequestContext) {} }
        let app = Container { Cache.dependencyRegistration\nRequestContext.dependencyRegistration }
        """

    @Test func aSingletonHoldingAScopedClassIsACaptiveDependencyWarning() {
        let result = check([("App", Self.captive)], role: .assembling)
        #expect(
            rendered(result) == [
                "App.swift:4:36: warning: captive dependency: 'Cache' (singleton) holds Type[RequestContext] (scoped), "
                    + "needed by 'Cache.init(context:)'. The scoped dependency now lives as long as its singleton "
                    + "holder; make it singleton, or resolve it when needed instead of holding it"
            ])
        #expect(!result.hasErrors)
    }

    @Test func valueTypesLongLivedDependenciesAndRescopedListingsAreNotCaptive() {
        let value = Self.captive.replacing(
            "final class RequestContext: Sendable {}", with: "struct RequestContext: Sendable {}")
        #expect(check([("App", value)], role: .assembling).diagnostics.isEmpty)
        let singleton = Self.captive.replacing("scope: .scoped", with: "scope: .singleton")
        #expect(check([("App", singleton)], role: .assembling).diagnostics.isEmpty)
        let rescoped = Self.captive.replacing(
            "RequestContext.dependencyRegistration", with: "RequestContext.dependencyRegistration.scope(.singleton)")
        #expect(check([("App", rescoped)], role: .assembling).diagnostics.isEmpty)
    }
}
