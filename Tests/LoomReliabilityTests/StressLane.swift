import LoomCore
import LoomKeys
import LoomRuntime
import LoomTestSupport
import LoomTesting

/// One stress thread: draws operations from its own seeded generator and checks every result it can predict.
///
/// A lane only demands exact answers about state nobody else changes (the stable containers, its own lane
/// container, its own configuration key, task-local overrides); about shared churn it demands that every failure is
/// a `missingDependency`.
struct StressLane {
    let index: Int
    let world: StressWorld
    private var random: SeededGenerator
    private var serial = 0
    private var namedSerials: [Int: Int] = [:]
    private var isActive = false
    private var rootValue = 0
    private var identities: [String: Set<ObjectIdentifier>] = [:]
    private var performed: [StressOperation: Int] = [:]

    init(index: Int, world: StressWorld) {
        self.index = index
        self.world = world
        random = SeededGenerator(seed: world.seed, index: 1_000 + index)
    }

    private var container: Container { world.lanes[index] }

    /// Runs operations until `deadline`, then hands the lane's observations to the world.
    mutating func run(until deadline: ContinuousClock.Instant) {
        while ContinuousClock.now < deadline {
            let operation = random.pick(StressOperation.weighted)
            do {
                try perform(operation)
            } catch {
                fail("\(operation) threw \(error)")
            }
            performed[operation, default: 0] += 1
        }
        finish()
    }

    private mutating func perform(_ operation: StressOperation) throws {
        switch operation {
        case .resolveEveryScope: try resolveEveryScope()
        case .resolveThroughGraph: try resolveThroughGraph()
        case .resolveDeclarative: try resolveDeclarative()
        case .resolveFromChurn: resolveFromChurn()
        case .registerInLane: try registerInLane()
        case .addToLane: try addToLane()
        case .cleanUpLane: try cleanUpLane()
        case .toggleLaneActivation: try toggleLaneActivation()
        case .registerInChurn:
            let value = nextValue()
            world.churn.register(alternative: StressWorld.churnAlternative) { value }
        case .addToChurn:
            let value = nextValue()
            let slot = random.int(in: 0...3)
            world.churn.add {
                Dependency(named: StressWorld.churnName(slot)) { value }
                Dependency { StressShared(serial: value.serial) }.scope(.singleton)
            }
        case .cleanUpChurn: world.churn.cleanup()
        case .toggleChurnActivation:
            if random.chance(50) {
                DependencyGraph.activate(world.churn)
            } else {
                DependencyGraph.deactivate(world.churn)
            }
        case .invalidateDeclarative:
            world.generation.increment()
            world.declarativeInvalidations.increment()
            world.declarative.invalidate()
        case .invalidateManagedScope:
            world.managedInvalidations.increment()
            world.managedScope.invalidate()
        case .overrideConf: try overrideConf()
        case .overrideInjectedValues: overrideInjectedValues()
        case .overrideTestDependencies: try overrideTestDependencies()
        case .setLaneRootValue:
            rootValue += 1
            setRootValue(rootValue, of: stressLaneKeys[index])
            check(currentValue(of: stressLaneKeys[index]) == rootValue, "lost the root value \(rootValue) of its key")
        }
    }

    // MARK: Stable registrations

    private mutating func resolveEveryScope() throws {
        let stable = world.stable
        check(try stable.resolve(LaneValue.self) == LaneValue(lane: -1, serial: 0), "wrong .instance value")
        let shared = try stable.resolve(StressShared.self)
        check(try stable.resolve(StressShared.self) === shared, ".shared changed while held")
        let singleton = try stable.resolve(StressSingleton.self)
        record("singleton", singleton)
        check(try stable.resolve(StressSingleton?.self) === singleton, "T? found another singleton")
        let blue = try stable.resolve(StressSingleton.self, alternative: StressWorld.blue)
        record("blue", blue)
        check(!(blue === singleton), "the alternative fell back to the default registration")
        _ = try stable.resolve(StressManaged.self)
        let key = random.int(in: 0...(StressWorld.keyCount - 1))
        let keyed = try stable.inject(byType: StressKeyed.self, key)
        check(keyed.key == key, "parameterised singleton for \(key) has key \(keyed.key)")
        record("keyed\(key)", keyed)
        let keyedShared: StressKeyed = try stable.inject(byName: StressWorld.keyedShared, key)
        check(keyedShared.key == key, "parameterised .shared for \(key) has key \(keyedShared.key)")
        let named: StressSingleton = try stable.inject(byName: StressWorld.named)
        record("named", named)
        let composite = try stable.resolve(StressComposite.self)
        record("composite", composite)
        check(composite.singleton === singleton, "the composite holds another singleton")
        record("keyed3", composite.keyed)
        // Through the lane's container: the parent chain answers.
        check(try container.resolve(StressSingleton.self) === singleton, "the lane's parent chain found another")
    }

    private mutating func resolveThroughGraph() throws {
        record("singleton", try DependencyGraph.inject(byType: StressSingleton.self))
        let named: StressSingleton = try DependencyGraph.inject(byName: StressWorld.named)
        record("named", named)
        let key = random.int(in: 0...(StressWorld.keyCount - 1))
        let keyed = try DependencyGraph.inject(byType: StressKeyed.self, key)
        check(keyed.key == key, "graph: parameterised singleton for \(key) has key \(keyed.key)")
        record("keyed\(key)", keyed)
        let declarative: DeclarativeSingleton = try DependencyGraph.inject(byName: StressWorld.declarativeSingleton)
        record("declarative", declarative)
        try checkLaneNamesInGraph()
    }

    private mutating func resolveDeclarative() throws {
        let declarative = world.declarative
        let singleton: DeclarativeSingleton = try declarative.inject(byName: StressWorld.declarativeSingleton)
        record("declarative", singleton)
        let generation: Int = try declarative.inject(byName: StressWorld.declarativeGeneration)
        check(generation <= world.generation.value, "read generation \(generation) before it was made")
        do {
            let even: Int = try declarative.inject(byName: StressWorld.declarativeEven)
            check(even.isMultiple(of: 2), "the conditional registration of an odd generation (\(even)) is visible")
        } catch InjectionError.missingDependency {
            // Absent in odd generations.
        }
    }

    // MARK: The lane's own container

    private mutating func registerInLane() throws {
        let value = nextValue()
        container.register(alternative: StressWorld.laneAlternative(index)) { value }
        let resolved = try container.resolve(LaneValue.self, alternative: StressWorld.laneAlternative(index))
        check(resolved == value, "resolved \(resolved) right after registering \(value)")
    }

    private mutating func addToLane() throws {
        let value = nextValue()
        let slot = random.int(in: 0...3)
        container.add { Dependency(named: StressWorld.laneName(index, slot)) { value } }
        namedSerials[slot] = value.serial
        let resolved: LaneValue = try container.inject(byName: StressWorld.laneName(index, slot))
        check(resolved == value, "resolved \(resolved) right after adding \(value)")
        try checkLaneNamesInGraph()
    }

    private mutating func cleanUpLane() throws {
        container.cleanup()
        namedSerials = [:]
        do {
            _ = try container.resolve(LaneValue.self, alternative: StressWorld.laneAlternative(index))
            fail("a registration survived cleanup")
        } catch InjectionError.missingDependency {}
        // Cleaning up the child leaves the parent alone.
        record("singleton", try container.resolve(StressSingleton.self))
        try checkLaneNamesInGraph()
    }

    private mutating func toggleLaneActivation() throws {
        if isActive { DependencyGraph.deactivate(container) } else { DependencyGraph.activate(container) }
        isActive.toggle()
        try checkLaneNamesInGraph()
        // The lane is a child of `stable`: deactivating it must not drop the still-active parent's singletons.
        record("singleton", try DependencyGraph.inject(byType: StressSingleton.self))
    }

    /// The graph answers the lane's names exactly while the lane is active (only this lane registers them).
    private func checkLaneNamesInGraph() throws {
        for slot in 0...3 {
            let name = StressWorld.laneName(index, slot)
            do {
                let value: LaneValue = try DependencyGraph.inject(byName: name)
                check(
                    isActive && namedSerials[slot] == value.serial, "graph: \(name) gave \(value), active \(isActive)")
            } catch InjectionError.missingDependency {
                check(!isActive || namedSerials[slot] == nil, "graph: \(name) missing while active and registered")
            }
        }
    }

    // MARK: Shared churn

    private mutating func resolveFromChurn() {
        func accept(_ resolve: () throws -> LaneValue) {
            do {
                let value = try resolve()
                check((0..<StressWorld.laneCount).contains(value.lane), "churn: resolved a foreign value \(value)")
            } catch InjectionError.missingDependency {
                // Someone just cleaned up or deactivated the churn container.
            } catch {
                fail("churn: \(error)")
            }
        }
        let slot = StressWorld.churnName(random.int(in: 0...3))
        accept { try world.churn.resolve(LaneValue.self, alternative: StressWorld.churnAlternative) }
        accept { try world.churn.inject(byName: slot) }
        accept { try DependencyGraph.inject(byName: slot) }
    }

    // MARK: Overrides

    private mutating func overrideConf() throws {
        let value = random.int(in: 0...1_000_000)
        check(Conf[StressConfKey.self] == -1, "an override leaked out of its scope")
        try Conf.withValue(value, for: StressConfKey.self) {
            check(Conf[StressConfKey.self] == value, "did not see its override")
            check(try world.stable.resolve(ConfReading.self).value == value, "a factory did not see the override")
            Conf.withValue(value + 1, for: StressConfKey.self) {
                check(Conf[StressConfKey.self] == value + 1, "did not see its nested override")
            }
            check(Conf[StressConfKey.self] == value, "the nested override leaked out")
        }
        check(Conf[StressConfKey.self] == -1, "an override leaked out of its scope")
    }

    private mutating func overrideInjectedValues() {
        let value = random.int(in: 0...1_000_000)
        check(InjectedValues[StressInjectionKey.self] == -1, "an InjectedValues override leaked")
        Conf.withValue(value, for: StressInjectionKey.self) {
            check(InjectedValues[StressInjectionKey.self] == value, "did not see its InjectedValues override")
            check(InjectedValues[\.stressValue] == value, "the key path did not see the override")
        }
        Conf.withValues(
            { context in
                context[StressConfKey.self] = value
                context[StressInjectionKey.self] = value + 1
            },
            operation: {
                check(Conf[StressConfKey.self] == value, "withValues: did not see the Conf value")
                check(InjectedValues[StressInjectionKey.self] == value + 1, "withValues: did not see the InjectedValue")
            })
        check(InjectedValues[StressInjectionKey.self] == -1, "an InjectedValues override leaked")
    }

    /// A test-dependency scope on this lane: its overrides answer every path inside, and vanish afterwards.
    ///
    /// Only overridden types and `.instance` registrations are resolved inside, so the scope's empty caches never
    /// build a counted singleton.
    private mutating func overrideTestDependencies() throws {
        let value = nextValue()
        let live = try world.stable.resolve(StressSingleton.self)
        let replacement = StressSingleton(serial: -value.serial)
        try withTestDependencies { container in
            container.register { value }
            container.register { replacement }
            InjectedValues[StressInjectionKey.self] = value.serial
        } operation: { () throws in
            check(try world.stable.resolve(LaneValue.self) == value, "a container did not see its test override")
            check(
                try DependencyGraph.inject(byType: LaneValue.self) == value, "the graph did not see its test override")
            check(try container.resolve(StressSingleton.self) === replacement, "the lane chain missed the override")
            check(InjectedValues[StressInjectionKey.self] == value.serial, "did not see a root value set in its scope")
            check(Conf[StressConfKey.self] == -1, "a foreign Conf override leaked into the scope")
        }
        check(try world.stable.resolve(LaneValue.self) == LaneValue(lane: -1, serial: 0), "a test override leaked")
        check(try world.stable.resolve(StressSingleton.self) === live, "a test override replaced the live singleton")
        check(InjectedValues[StressInjectionKey.self] == -1, "a test scope's root value leaked")
    }

    // MARK: Bookkeeping

    private mutating func nextValue() -> LaneValue {
        serial += 1
        return LaneValue(lane: index, serial: serial)
    }

    private mutating func record(_ label: String, _ object: AnyObject) {
        identities[label, default: []].insert(ObjectIdentifier(object))
    }

    private func check(_ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String) {
        do {
            if try !condition() { fail(message()) }
        } catch {
            fail("\(message()) (threw \(error))")
        }
    }

    private func fail(_ message: String) {
        world.fail(message, lane: index)
    }

    /// Leaves the lane registered and active-or-not as it ends, and merges its observations into the world.
    private mutating func finish() {
        let value = nextValue()
        container.register(alternative: StressWorld.laneAlternative(index)) { value }
        check(
            (try? container.resolve(LaneValue.self, alternative: StressWorld.laneAlternative(index))) == value,
            "its final registration does not resolve")
        let identities = identities
        world.identities.withLock { merged in
            for (label, seen) in identities { merged[label, default: []].formUnion(seen) }
        }
        let performed = performed
        world.performed.withLock { merged in
            for (operation, count) in performed { merged[operation, default: 0] += count }
        }
        let rootValue = rootValue
        world.laneRootValues.withLock { $0[index] = rootValue }
    }
}
