import LoomCore
import LoomKeys
import LoomRuntime
import LoomTestSupport
import Testing

/// The concurrency stress test (Documentation/Design/reliability-targets.md#stress).
///
/// Eight threads for `LOOM_STRESS_SECONDS` (default 2) mix imperative and declarative registration, resolution in
/// every scope, graph activation and deactivation, declarative invalidation, cleanup and task-local overrides.
/// Run it under `--sanitize=thread` as well.
///
/// It runs in an exit test, a child process of its own, because `DependencyGraph` has no private instance: there
/// the process-wide graph holds only the stress test's containers, other suites' brief changes to process-wide
/// settings cannot reach it, its hundreds of activations per second cannot disturb other suites, and a crash in
/// the engine fails this test instead of ending the whole test run (`LOOM_RELIABILITY_IN_PROCESS=1` runs it in the
/// test process, to see such a crash).
@Suite struct StressTests {
    @Test func eightThreadsMixingEveryOperationLeaveEveryRegistrationResolvableAndEverySingletonBuiltOnce() async {
        let seed = ReliabilitySeed.value
        let duration = ReliabilityScale.stressDuration
        if ReliabilityScale.runsInProcess { return Self.stress(seed: seed, duration: duration) }
        await #expect(processExitsWith: .success) { [seed = seed as UInt64, duration = duration as Duration] in
            Self.stress(seed: seed, duration: duration)
        }
    }

    /// The body: the run itself and every check on what it left behind.
    static func stress(seed: UInt64, duration: Duration) {
        let world = StressWorld(seed: seed)
        world.activateStableContainers()
        defer { world.tearDown() }
        let deadline = ContinuousClock.now + duration
        onThreads(StressWorld.laneCount) { index in
            var lane = StressLane(index: index, world: world)
            lane.run(until: deadline)
        }
        expectConsistency(of: world)
        do {
            try expectEveryRegistrationResolves(in: world)
        } catch {
            Issue.record("seed \(seed): a registration that must exist failed to resolve: \(error)")
        }
    }

    /// What the lanes saw and built: no failed check, every operation drawn, every cached instance of the stable
    /// containers built once (managed ones at most once per invalidation), every lane's root value kept.
    private static func expectConsistency(of world: StressWorld) {
        let seed = world.seed
        let failures = world.failures.all
        #expect(
            failures.isEmpty,
            "\(failures.count) failed checks, first ones:\n\(failures.prefix(20).joined(separator: "\n"))")
        let performed = world.performed.withLock { $0 }
        let skipped = StressOperation.allCases.filter { (performed[$0] ?? 0) == 0 }
        #expect(skipped.isEmpty, "seed \(seed): operations never drawn: \(skipped)")
        let builds = [
            "singleton": world.singletonBuilds.value, "alternative singleton": world.alternativeBuilds.value,
            "named singleton": world.namedBuilds.value, "composite singleton": world.compositeBuilds.value,
            "declarative singleton": world.declarativeBuilds.value,
        ]
        for (label, count) in builds.sorted(by: { $0.key < $1.key }) {
            #expect(count == 1, "seed \(seed): the \(label) was constructed \(count) times")
        }
        #expect(
            world.declarativeInvalidations.value > 0, "seed \(seed): the declarative container was never invalidated")
        let keyedBuilds = world.keyedBuilds.withLock { $0 }
        #expect(keyedBuilds.values.allSatisfy { $0 == 1 }, "seed \(seed): builds per key \(keyedBuilds)")
        for (label, seen) in world.identities.withLock({ $0 }) {
            #expect(seen.count == 1, "seed \(seed): lanes saw \(seen.count) instances of \(label)")
        }
        let managedBuilds = world.managedBuilds.value
        let managedInvalidations = world.managedInvalidations.value
        #expect(
            managedBuilds >= 1 && managedBuilds <= managedInvalidations + 1,
            "seed \(seed): \(managedBuilds) managed builds for \(managedInvalidations) invalidations")
        for (lane, value) in world.laneRootValues.withLock({ $0 }) {
            #expect(currentValue(of: stressLaneKeys[lane]) == value, "seed \(seed): lane \(lane) lost a root value")
        }
    }

    /// After the storm, every registration of the stable containers resolves, from its container and from the
    /// graph, to the one instance built during the run.
    private static func expectEveryRegistrationResolves(in world: StressWorld) throws {
        let (stable, seed) = (world.stable, world.seed)
        #expect(try stable.resolve(LaneValue.self) == LaneValue(lane: -1, serial: 0), "seed \(seed): .instance")
        #expect(try stable.resolve(ConfReading.self).value == -1, "seed \(seed): an override outlived its scope")
        _ = try stable.resolve(StressShared.self)
        _ = try stable.resolve(StressManaged.self)
        let singleton = try stable.resolve(StressSingleton.self)
        #expect(singleton.serial == 1, "seed \(seed): singleton #\(singleton.serial)")
        #expect(try DependencyGraph.inject(byType: StressSingleton.self) === singleton, "seed \(seed): graph singleton")
        let blue = try stable.resolve(StressSingleton.self, alternative: StressWorld.blue)
        #expect(blue.serial == 1, "seed \(seed): alternative singleton #\(blue.serial)")
        for key in 0..<StressWorld.keyCount {
            #expect(try stable.inject(byType: StressKeyed.self, key).key == key, "seed \(seed): keyed \(key)")
            let shared: StressKeyed = try stable.inject(byName: StressWorld.keyedShared, key)
            #expect(shared.key == key, "seed \(seed): keyed .shared \(key)")
        }
        let named: StressSingleton = try stable.inject(byName: StressWorld.named)
        #expect(named.serial == 1, "seed \(seed): named singleton #\(named.serial)")
        #expect(try DependencyGraph.inject(byName: StressWorld.named) === named, "seed \(seed): graph named singleton")
        #expect(try stable.resolve(StressComposite.self).singleton === singleton, "seed \(seed): composite")
        let declarative: DeclarativeSingleton = try DependencyGraph.inject(byName: StressWorld.declarativeSingleton)
        #expect(declarative.serial == 1, "seed \(seed): declarative singleton #\(declarative.serial)")
        let generation: Int = try world.declarative.inject(byName: StressWorld.declarativeGeneration)
        #expect(generation == world.generation.value, "seed \(seed): the last re-evaluation saw \(generation)")
        for lane in 0..<StressWorld.laneCount {
            let container = world.lanes[lane]
            #expect(try container.resolve(StressSingleton.self) === singleton, "seed \(seed): lane \(lane) parent")
            let value = try container.resolve(LaneValue.self, alternative: StressWorld.laneAlternative(lane))
            #expect(value.lane == lane, "seed \(seed): lane \(lane) final registration gave \(value)")
        }
    }
}
