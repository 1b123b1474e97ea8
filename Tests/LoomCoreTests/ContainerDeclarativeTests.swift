import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

#if canImport(Observation)
    import Observation
#endif

@Suite struct ContainerDeclarativeTests {
    final class Store: Sendable {}
    final class Session: Sendable {}
    final class Logout: Sendable {}
    final class SearchIndex: Sendable {}

    final class Flag: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = LoomLock(false)
        var isOn: Bool {
            get { lock.withLock { $0 } }
            set { lock.withLock { $0 = newValue } }
        }
    }

    @Test func addRegistersDeclarativeDependenciesInAnExistingContainer() throws {
        let container = quietContainer()
        container.register { Store() }
        container.add {
            Dependency(named: "index") { SearchIndex() }.scope(.singleton)
            Session()
        }
        #expect(container.registrationCount == 3)
        let index: SearchIndex = try container.inject(byName: "index")
        #expect(try container.inject(byName: "index") as SearchIndex === index)
    }

    /// A builder's first evaluation fills the empty registry directly, later ones go through the general transaction
    /// that diffs against the previous evaluation: both must give the same registrations, the later declaration of a
    /// key winning and a type replacing an explicit registration of its `Optional` made before it.
    @Test func theFirstEvaluationRegistersExactlyWhatReEvaluationDoes() throws {
        struct Version: Sendable, Equatable { let number: Int }
        let container = quietContainer {
            Dependency { Version(number: 1) }
            Dependency { Version(number: 2) }
            Dependency { () -> Int? in 7 }
            Dependency { 3 }
            Dependency { "early" }
            Dependency { () -> String? in "late" }
            Dependency(named: "name") { Version(number: 4) }
            Dependency(named: "name") { Version(number: 5) }
            Dependency { Store() }.scope(.singleton).eagerness(.eager)
            Dependency { () -> Version? in nil }.alternative("blue")
            Dependency { Version(number: 6) }.alternative("blue")
            Dependency { (offset: Int) -> Version? in nil }
            Dependency { (offset: Int) in Version(number: 10 + offset) }
        }
        func expectTheDeclaredRegistrations() throws {
            // Version (declared twice), Int (replacing the `Int?`), String, String?, "name" (twice), Store, and the
            // blue and the parameterised Version, each replacing its `Version?` twin.
            #expect(container.registrationCount == 8)
            #expect(try container.resolve(Version?.self, alternative: "blue") == Version(number: 6))
            #expect(try container.inject(byType: Version?.self, 1) == Version(number: 11))
            #expect(try container.resolve(Version.self) == Version(number: 2))
            #expect(try container.resolve(Int.self) == 3)
            #expect(try container.resolve(Int?.self) == 3)
            #expect(try container.resolve(String.self) == "early")
            #expect(try container.resolve(String?.self) == "late")
            #expect(try container.inject(byName: "name") as Version == Version(number: 5))
            #expect(container.registry.hasEagerRegistrations)
        }
        try expectTheDeclaredRegistrations()
        let store: Store = try container.resolve()
        container.invalidate()
        try expectTheDeclaredRegistrations()
        #expect(try container.resolve(Store.self) === store)
        container.cleanup()
        #expect(container.registrationCount == 0)
        #expect(!container.registry.hasEagerRegistrations)
        container.invalidate()
        try expectTheDeclaredRegistrations()
    }

    @Test func invalidationReEvaluatesTheBuilderAndSwapsRegistrations() throws {
        let flag = Flag()
        let container = quietContainer {
            Dependency { Store() }.scope(.singleton)
            if flag.isOn { Dependency { Logout() } }
        }
        #expect(!container.isResolvable(Logout.self))
        flag.isOn = true
        container.invalidate()
        #expect(container.isResolvable(Logout.self))
        flag.isOn = false
        container.invalidate()
        #expect(!container.isResolvable(Logout.self))
    }

    @Test func reEvaluationKeepsInstancesOfUnchangedRegistrationsAndDropsRemovedOnes() throws {
        let flag = Flag()
        flag.isOn = true
        let container = quietContainer {
            Dependency { Store() }.scope(.singleton)
            if flag.isOn { Dependency { Session() }.scope(.singleton) }
        }
        let store: Store = try container.resolve()
        var session = Weak<Session>(nil)
        do { session = Weak(try container.resolve(Session.self)) }
        #expect(session.object != nil)
        flag.isOn = false
        container.invalidate()
        #expect(try container.resolve(Store.self) === store)
        #expect(session.object == nil)
    }

    @Test func invalidatedTrackingReEvaluatesOnEveryElement() async throws {
        let flag = Flag()
        let (events, trigger) = AsyncStream.makeStream(of: Int.self)
        let container = quietContainer {
            if flag.isOn { Dependency { Logout() } }
        }
        .invalidated(tracking: events)
        flag.isOn = true
        trigger.yield(1)
        #expect(await eventually { container.isResolvable(Logout.self) })
        flag.isOn = false
        trigger.yield(2)
        #expect(await eventually { !container.isResolvable(Logout.self) })
        trigger.finish()
    }

    @Test func laterImperativeRegistrationsWinOverTheBuilderAndSurviveReEvaluation() throws {
        let container = quietContainer { Dependency(named: "mode") { "builder" } }
        container.register { () -> String in "imperative" }
        container.add { Dependency(named: "mode") { "added" } }
        container.invalidate()
        #expect(try container.inject(byName: "mode") as String == "added")
    }

    @Test func mergedContainersExposeTheUnionAndShareInstances() throws {
        let storage = quietContainer("storage") { Dependency { Store() }.scope(.singleton) }
        let search = quietContainer("search") { Dependency { SearchIndex() } }
        let app = Container(merging: [storage, search])
        #expect(app.name == "merged(storage, search)")
        #expect(app.registrationCount == 2)
        #expect(try app.resolve(Store.self) === storage.resolve(Store.self))
        _ = try app.resolve(SearchIndex.self)
    }

    @Test func mergedContainersFollowTheirChildrensInvalidations() throws {
        let flag = Flag()
        let child = quietContainer("child") {
            if flag.isOn { Dependency { Session() } }
        }
        let merged = Container(merging: [child])
        #expect(!merged.isResolvable(Session.self))
        flag.isOn = true
        child.invalidate()
        #expect(merged.isResolvable(Session.self))
        child.register { Logout() }
        #expect(merged.isResolvable(Logout.self))
    }

    #if canImport(Observation)
        @Observable final class AppModel: @unchecked Sendable {
            // Mutated from the test's task only; observed by the container's builder.
            var isPrincipalPresent = false
        }

        @Test func observableStateReadByTheBuilderTriggersReEvaluation() async throws {
            let model = AppModel()
            let container = quietContainer {
                if model.isPrincipalPresent { Dependency { Session() } }
            }
            #expect(!container.isResolvable(Session.self))
            model.isPrincipalPresent = true
            #expect(await eventually { container.isResolvable(Session.self) })
        }
    #endif
}

@Suite(.serialized) struct GraphIndexingTests {
    final class Indexed: Sendable {}
    final class Scanned: Sendable {}
    protocol Marker: Sendable {}
    final class First: Marker {}
    final class Second: Marker {}

    @Test func lookupsGiveTheSameResultsWithAndWithoutIndexing() async {
        // In a child process: the indexing setting is process-wide, and other suites change it. The lookups are
        // declared outside the exit test's closure, where each declaration keeps its own line.
        await #expect(processExitsWith: .success) {
            let indexed = indexingAnswers(indexed: true)
            let scanned = indexingAnswers(indexed: false)
            #expect(indexed == scanned)
            // And they are the right answers.
            #expect(indexed[0].hasSuffix("Indexed") && indexed[1] == "1" && indexed[2] == "value")
            #expect(indexed[3] == "argument 7" && indexed[4] == "2" && indexed[5].hasPrefix("ambiguous"))
            #expect(indexed[6].hasPrefix("ambiguous") && indexed[7].hasPrefix("missing") && indexed[8] == "nil")
            #expect(indexed[9].hasPrefix("missing"))
        }
    }

    @Test func manyRegistrationsStayIndexed() throws {
        enum Key: Hashable, Sendable { case number(Int) }
        let container = quietContainer("graph-many") {
            for number in 0..<5_000 { Dependency { number }.associated(with: Key.number(number)) }
        }
        LoomConfiguration.approximateDependencyCount = 6_000
        defer { LoomConfiguration.approximateDependencyCount = 0 }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        for number in stride(from: 0, to: 5_000, by: 499) {
            #expect(try DependencyGraph.inject(byValue: Key.number(number)) as Int == number)
        }
    }
}

/// Every kind of lookup against three active containers (and a parent), each answer as text: the value or the error.
private func indexingAnswers(indexed: Bool) -> [String] {
    LoomConfiguration.isIndexingEnabled = indexed
    let parent = Container(name: "indexing-parent", logger: DisabledLogger()) {
        Dependency { GraphIndexingTests.Indexed() }.scope(.singleton)
    }
    let first = Container(name: "indexing-first", parent: parent, logger: DisabledLogger()) {
        Dependency { GraphIndexingTests.First() }.conforms(to: (any GraphIndexingTests.Marker).self)
        Dependency(named: "graph-indexing-name") { 1 }
        Dependency(for: "graph-indexing-value") { "value" }
        Dependency { (number: Int) in "argument \(number)" }
        Dependency(alternative: "graph-indexing-alternative") { GraphIndexingTests.Scanned() }
    }
    let second = Container(name: "indexing-second", logger: DisabledLogger()) {
        Dependency { GraphIndexingTests.Second() }.conforms(to: (any GraphIndexingTests.Marker).self)
        Dependency(named: "graph-indexing-twice") { 2 }
    }
    second.add { Dependency(named: "graph-indexing-twice") { 3 } }
    let third = Container(name: "indexing-third", logger: DisabledLogger()) {
        Dependency(named: "graph-indexing-twice") { 4 }
    }
    DependencyGraph.activate(first)
    DependencyGraph.activate(second)
    DependencyGraph.activate(third)
    defer { DependencyGraph.deactivateAll() }
    func answer(_ lookup: () throws -> Any) -> String {
        do {
            return "\(try lookup())"
        } catch InjectionError.missingDependency(let context, _) {
            return "missing \(context)"
        } catch InjectionError.multipleDependencies(let context, let candidates) {
            return "ambiguous \(context) \(candidates.count)"
        } catch {
            return "\(error)"
        }
    }
    return [
        answer { type(of: try DependencyGraph.inject(byType: GraphIndexingTests.Indexed.self)) },
        answer { try DependencyGraph.inject(byName: "graph-indexing-name") as Int },
        answer { try DependencyGraph.inject(byValue: "graph-indexing-value") as String },
        answer { try DependencyGraph.inject(byType: String.self, 7) },
        answer { try (DependencyGraph.inject() as [any GraphIndexingTests.Marker]).count },
        answer { try DependencyGraph.inject() as any GraphIndexingTests.Marker },
        answer { try DependencyGraph.inject(byName: "graph-indexing-twice") as Int },
        answer { try DependencyGraph.inject() as GraphIndexingTests.Scanned },
        answer { try DependencyGraph.inject() as GraphIndexingTests.Scanned? as Any },
        answer { try DependencyGraph.inject(byName: "Graph-Indexing-Name") as Int },
    ]
}
