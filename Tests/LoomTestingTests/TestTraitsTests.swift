import Loom
import LoomTesting
import Testing

// The Swift Testing traits, on a suite and on its tests; they compose, and a test's scope nests in its suite's.

@Suite(
    .dependencies { container in
        container.register { () -> any Greeter in IndexedGreeter(index: 100) }
        container.register(scope: .singleton) { Session(index: 100) }
    })
struct TestTraitsTests {
    @Test func theSuiteTraitAppliesToEveryTest() throws {
        #expect(try DependencyGraph.inject(byType: (any Greeter).self).index == 100)
    }

    @Test(.dependencies { $0.register { () -> any Greeter in IndexedGreeter(index: 200) } })
    func aTestTraitNestsInsideTheSuiteTrait() throws {
        #expect(try liveContainer.resolve((any Greeter).self).index == 200)
        #expect(try liveContainer.resolve(Session.self).index == 100)
    }

    @Test(.conf(\.greeting, "bonjour"), .conf(TestIndexKey.self, 3))
    func confTraitsOverrideKeys() {
        #expect(Conf[\.greeting] == "bonjour")
        #expect(Conf[\.testIndex] == 3)
    }

    @Test(.dependencies { _ in InjectedValues[\.indexProvider] = IndexProvider(index: 42) })
    func rootValuesSetByATraitBelongToTheTest() {
        #expect(InjectedValues[\.indexProvider].index == 42)
    }

    @Test func cachedInstancesBelongToTheTestsScope() throws {
        let session = try DependencyGraph.inject(byType: Session.self)
        #expect(try DependencyGraph.inject(byType: Session.self) === session)
        // A nested isolated scope starts with empty caches again.
        try withTestDependencies { _ in
        } operation: { () throws in
            #expect(try DependencyGraph.inject(byType: Session.self) !== session)
        }
    }
}

/// A live container with a factory per run mode, for the `.runMode` trait's tests.
private let modalContainer = Container(name: "testing-modes") {
    Dependency { () -> any Greeter in IndexedGreeter(index: 0) }
        .test { IndexedGreeter(index: 1) }
        .preview { IndexedGreeter(index: 2) }
}

// Swift Testing runs these in parallel: each test resolves in its own mode, whatever the others run in at the time.
@Suite(.runMode(.preview)) struct RunModeTraitTests {
    @Test func theSuiteTraitSetsTheModeOfEveryTest() throws {
        #expect(RunMode.current == .preview)
        #expect(try modalContainer.resolve((any Greeter).self).index == 2)
    }

    @Test(.runMode(.live)) func aTestsTraitNestsInsideTheSuites() throws {
        #expect(RunMode.current == .live)
        #expect(try modalContainer.resolve((any Greeter).self).index == 0)
    }

    @Test(.runMode(.test)) func theTestModeResolvesTheTestFactory() async throws {
        #expect(try await Task { try modalContainer.resolve((any Greeter).self).index }.value == 1)
    }
}
