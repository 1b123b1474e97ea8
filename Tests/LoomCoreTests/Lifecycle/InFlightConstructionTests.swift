import Foundation
import LoomCore
import LoomTestSupport
import Testing

/// An instance still being built when its cache goes away is released once, as soon as it is built.
///
/// Whether the registration was replaced, cleaned up, re-evaluated away or deactivated, or its instances reset or shut
/// down, the instance is never cached where nothing reaches it: its release hook runs exactly once. The caller that built it still gets it, as if it had been built a moment before its
/// cache went away (and released by that); the next resolution builds anew.
///
/// Each test holds the factory inside its construction with a latch, changes the registration, then lets the factory
/// finish: the overlap is certain, not likely.
@Suite struct InFlightConstructionTests {
    final class Connection: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    /// A registration whose `async` factory announces that it is running and then waits to be let go; each instance
    /// records its release.
    struct HeldFactory {
        let inside = Latch()
        let finish = Latch()
        let builds = Counter()
        let released = Collected<Int>()

        func register(in container: Container, scope: DependencyScope = .singleton, firstID: Int = 1) {
            container.register(scope: scope) { [inside, finish, builds] () async -> Connection in
                let build = builds.increment()
                if build == 1 {
                    inside.open()
                    await finish.wait()
                }
                return Connection(id: firstID + build - 1)
            } onRelease: { [released] in
                released.append($0.id)
            }
        }
    }

    @Test func anInstanceBuiltWhileItsRegistrationIsReplacedIsReleasedAndTheNextResolveGetsTheNewOne() async throws {
        let container = quietContainer()
        let held = HeldFactory()
        held.register(in: container)
        let load = Task { try await container.load(Connection.self) }
        await held.inside.wait()
        container.register(scope: .singleton) { Connection(id: 100) }
        held.finish.open()
        let loaded = try await load.value
        #expect(loaded.id == 1)
        #expect(held.released.all == [1])
        #expect(try container.resolve(Connection.self).id == 100)
        try await container.shutdown()
        #expect(held.released.all == [1])
    }

    @Test func anInstanceBuiltWhileItsContainerIsCleanedUpIsReleased() async throws {
        let container = quietContainer()
        let held = HeldFactory()
        held.register(in: container)
        let load = Task { try await container.load(Connection.self) }
        await held.inside.wait()
        container.cleanup()
        held.finish.open()
        #expect(try await load.value.id == 1)
        #expect(held.released.all == [1])
        #expect(throws: InjectionError.self) { try container.resolve(Connection.self) }
    }

    @Test func anInstanceBuiltWhileItsCachedInstancesAreResetIsReleasedAndNotCached() async throws {
        let container = quietContainer()
        let held = HeldFactory()
        held.register(in: container)
        let load = Task { try await container.load(Connection.self) }
        await held.inside.wait()
        container.resetCachedInstances()
        held.finish.open()
        // The build that began before the reset is not what the cache holds after it.
        #expect(try await load.value.id == 1)
        #expect(held.released.all == [1])
        let next = try await container.load(Connection.self)
        #expect(next.id == 2)
        #expect(try container.resolve(Connection.self) === next)
        try await container.shutdown()
        #expect(held.released.all == [1, 2])
    }

    @Test func anInstanceBuiltWhileTheContainerShutsDownIsReleasedOnce() async throws {
        let container = quietContainer()
        let held = HeldFactory()
        held.register(in: container)
        let load = Task { try await container.load(Connection.self) }
        await held.inside.wait()
        try await container.shutdown()
        held.finish.open()
        #expect(try await load.value.id == 1)
        #expect(held.released.all == [1])
        try await container.shutdown()
        #expect(held.released.all == [1])
    }

    @Test func anInstanceBuiltWhileTheBuilderReevaluatesItsRegistrationAwayIsReleased() async throws {
        let held = HeldFactory()
        let isRegistered = Flag(true)
        let container = Container(logger: DisabledLogger()) {
            if isRegistered.value {
                Dependency { [inside = held.inside, finish = held.finish] () async -> Connection in
                    inside.open()
                    await finish.wait()
                    return Connection(id: 1)
                }
                .scope(.singleton)
                .onRelease { [released = held.released] in released.append($0.id) }
            }
        }
        let load = Task { try await container.load(Connection.self) }
        await held.inside.wait()
        isRegistered.value = false
        container.invalidate()
        held.finish.open()
        #expect(try await load.value.id == 1)
        #expect(held.released.all == [1])
        #expect(throws: InjectionError.self) { try container.resolve(Connection.self) }
    }

    @Test func anInstanceBuiltWhileItsContainerIsDeactivatedIsReleased() async throws {
        final class GraphConnection: Sendable {}
        let inside = Latch()
        let finish = Latch()
        let released = Counter()
        let container = Container(name: "in-flight-deactivation", logger: DisabledLogger()) {
            Dependency { () async -> GraphConnection in
                inside.open()
                await finish.wait()
                return GraphConnection()
            }
            .scope(.singleton)
            .onRelease { _ in released.increment() }
        }
        await DependencyGraph.activate(container)
        let load = Task { try await DependencyGraph.load(GraphConnection.self) }
        await inside.wait()
        DependencyGraph.deactivate(container)
        finish.open()
        _ = try await load.value
        #expect(released.value == 1)
        #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: GraphConnection.self) }
    }

    /// An argument tuple's instance being built while the cache is reset is released, and the next request for the
    /// same arguments finds one instance, not two.
    @Test func anArgumentTuplesInstanceBuiltDuringAResetIsReleasedAndTheNextOneIsKept() async throws {
        let container = quietContainer()
        let inside = Latch()
        let finish = Latch()
        let builds = Counter()
        let released = Collected<Int>()
        container.add {
            Dependency { (key: Int) async -> Connection in
                let build = builds.increment()
                if build == 1 {
                    inside.open()
                    await finish.wait()
                }
                return Connection(id: build)
            }
            .scope(.singleton)
            .onRelease { released.append($0.id) }
        }
        let load = Task { try await container.load(byType: Connection.self, 7) }
        await inside.wait()
        container.resetCachedInstances()
        finish.open()
        #expect(try await load.value.id == 1)
        #expect(released.all == [1])
        // The tuple's slot was dropped with the reset: the next request builds one instance, kept and released once.
        let again = try await container.load(byType: Connection.self, 7)
        #expect(try await container.load(byType: Connection.self, 7) === again)
        #expect(builds.value == 2)
        try await container.shutdown()
        #expect(released.all == [1, 2])
    }

    /// The same rule for a synchronous factory running on another thread.
    @Test func aSynchronousInstanceBuiltWhileItsRegistrationIsReplacedIsReleased() async throws {
        let container = quietContainer()
        let inside = Latch()
        let finish = Latch()
        let released = Collected<Int>()
        container.register(scope: .singleton) {
            inside.open()
            finish.waitBlocking()
            return Connection(id: 1)
        } onRelease: {
            released.append($0.id)
        }
        let resolved = Collected<Int>()
        let thread = Thread {
            if let connection = try? container.resolve(Connection.self) { resolved.append(connection.id) }
        }
        thread.start()
        await inside.wait()
        container.register(scope: .singleton) { Connection(id: 2) }
        finish.open()
        #expect(await eventually { resolved.all == [1] })
        #expect(released.all == [1])
        #expect(try container.resolve(Connection.self).id == 2)
    }
}

/// A thread-safe boolean a builder can read.
final class Flag: Sendable {
    private let state: Collected<Bool>

    init(_ value: Bool) {
        state = Collected()
        state.append(value)
    }

    var value: Bool {
        get { state.all.last ?? false }
        set { state.append(newValue) }
    }
}
