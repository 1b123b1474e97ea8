import LoomCore
import LoomInjection
import LoomLookup
import LoomTestSupport
import Testing

/// `T?`, `[T]`, `Set<T>` and their Optionals get the same answer from every verb — `resolve`, `inject`, the graph,
/// `@Injected`.
@Suite struct OptionalAndCollectionRequestTests {
    protocol Plugin: Sendable { var name: String { get } }
    struct First: Plugin, Hashable { var name: String { "first" } }
    struct Second: Plugin, Hashable { var name: String { "second" } }

    final class Described: Sendable {
        let owner: String
        init(_ owner: String) { self.owner = owner }
    }

    @Test func anOptionalPropertyInjectsAParametrizedResolversValueMadeForTheEnclosingObject() {
        let container = Container(name: "optional-enclosing", logger: DisabledLogger())
        container.register { (enclosing: Any) -> Described in Described("\(type(of: enclosing))") }
        final class Owner: @unchecked Sendable {
            // The wrapper's storage is written once, in init; the wrapper synchronises itself.
            @Injected var described: Described?
            @Injected var plain: Described
            init(_ container: Container) {
                _described = Injected(.capturingContainerOnInit(container))
                _plain = Injected(.capturingContainerOnInit(container))
            }
        }
        let owner = Owner(container)
        #expect(owner.described?.owner == "Owner")
        #expect(owner.plain.owner == "Owner")
    }

    @Test func optionalCollectionPropertiesInjectEveryMatchAndNilOnlyWhenNoneMatches() {
        let container = Container(name: "optional-collections", logger: DisabledLogger()) {
            Dependency { First() }.conforms(to: (any Plugin).self)
            Dependency { Second() }.conforms(to: (any Plugin).self)
        }
        let empty = Container(name: "optional-collections-empty", logger: DisabledLogger())
        struct Holder {
            @Injected var array: [any Plugin]?
            @Injected var set: Set<First>?
            @Injected var none: [Described]?
            init(_ container: Container) {
                _array = Injected(.capturingContainerOnInit(container))
                _set = Injected(.capturingContainerOnInit(container))
                _none = Injected(.capturingContainerOnInit(container))
            }
        }
        let holder = Holder(container)
        #expect(holder.array?.map(\.name).sorted() == ["first", "second"])
        #expect(holder.set == [First()])
        #expect(holder.none == nil)
        #expect(Holder(empty).array == nil)
    }

    @Test func theGraphInjectsOptionalCollectionsAndSetsOfEveryMatch() throws {
        struct GraphFirst: Plugin, Hashable { var name: String { "graph-first" } }
        struct GraphSecond: Plugin, Hashable { var name: String { "graph-second" } }
        protocol Unregistered: Sendable {}
        let container = Container(name: "optional-collections-graph", logger: DisabledLogger()) {
            Dependency { GraphFirst() }
            Dependency { GraphSecond() }.conforms(to: (any Plugin).self)
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let all: [GraphFirst]? = try DependencyGraph.inject()
        #expect(all == [GraphFirst()])
        let set: Set<GraphSecond>? = try DependencyGraph.inject()
        #expect(set == [GraphSecond()])
        let none: [any Unregistered]? = try DependencyGraph.inject()
        #expect(none == nil)
    }

    @Test func everyVerbGivesTheSameAnswerForOptionalAndCollectionRequests() throws {
        let container = Container(name: "optional-verbs", logger: DisabledLogger()) {
            Dependency { First() }.conforms(to: (any Plugin).self)
            Dependency { Second() }.conforms(to: (any Plugin).self)
        }
        // `Double?` with nothing registered: nil from every verb.
        let resolved: Double? = try container.resolve()
        let injected: Double? = try container.inject()
        struct MissingHolder {
            @Injected var value: Double?
            init(_ container: Container) { _value = Injected(.capturingContainerOnInit(container)) }
        }
        #expect(resolved == nil && injected == nil && MissingHolder(container).value == nil)
        // `[any Plugin]` and `[any Plugin]?` with two matches: both, from every verb.
        let resolvedAll: [any Plugin] = try container.resolve()
        let injectedAll: [any Plugin] = try container.inject()
        let resolvedOptional: [any Plugin]? = try container.resolve()
        let injectedOptional: [any Plugin]? = try container.inject()
        struct AllHolder {
            @Injected var all: [any Plugin]
            init(_ container: Container) { _all = Injected(.capturingContainerOnInit(container)) }
        }
        let answers = [
            resolvedAll, injectedAll, resolvedOptional ?? [], injectedOptional ?? [], AllHolder(container).all,
        ]
        .map { $0.map(\.name).sorted() }
        #expect(answers.allSatisfy { $0 == ["first", "second"] })
    }

    @Test func optionalAndCollectionRequestsStillThrowForAMismatchOrACycle() {
        final class Looping: Sendable {}
        let container = Container(name: "optional-failures", logger: DisabledLogger())
        container.register { () -> Looping in
            _ = try container.resolve(Looping?.self)
            return Looping()
        }
        container.add { Dependency(named: "optional-mismatch") { 1 } }
        func failure(_ body: () throws -> Any) -> String {
            switch Result(catching: body) {
            case .success: "no error"
            case .failure(InjectionError.cyclicDependencyReference): "cycle"
            case .failure(InjectionError.mismatchedDependencyType): "mismatch"
            case .failure(let error): "\(error)"
            }
        }
        #expect(failure { try container.resolve(Looping?.self) as Any } == "cycle")
        #expect(failure { try container.inject() as [Looping] } == "cycle")
        #expect(failure { try container.inject(byName: "optional-mismatch") as String? as Any } == "mismatch")
        #expect(failure { try container.inject(byName: "optional-mismatch") as [String] } == "mismatch")
    }
}
