import Foundation
import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

/// `async` factories and `load`: built once however many tasks await them, cancellation that never strands the
/// others, failures that cache nothing, cycles reported with their chain, and a synchronous `resolve` that says why it
/// cannot answer instead of blocking.
@Suite struct AsyncLoadTests {
    final class Connection: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }
    final class Session: Sendable {
        let connection: Connection
        init(_ connection: Connection) { self.connection = connection }
    }
    final class Ping: Sendable { init() {} }
    final class Pong: Sendable { init() {} }
    struct Flaky: Error {}

    // MARK: Built once

    @Test func aThousandConcurrentColdLoadsBuildTheSingletonOnce() async throws {
        let container = quietContainer()
        let builds = Counter()
        let inside = Latch()
        let finish = Latch()
        container.register(scope: .singleton) { () async throws -> Connection in
            let id = builds.increment()
            // Held mid-construction until every other loader is waiting for it.
            inside.open()
            await finish.wait()
            return Connection(id: id)
        }
        let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1000 {
                group.addTask { ObjectIdentifier(try await container.load(Connection.self)) }
            }
            await inside.wait()
            #expect(await eventually { waitingCount(for: Connection.self, in: container) == 999 })
            finish.open()
            var ids: Set<ObjectIdentifier> = []
            for try await id in group { ids.insert(id) }
            return ids
        }
        #expect(builds.value == 1)
        #expect(ids.count == 1)
    }

    @Test func aSettledAsyncSingletonAlsoResolvesSynchronously() async throws {
        let container = quietContainer()
        container.register(scope: .singleton) { () async -> Connection in Connection(id: 1) }
        let loaded: Connection = try await container.load()
        // A synchronous `resolve` inside an async function still compiles and answers from the cache.
        let resolved: Connection = try container.resolve()
        #expect(resolved === loaded)
    }

    @Test func aSynchronousResolveOfAnUnsettledAsyncFactoryThrowsInsteadOfBlocking() async throws {
        let container = quietContainer()
        let builds = Counter()
        container.register(scope: .singleton) { () async -> Connection in
            Connection(id: builds.increment())
        }
        let error = #expect(throws: InjectionError.self) { try container.resolve(Connection.self) }
        guard case .asynchronousDependency(let context) = error else {
            Issue.record("expected asynchronousDependency, got \(String(describing: error))")
            return
        }
        #expect(context.requestedType.contains("Connection"))
        #expect(error?.recoverySuggestion?.contains("load()") == true)
        #expect(builds.value == 0)
        // Nothing was half-built: the load still builds it once.
        #expect(try await container.load(Connection.self).id == 1)
        #expect(builds.value == 1)
    }

    @Test func anInstanceScopedAsyncFactoryBuildsOnEveryLoad() async throws {
        let container = quietContainer()
        let builds = Counter()
        container.register { () async -> Connection in Connection(id: builds.increment()) }
        let first = try await container.load(Connection.self)
        let second = try await container.load(Connection.self)
        #expect(first !== second)
        #expect(builds.value == 2)
        #expect(throws: InjectionError.self) { try container.resolve(Connection.self) }
    }

    @Test func anAsyncFactoryWithArgumentsCachesOneInstancePerArgument() async throws {
        let container = quietContainer()
        let builds = Counter()
        container.register(scope: .singleton) { (id: Int) async -> Connection in
            builds.increment()
            return Connection(id: id)
        }
        let one = try await container.load(byType: Connection.self, 1)
        let again = try await container.load(byType: Connection.self, 1)
        let two = try await container.load(byType: Connection.self, 2)
        #expect(one === again)
        #expect(two.id == 2)
        #expect(builds.value == 2)
    }

    @Test func loadAnswersSynchronousRegistrationsToo() async throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Connection(id: 7) }
        let loaded: Connection = try await container.load()
        #expect(loaded === (try container.resolve(Connection.self)))
        let missing: Pong? = try await container.load()
        #expect(missing == nil)
    }

    @Test func anAsyncFactoryLoadsItsOwnDependencies() async throws {
        let container = quietContainer()
        container.register(scope: .singleton) { () async -> Connection in Connection(id: 3) }
        container.register { () async throws -> Session in Session(try await container.load()) }
        let session: Session = try await container.load()
        #expect(session.connection === (try await container.load(Connection.self)))
    }

    /// Child tasks of one factory that need the same dependency wait for each other; neither mistakes the other's
    /// construction for a cycle.
    @Test func siblingChildTasksOfOneFactoryShareOneConstruction() async throws {
        let container = quietContainer()
        let builds = Counter()
        let inside = Latch()
        let finish = Latch()
        container.register(scope: .singleton) { () async throws -> Connection in
            let id = builds.increment()
            inside.open()
            await finish.wait()
            return Connection(id: id)
        }
        container.register(scope: .singleton) { () async throws -> Session in
            async let first = container.load(Connection.self)
            async let second = container.load(Connection.self)
            let (a, b) = try await (first, second)
            #expect(a === b)
            return Session(a)
        }
        let loading = Task { try await container.load(Session.self) }
        // One child builds the connection while the other waits for it.
        await inside.wait()
        #expect(await eventually { waitingCount(for: Connection.self, in: container) == 1 })
        finish.open()
        let session = try await loading.value
        #expect(session.connection.id == 1)
        #expect(builds.value == 1)
    }

    // MARK: Failures and cancellation

    @Test func aThrowingFactoryCachesNothingAndTheNextLoadRetries() async throws {
        let container = quietContainer()
        let builds = Counter()
        container.register(scope: .singleton) { () async throws -> Connection in
            let build = builds.increment()
            if build == 1 { throw Flaky() }
            return Connection(id: build)
        }
        let error = await #expect(throws: InjectionError.self) { try await container.load(Connection.self) }
        guard case .factoryFailed(_, let underlying) = error else {
            Issue.record("expected factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is Flaky)
        #expect(throws: InjectionError.self) { try container.resolve(Connection.self) }
        let connection = try await container.load(Connection.self)
        #expect(connection.id == 2)
        #expect(try await container.load(Connection.self) === connection)
    }

    /// The task building a singleton is cancelled while others wait for it: its factory gives up, and one of the
    /// waiters builds it for everyone — nobody waits forever, nobody gets the first task's cancellation.
    @Test func cancellingTheBuildingTaskLetsAWaiterBuildForTheOthers() async throws {
        let container = quietContainer()
        let builds = Counter()
        container.register(scope: .singleton) { () async throws -> Connection in
            let build = builds.increment()
            if build == 1 {
                // The first build waits until it is cancelled.
                try await Task.sleep(for: .seconds(600))
            }
            return Connection(id: build)
        }
        let first = Task { try await container.load(Connection.self) }
        #expect(await eventually { builds.value == 1 })
        let waiters = (0..<8).map { _ in Task { try await container.load(Connection.self) } }
        // The waiters reach the construction before the builder gives up.
        #expect(await eventually { waitingCount(for: Connection.self, in: container) == 8 })
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        var seen: Set<ObjectIdentifier> = []
        for waiter in waiters { seen.insert(ObjectIdentifier(try await waiter.value)) }
        #expect(seen.count == 1)
        #expect(builds.value == 2)
        #expect(try await container.load(Connection.self).id == 2)
    }

    /// A waiter that is cancelled stops waiting at once; the construction goes on for the others.
    @Test func aCancelledWaiterStopsWaitingAndTheConstructionGoesOn() async throws {
        let container = quietContainer()
        let inside = Latch()
        let finish = Latch()
        container.register(scope: .singleton) { () async throws -> Connection in
            inside.open()
            await finish.wait()
            return Connection(id: 1)
        }
        let builder = Task { try await container.load(Connection.self) }
        await inside.wait()
        let waiter = Task { try await container.load(Connection.self) }
        #expect(await eventually { waitingCount(for: Connection.self, in: container) == 1 })
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        finish.open()
        #expect(try await builder.value.id == 1)
    }

    // MARK: Cycles

    @Test func aCycleThroughTwoAsyncFactoriesIsReportedWithBothTypes() async throws {
        let container = quietContainer()
        container.register(scope: .singleton) { () async throws -> Ping in
            _ = try await container.load(Pong.self)
            return Ping()
        }
        container.register(scope: .singleton) { () async throws -> Pong in
            _ = try await container.load(Ping.self)
            return Pong()
        }
        let error = await #expect(throws: InjectionError.self) { try await container.load(Ping.self) }
        guard case .cyclicDependencyReference(let cycle) = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(cycle.description.contains("Ping"))
        #expect(cycle.description.contains("Pong"))
        // Nothing stays claimed: breaking the cycle makes both loadable.
        container.register(scope: .singleton) { () async -> Pong in Pong() }
        #expect(try await container.load(Ping.self) === (try await container.load(Ping.self)))
    }

    /// An `async` factory runs in its request scope: a `.scoped` registration it loads is the scope's own instance,
    /// the one the scope hands out afterwards, and another scope builds its own pair.
    @Test func anAsyncScopedFactoryLoadsTheScopedInstancesOfItsScope() async throws {
        let container = quietContainer()
        let seen = Collected<Pong>()
        container.register(scope: .scoped) { () async -> Pong in Pong() }
        container.register(scope: .scoped) { () async throws -> Ping in
            seen.append(try await container.load(Pong.self))
            return Ping()
        }
        let (ping, pong, again) = try await container.withScope { scope in
            (try await scope.load(Ping.self), try await scope.load(Pong.self), try await container.load(Ping.self))
        }
        #expect(ping === again)
        #expect(seen.all.count == 1 && seen.all.first === pong)
        let otherPong = try await container.withScope { scope in
            _ = try await scope.load(Ping.self)
            return try await scope.load(Pong.self)
        }
        #expect(seen.all.count == 2 && seen.all.last === otherPong && otherPong !== pong)
    }

    @Test func aSynchronousResolveInsideAnAsyncFactoryStillSeesTheCycle() async throws {
        let container = quietContainer()
        container.register(scope: .singleton) { () async throws -> Ping in
            _ = try container.resolve(Pong.self)
            return Ping()
        }
        container.register(scope: .singleton) { () throws -> Pong in
            _ = try container.resolve(Ping.self)
            return Pong()
        }
        let error = await #expect(throws: InjectionError.self) { try await container.load(Ping.self) }
        // Pong's synchronous resolve of Ping reaches a registration that is still being built asynchronously: either
        // reported as a cycle or as an unsettled async dependency — never a deadlock, never a second Ping.
        switch error {
        case .cyclicDependencyReference?, .asynchronousDependency?: break
        default: Issue.record("unexpected \(String(describing: error))")
        }
    }

    // MARK: The dependency graph

    @Test func theGraphLoadsAsyncDependenciesAndActivatesEagerOnesConcurrently() async throws {
        let builds = Counter()
        let container = Container(name: "async-graph", logger: DisabledLogger()) {
            Dependency { () async throws -> Connection in
                try await Task.sleep(for: .milliseconds(5))
                return Connection(id: builds.increment())
            }.scope(.singleton).eagerness(.eager)
            Dependency { () async throws -> Session in Session(try await DependencyGraph.load()) }
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(builds.value == 1)
        let session: Session = try await DependencyGraph.load()
        #expect(session.connection.id == 1)
        let resolved: Connection = try DependencyGraph.inject()
        #expect(resolved === session.connection)
    }
}

/// Failures are single flight too: the callers that waited for a build get that build's error instead of each
/// running the factory again in turn; later callers retry, and a cancellation is never handed to the others.
@Suite struct SingleFlightFailureTests {
    final class Connection: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }
    struct Refused: Error {}

    @Test func loadersWaitingForAFailedBuildGetItsErrorAndOnlyLaterLoadsRetry() async throws {
        let container = quietContainer()
        let inside = Latch()
        let finish = Latch()
        let builds = Counter()
        container.register(scope: .singleton) { () async throws -> Connection in
            let build = builds.increment()
            if build == 1 {
                inside.open()
                await finish.wait()
                throw Refused()
            }
            return Connection(id: build)
        }
        let first = Task { try await container.load(Connection.self) }
        await inside.wait()
        let waiters = (0..<19).map { _ in Task { try await container.load(Connection.self) } }
        #expect(await eventually { waitingCount(for: Connection.self, in: container) == 19 })
        finish.open()
        for task in [first] + waiters {
            let error = await #expect(throws: InjectionError.self) { try await task.value }
            guard case .factoryFailed(_, let underlying) = error else {
                Issue.record("expected factoryFailed, got \(String(describing: error))")
                continue
            }
            #expect(underlying is Refused)
        }
        #expect(builds.value == 1)
        // The error was not cached: the next load builds again.
        #expect(try await container.load(Connection.self).id == 2)
    }

    @Test func threadsWaitingForAFailedSynchronousBuildGetItsError() async throws {
        let container = quietContainer()
        let inside = Latch()
        let finish = Latch()
        let builds = Counter()
        container.register(scope: .singleton) { () throws -> Connection in
            let build = builds.increment()
            if build == 1 {
                inside.open()
                finish.waitBlocking()
                throw Refused()
            }
            return Connection(id: build)
        }
        let outcomes = Collected<String>()
        let builder = Thread {
            outcomes.append((try? container.resolve(Connection.self)).map { "built \($0.id)" } ?? "failed")
        }
        builder.start()
        await inside.wait()
        for _ in 0..<4 {
            Thread {
                outcomes.append((try? container.resolve(Connection.self)).map { "built \($0.id)" } ?? "failed")
            }
            .start()
        }
        #expect(await eventually { waitingCount(for: Connection.self, in: container) == 4 })
        finish.open()
        #expect(await eventually { outcomes.all.count == 5 })
        #expect(outcomes.all == Array(repeating: "failed", count: 5))
        #expect(builds.value == 1)
    }

    /// The first loader is cancelled while others wait: its `CancellationError` is its own; a waiter builds instead.
    @Test func aCancelledBuildersCancellationIsNotHandedToTheWaiters() async throws {
        let container = quietContainer()
        let inside = Latch()
        let builds = Counter()
        container.register(scope: .singleton) { () async throws -> Connection in
            let build = builds.increment()
            if build == 1 {
                inside.open()
                try await Task.sleep(for: .seconds(600))
            }
            return Connection(id: build)
        }
        let first = Task { try await container.load(Connection.self) }
        await inside.wait()
        let waiters = (0..<5).map { _ in Task { try await container.load(Connection.self) } }
        #expect(await eventually { waitingCount(for: Connection.self, in: container) == 5 })
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        for waiter in waiters { #expect(try await waiter.value.id == 2) }
        #expect(builds.value == 2)
    }
}
