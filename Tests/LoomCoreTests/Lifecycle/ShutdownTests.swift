import LoomCore
import LoomTestSupport
import Testing

@Suite struct ShutdownTests {
    @Test func anAsyncHookThatThrowsDoesNotStopTheOthersAndEveryFailureIsCollected() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        container.register(scope: .singleton) {
            Resource("first", log: log)
        } onRelease: {
            $0.close()
        }
        container.register(scope: .singleton) {
            Level0(try container.resolve())
        } onRelease: { _ in
            throw HookFailure(name: "level0")
        }
        container.add {
            Dependency {
                Level1(try container.resolve())
            }
            .scope(.singleton)
            .onRelease { _ in
                await Task.yield()
                throw HookFailure(name: "level1")
            }
        }
        container.add {
            Dependency {
                Level2(try container.resolve())
            }
            .scope(.singleton)
            .onRelease { level in
                await level.below.below.resource.closeAsynchronously()
            }
        }
        _ = try container.resolve(Level2.self)

        let error = await #expect(throws: ReleaseError.self) { try await container.shutdown() }
        #expect(error?.failures.map(\.registration) == ["Type[Level1]", "Type[Level0]"])
        let thrown = error?.failures.compactMap { failure -> String? in
            guard case .threw(let underlying) = failure.reason else { return nil }
            return (underlying as? HookFailure)?.name
        }
        #expect(thrown == ["level1", "level0"])
        // level2's hook closed "first" through its chain, then Resource's own hook closed it again.
        #expect(log.all == ["first", "first"])
        #expect(error?.description.contains("2 release hook(s) failed") == true)
    }

    @Test func aHookThatDoesNotFinishInTimeIsReportedNotAwaitedForever() async throws {
        let container = quietContainer()
        let gate = Counter()
        container.add {
            Dependency {
                Service()
            }
            .scope(.singleton)
            .onRelease { _ in
                // Ignores cancellation and never returns until the test ends.
                while gate.value == 0 { await Task.yield() }
            }
        }
        let log = Collected<String>()
        container.register(scope: .singleton) {
            Resource("after", log: log)
        } onRelease: {
            $0.close()
        }
        _ = try container.resolve(Resource.self)
        _ = try container.resolve(Service.self)

        let error = await #expect(throws: ReleaseError.self) {
            try await container.shutdown(hookTimeout: .milliseconds(50))
        }
        gate.increment()
        let failure = try #require(error?.failures.first)
        #expect(failure.registration == "Type[Service]")
        guard case .timedOut(let limit) = failure.reason else {
            Issue.record("expected a timeout, got \(failure.reason)")
            return
        }
        #expect(limit == .milliseconds(50))
        #expect(log.all == ["after"])
    }

    @Test func theContainerIsUsableAfterShutdown() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        let builds = Counter()
        container.register(scope: .singleton) { () -> Resource in
            builds.increment()
            return Resource("r", log: log)
        } onRelease: {
            $0.close()
        }
        let first: Resource = try container.resolve()
        try await container.shutdown()
        let second: Resource = try container.resolve()
        #expect(first !== second)
        #expect(builds.value == 2)
        #expect(log.all == ["r"])
        try await container.shutdown()
        #expect(log.all == ["r", "r"])
    }

    @Test func shutdownAwaitsAsyncHooksThatSynchronousTriggersStarted() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        container.add {
            Dependency {
                Resource("slow", log: log)
            }
            .scope(.singleton)
            .onRelease { resource in
                try await Task.sleep(nanoseconds: 20_000_000)
                resource.close()
            }
        }
        _ = try container.resolve(Resource.self)
        container.resetCachedInstances()
        try await container.shutdown()
        #expect(log.all == ["slow"])
    }

    @Test func shutdownReleasesAsyncBuiltInstances() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        container.add {
            Dependency {
                () async throws -> Resource in
                Resource("pool", log: log)
            }
            .scope(.singleton)
            .onRelease { resource in
                await resource.closeAsynchronously()
            }
        }
        _ = try await container.load(Resource.self)
        try await container.shutdown()
        #expect(log.all == ["pool"])
    }
}

/// A second `shutdown()` while the first one's `async` hooks run returns only once they have finished, so nothing
/// that awaits either call can end the process while a hook is still closing something.
@Suite struct ConcurrentShutdownTests {
    @Test func aSecondShutdownOfAContainerWaitsForTheFirstOnesHooks() async throws {
        let container = quietContainer()
        let inside = Latch()
        let finish = Latch()
        let closed = Counter()
        container.add {
            Dependency {
                Service()
            }
            .scope(.singleton)
            .onRelease { _ in
                inside.open()
                await finish.wait()
                closed.increment()
            }
        }
        _ = try container.resolve(Service.self)
        let first = Task { try await container.shutdown() }
        await inside.wait()
        let second = Task {
            try await container.shutdown()
            return closed.value
        }
        // The second call must still be waiting: let the hook finish only after giving it every chance to return.
        for _ in 0..<100 { await Task.yield() }
        finish.open()
        #expect(try await second.value == 1)
        try await first.value
    }

    @Test func aSecondShutdownOfTheGraphWaitsForTheFirstOnesHooks() async {
        // A graph shutdown releases every active container's instances, other tests' too: its own process.
        await #expect(processExitsWith: .success) {
            final class GraphPool: Sendable {}
            let inside = Latch()
            let finish = Latch()
            let closed = Counter()
            let container = Container(name: "concurrent-graph-shutdown", logger: DisabledLogger()) {
                Dependency { GraphPool() }
                    .scope(.singleton)
                    .onRelease { _ in
                        inside.open()
                        await finish.wait()
                        closed.increment()
                    }
            }
            await DependencyGraph.activate(container)
            _ = try? DependencyGraph.inject(byType: GraphPool.self)
            let first = Task { try await DependencyGraph.shutdown() }
            await inside.wait()
            let second = Task {
                try await DependencyGraph.shutdown()
                return closed.value
            }
            // The second call must still be waiting: let the hook finish only after giving it every chance to return.
            for _ in 0..<100 { await Task.yield() }
            finish.open()
            guard (try? await second.value) == 1, (try? await first.value) != nil else {
                fatalError("the second graph shutdown returned before the first one's hook finished")
            }
        }
    }
}
