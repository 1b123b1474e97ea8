import Logging
import Loom
import LoomServiceLifecycle
import LoomTestSupport
import ServiceLifecycle
import Testing

@Suite struct DependencyServiceGroupTests {
    let events = Collected<String>()
    let logger = Logger(label: "DependencyServiceGroupTests") { _ in SwiftLogNoOpLogHandler() }

    /// database ← index ← server, registered dependents first.
    func threeDependentServices() -> Container {
        let container = Container(name: "services")
        container.registerStep("server", events: events, needs: ["index"])
        container.registerStep("index", events: events, needs: ["database"])
        container.registerStep("database", events: events)
        return container
    }

    func waitUntilStarted(_ count: Int) async {
        let events = events
        #expect(await eventually { events.with(prefix: "start").count == count })
    }

    @Test func startsInDependencyOrderAndStopsInReverseOnAGracefulShutdown() async throws {
        let group = DependencyServiceGroup(container: threeDependentServices(), logger: logger)
        let running = Task { try await group.run() }
        await waitUntilStarted(3)

        await group.triggerGracefulShutdown()
        try await running.value

        #expect(events.with(prefix: "start") == ["start database", "start index", "start server"])
        #expect(events.with(prefix: "stop") == ["stop server", "stop index", "stop database"])
    }

    @Test func cancellingTheTaskStopsTheServicesInReverseOrder() async throws {
        let group = DependencyServiceGroup(container: threeDependentServices(), logger: logger)
        let running = Task { try await group.run() }
        await waitUntilStarted(3)

        running.cancel()
        try await running.value

        #expect(events.with(prefix: "stop") == ["stop server", "stop index", "stop database"])
    }

    @Test func aServiceThatEndsShutsTheOthersDownInReverseOrder() async throws {
        let container = threeDependentServices()
        container.register(Finisher.self, scope: .singleton) { [unowned container] in
            Finisher(after: try container.resolve(Step.self, alternative: "server"))
        }
        let group = DependencyServiceGroup(container: container, logger: logger)

        // `Finisher.run()` returns as soon as it starts, after the server: the group shuts the steps down
        // gracefully, dependents first.
        try await group.run()

        #expect(events.with(prefix: "stop") == ["stop server", "stop index", "stop database"])
    }

    @Test func aServiceThatThrowsShutsTheOthersDownInReverseOrderAndRunThrowsItsError() async throws {
        let container = threeDependentServices()
        container.register(Thrower.self, scope: .singleton) { [unowned container] in
            Thrower(after: try container.resolve(Step.self, alternative: "server"))
        }
        let group = DependencyServiceGroup(container: container, logger: logger)

        await #expect(throws: Failure.self) { try await group.run() }

        #expect(events.with(prefix: "stop") == ["stop server", "stop index", "stop database"])
        #expect(events.with(prefix: "release") == ["release server", "release index", "release database"])
    }

    @Test func aShutdownAskedForBeforeRunStartsAndStopsTheServices() async throws {
        let group = DependencyServiceGroup(container: threeDependentServices(), logger: logger)
        await group.triggerGracefulShutdown()

        try await group.run()

        #expect(events.with(prefix: "stop") == ["stop server", "stop index", "stop database"])
    }

    @Test func theContainersInstancesAreReleasedDependentsFirstOnceTheServicesHaveStopped() async throws {
        let group = DependencyServiceGroup(container: threeDependentServices(), logger: logger)
        await group.triggerGracefulShutdown()

        try await group.run()

        #expect(
            events.all == [
                "start database", "start index", "start server", "stop server", "stop index", "stop database",
                "release server", "release index", "release database",
            ])
    }

    @Test func theParentContainersInstancesAreReleasedAfterTheChilds() async throws {
        let parent = Container(name: "parent")
        parent.registerStep("database", events: events)
        let child = Container(name: "child", parent: parent)
        child.registerStep("server", events: events, needs: ["database"])
        let group = DependencyServiceGroup(container: child, logger: logger)
        await group.triggerGracefulShutdown()

        try await group.run()

        #expect(events.with(prefix: "release") == ["release server", "release database"])
    }

    @Test func aFailingReleaseHookIsReportedAfterEveryOtherHookRan() async throws {
        let container = threeDependentServices()
        container.register(Finisher.self, scope: .singleton) { [unowned container] in
            Finisher(after: try container.resolve(Step.self, alternative: "server"))
        } onRelease: { _ in
            throw Failure()
        }
        let group = DependencyServiceGroup(container: container, logger: logger)

        let error = await #expect(throws: ReleaseError.self) { try await group.run() }

        #expect(error?.failures.count == 1)
        #expect(events.with(prefix: "release") == ["release server", "release index", "release database"])
    }

    @Test func aGroupRunsOnce() async throws {
        let group = DependencyServiceGroup(container: threeDependentServices(), logger: logger)
        await group.triggerGracefulShutdown()
        try await group.run()

        await #expect(throws: ServiceGroupError.alreadyFinished()) { try await group.run() }
    }

    @Test func aServiceThatCannotBeResolvedFailsRunWithItsError() async throws {
        let container = Container(name: "services")
        container.registerStep("server", events: events, needs: ["missing"])
        let group = DependencyServiceGroup(container: container, logger: logger)

        await #expect(throws: InjectionError.self) { try await group.run() }
        #expect(events.all.isEmpty)
    }

    // The graph is process-wide, and other suites activate containers (with services) in it: run in a process of
    // its own.
    @Test func theGraphsGroupRunsTheServicesOfItsActiveContainers() async {
        await #expect(processExitsWith: .success) {
            let events = Collected<String>()
            let container = Container(name: "graph group")
            container.registerStep("server", events: events, needs: ["database"])
            container.registerStep("database", events: events)
            await DependencyGraph.activate(container)
            let group = DependencyServiceGroup.ofDependencyGraph(
                logger: Logger(label: "graph group") { _ in SwiftLogNoOpLogHandler() })
            await group.triggerGracefulShutdown()

            try await group.run()

            #expect(
                events.all == [
                    "start database", "start server", "stop server", "stop database", "release server",
                    "release database",
                ])
        }
    }
}

/// A service that ends as soon as it runs; its factory resolves `after`, so it starts after it.
final class Finisher: Service {
    let after: Step
    init(after: Step) { self.after = after }
    func run() async throws {}
}

/// A service that throws as soon as it runs; its factory resolves `after`, so it starts after it.
final class Thrower: Service {
    let after: Step
    init(after: Step) { self.after = after }
    func run() async throws { throw Failure() }
}

struct Failure: Error {}

/// A service whose `run()` throws before its first suspension, as a database that cannot connect does.
final class FailingStart: Service {
    let events: Collected<String>
    init(events: Collected<String>) { self.events = events }

    func run() async throws {
        events.append("start failing database")
        throw Failure()
    }
}

/// A service that depends on ``FailingStart`` and notes whether it was ever started.
final class DependentOfFailingStart: Service {
    let database: FailingStart
    let events: Collected<String>
    init(database: FailingStart, events: Collected<String>) {
        self.database = database
        self.events = events
    }

    func run() async throws {
        events.append("start server")
        try? await gracefulShutdown()
    }
}

/// A dependency that failed to start keeps its dependents from starting; the group reports its error.
@Suite struct FailedStartTests {
    let logger = Logger(label: "FailedStartTests") { _ in SwiftLogNoOpLogHandler() }

    @Test func aServiceWhoseDependencyFailedToStartNeverStartsAndTheGroupReportsTheError() async throws {
        let events = Collected<String>()
        let container = Container(name: "failed-start")
        container.register(DependentOfFailingStart.self, scope: .singleton) { [unowned container] in
            DependentOfFailingStart(database: try container.resolve(), events: events)
        }
        container.register(FailingStart.self, scope: .singleton) { FailingStart(events: events) }
        let group = DependencyServiceGroup(container: container, logger: logger)

        await #expect(throws: Failure.self) { try await group.run() }
        #expect(events.all == ["start failing database"])
    }

    @Test func aFailedStartAlsoStopsDependentsFurtherDown() async throws {
        let events = Collected<String>()
        let container = Container(name: "failed-start-chain")
        container.registerStep("front", events: events, needs: ["middle"])
        container.register(Step.self, alternative: "middle", scope: .singleton) { [unowned container] in
            Step("middle", events: events, needs: [try container.resolve(FailingStart.self)])
        }
        container.register(FailingStart.self, scope: .singleton) { FailingStart(events: events) }
        let group = DependencyServiceGroup(container: container, logger: logger)

        await #expect(throws: Failure.self) { try await group.run() }
        #expect(events.with(prefix: "start") == ["start failing database"])
    }
}
