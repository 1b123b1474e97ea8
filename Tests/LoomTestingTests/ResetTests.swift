import Loom
import LoomTesting
import Testing

// Reset APIs drop cached instances and keep registrations
// (Documentation/Design/seed-behaviours.md#reset-cached-instances).

private final class Cached: Sendable {}
private final class Other: Sendable {}

@Suite struct ResetTests {
    @Test func resettingEverythingKeepsRegistrations() throws {
        let container = Container(name: "reset-all")
        container.register(scope: .singleton) { Cached() }
        container.register(scope: .singleton) { Other() }
        let first: Cached = try container.resolve()
        let other: Other = try container.resolve()
        container.resetCachedInstances()
        #expect(try container.resolve(Cached.self) !== first)
        #expect(try container.resolve(Other.self) !== other)
        #expect(container.registrationCount == 2)
    }

    @Test func resettingOneRegistration() throws {
        let container = Container(name: "reset-one")
        container.register(scope: .singleton) { Cached() }
        container.register(scope: .singleton) { Other() }
        let first: Cached = try container.resolve()
        let other: Other = try container.resolve()
        #expect(container.resetCachedInstance(of: Cached.self))
        #expect(!container.resetCachedInstance(of: Cached.self, alternative: "missing"))
        #expect(try container.resolve(Cached.self) !== first)
        #expect(try container.resolve(Other.self) === other)
    }

    @Test func resettingOneScope() throws {
        let container = Container(name: "reset-scope")
        container.register(scope: .singleton) { Cached() }
        let session = ManagedScope()
        container.register(scope: .managed(session)) { Other() }
        let first: Cached = try container.resolve()
        let other: Other = try container.resolve()
        container.resetCachedInstances(scope: .singleton)
        #expect(try container.resolve(Cached.self) !== first)
        #expect(try container.resolve(Other.self) === other)
        container.resetCachedInstances(scope: .managed(ManagedScope()))
        #expect(try container.resolve(Other.self) === other)
        container.resetCachedInstances(scope: .managed(session))
        #expect(try container.resolve(Other.self) !== other)
    }

    @Test func resettingInsideATestScopeTouchesOnlyItsInstances() throws {
        let container = Container(name: "reset-scoped")
        container.register(scope: .singleton) { Cached() }
        let live: Cached = try container.resolve()
        try withTestDependencies { _ in
        } operation: { () throws in
            let inside: Cached = try container.resolve()
            container.resetCachedInstances()
            #expect(try container.resolve(Cached.self) !== inside)
        }
        #expect(try container.resolve(Cached.self) === live)
    }

    @Test func resettingTheGraph() async {
        // Resetting the graph drops the instances of every active container, including other tests': its own process.
        await #expect(processExitsWith: .success) {
            let container = Container(name: "reset-graph")
            container.register(scope: .singleton) { Cached() }
            container.register(scope: .shared) { Other() }
            await DependencyGraph.activate(container)
            let first: Cached? = try? container.resolve()
            let other: Other? = try? container.resolve()
            DependencyGraph.resetCachedInstances(scope: .shared)
            guard first != nil, (try? container.resolve(Cached.self)) === first,
                (try? container.resolve(Other.self)) !== other
            else { fatalError("resetting .shared instances dropped the wrong ones") }
            DependencyGraph.resetCachedInstances()
            guard (try? container.resolve(Cached.self)) !== first else {
                fatalError("resetting every instance kept a singleton")
            }
        }
    }
}
