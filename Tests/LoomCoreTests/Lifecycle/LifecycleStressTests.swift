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
}
