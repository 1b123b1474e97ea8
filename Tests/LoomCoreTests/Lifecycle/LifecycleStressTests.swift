import LoomCore
import LoomTestSupport
import Testing

/// Concurrency: run under ThreadSanitizer by `.ci/run`.
@Suite struct LifecycleStressTests {
    /// An instance that counts how often its hook ran.
    final class Tracked: Sendable {
        let releases = Counter()
    }

    @Test func aHookNeverRunsTwiceUnderConcurrentResetsAndResolves() async throws {
        let container = quietContainer("lifecycle.stress")
        let built = Collected<Tracked>()
        let twice = Counter()
        container.register(scope: .singleton) { () -> Tracked in
            let tracked = Tracked()
            built.append(tracked)
            return tracked
        } onRelease: { tracked in
            if tracked.releases.increment() > 1 { twice.increment() }
        }
        // 1 000 operations on real threads: resolves and every kind of reset, interleaved.
        onThreads(8) { thread in
            for step in 0..<125 {
                switch (thread + step) % 4 {
                case 0: container.resetCachedInstances()
                case 1: container.resetCachedInstance(of: Tracked.self)
                default: _ = try? container.resolve(Tracked.self)
                }
            }
        }
        try await container.shutdown()
        #expect(twice.value == 0)
        #expect(!built.all.isEmpty)
        // Every instance built was released exactly once: none kept, none missed.
        #expect(built.all.allSatisfy { $0.releases.value == 1 })
    }

    @Test func tenThousandConcurrentRequestScopesLeaveNoInstanceAliveAndReleaseEachOnce() async throws {
        let container = quietContainer("lifecycle.stress.scopes")
        let weakInstances = Collected<Weak<Tracked>>()
        let releases = Counter()
        let builds = Counter()
        container.register(scope: .scoped) { () -> Tracked in
            builds.increment()
            let tracked = Tracked()
            weakInstances.append(Weak(tracked))
            return tracked
        } onRelease: { tracked in
            tracked.releases.increment()
            releases.increment()
        }
        container.register(scope: .scoped) {
            Level0(Resource("\(try container.resolve(Tracked.self))", log: Collected()))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10_000 {
                group.addTask {
                    try await container.withScope { scope in
                        let tracked: Tracked = try scope.resolve()
                        let level: Level0 = try scope.resolve()
                        #expect(try container.resolve(Tracked.self) === tracked)
                        _ = level
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(builds.value == 10_000)
        #expect(releases.value == 10_000)
        #expect(weakInstances.all.allSatisfy { $0.object == nil })
    }

    @Test func concurrentResolutionsInOneScopeBuildOneInstance() async throws {
        let container = quietContainer("lifecycle.stress.one-scope")
        let builds = Counter()
        container.register(scope: .scoped) { () -> Tracked in
            builds.increment()
            return Tracked()
        }
        try await container.withScope { scope in
            try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<100 {
                    group.addTask { ObjectIdentifier(try scope.resolve(Tracked.self)) }
                }
                var identities: Set<ObjectIdentifier> = []
                for try await identity in group { identities.insert(identity) }
                #expect(identities.count == 1)
            }
        }
        #expect(builds.value == 1)
    }

    /// Registrations with arguments: concurrent resolves of a few argument tuples against resets — every instance
    /// built is released exactly once, whether a reset found it cached or its build was under way.
    @Test func everyArgumentTuplesInstanceIsReleasedOnceUnderConcurrentResets() async throws {
        let container = quietContainer("lifecycle.stress.arguments")
        let built = Collected<Tracked>()
        container.add {
            Dependency { (key: Int) -> Tracked in
                let tracked = Tracked()
                built.append(tracked)
                return tracked
            }
            .scope(.singleton)
            .onRelease { $0.releases.increment() }
        }
        onThreads(8) { thread in
            for step in 0..<125 {
                if (thread + step) % 5 == 0 {
                    container.resetCachedInstances()
                } else {
                    _ = try? container.inject(byType: Tracked.self, step % 3)
                }
            }
        }
        try await container.shutdown()
        #expect(!built.all.isEmpty)
        #expect(built.all.allSatisfy { $0.releases.value == 1 })
    }

    /// `async` factories loading while the registration is replaced and the container shut down, from many tasks:
    /// every instance built — cached, refused by a dropped cache, or shut down — is released exactly once.
    @Test func asyncBuildsRacingReplacementAndConcurrentShutdownsReleaseEveryInstanceOnce() async throws {
        let container = quietContainer("lifecycle.stress.async")
        let built = Collected<Tracked>()
        @Sendable func register() {
            container.add {
                Dependency { () async -> Tracked in
                    await Task.yield()
                    let tracked = Tracked()
                    built.append(tracked)
                    return tracked
                }
                .scope(.singleton)
                .onRelease { tracked in
                    await Task.yield()
                    tracked.releases.increment()
                }
            }
        }
        register()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<64 {
                group.addTask {
                    for step in 0..<20 {
                        switch (task + step) % 8 {
                        case 0: register()
                        case 1: try await container.shutdown()
                        default: _ = try await container.load(Tracked.self)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        try await container.shutdown()
        #expect(!built.all.isEmpty)
        #expect(built.all.allSatisfy { $0.releases.value == 1 })
    }
}
