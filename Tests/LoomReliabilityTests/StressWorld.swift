import Foundation
import LoomCore
import LoomKeys
import LoomRuntime
import LoomTestSupport

/// One kind of step a stress lane takes.
///
/// The `override…` steps enter task-local override scopes: LoomKeys' `Conf.withValue(s)`, and LoomTesting's
/// test-dependency overlay (`withTestDependencies`), whose registrations and root values must be seen by the lane's
/// resolutions (graph, containers, `Conf`, `InjectedValues`) and by nobody else.
enum StressOperation: CaseIterable, Sendable {
    case resolveEveryScope, resolveThroughGraph, resolveDeclarative, resolveFromChurn
    case registerInLane, addToLane, cleanUpLane, toggleLaneActivation
    case registerInChurn, addToChurn, cleanUpChurn, toggleChurnActivation
    case invalidateDeclarative, invalidateManagedScope
    case overrideConf, overrideInjectedValues, overrideTestDependencies, setLaneRootValue

    /// Reads happen more often than writes in real apps; the draw favours them.
    static let weighted: [StressOperation] =
        allCases + [.resolveEveryScope, .resolveEveryScope, .resolveThroughGraph, .resolveDeclarative]
}

/// Everything the stress lanes share: containers, counters of constructions, and the failures they saw.
///
/// - `stable`: imperative and declarative registrations of every scope, activated for the whole run and never
///   changed; every singleton in it must be constructed exactly once.
/// - `declarative`: a builder container whose evaluation depends on `generation`; lanes invalidate it while others
///   resolve from it. Its singleton is declared identically on every evaluation, so it too is built once.
/// - `lanes[i]`: lane `i`'s own child of `stable`; only lane `i` registers in it, cleans it up and (de)activates it,
///   so the lane can demand exact results while the other lanes churn everything else.
/// - `churn`: every lane registers in it, cleans it up and (de)activates it; resolutions from it may find nothing,
///   but must never fail any other way.
final class StressWorld: Sendable {
    static let laneCount = 8
    static let keyCount = 8

    let seed: UInt64
    let stable: Container
    let declarative: Container
    let churn: Container
    let lanes: [Container]
    let managedScope = ManagedScope()
    let generation: Counter

    let singletonBuilds = Counter()
    let alternativeBuilds = Counter()
    let namedBuilds = Counter()
    let compositeBuilds = Counter()
    let declarativeBuilds: Counter
    let managedBuilds = Counter()
    let sharedBuilds = Counter()
    let keyedBuilds = LoomLock<[Int: Int]>([:])
    let managedInvalidations = Counter()
    let declarativeInvalidations = Counter()

    let failures = Collected<String>()
    /// Identities of each cached instance as the lanes saw them, merged when they finish.
    let identities = LoomLock<[String: Set<ObjectIdentifier>]>([:])
    let performed = LoomLock<[StressOperation: Int]>([:])
    /// Each lane's last root value of its own configuration key.
    let laneRootValues = LoomLock<[Int: Int]>([:])

    static let named = "reliability.stress.named"
    static let keyedShared = "reliability.stress.keyed-shared"
    static let declarativeSingleton = "reliability.stress.declarative.singleton"
    static let declarativeGeneration = "reliability.stress.declarative.generation"
    static let declarativeEven = "reliability.stress.declarative.even"
    static let blue: RegistrationAlternative = "reliability.stress.blue"
    static let churnAlternative: RegistrationAlternative = "reliability.stress.churn"

    static func laneName(_ lane: Int, _ slot: Int) -> String { "reliability.stress.lane\(lane).\(slot)" }
    static func churnName(_ slot: Int) -> String { "reliability.stress.churn.\(slot)" }
    static func laneAlternative(_ lane: Int) -> RegistrationAlternative {
        RegistrationAlternative("reliability.stress.lane\(lane)")
    }

    init(seed: UInt64) {
        self.seed = seed
        stable = Container(name: "reliability.stress.stable", logger: DisabledLogger())
        churn = Container(name: "reliability.stress.churn", logger: DisabledLogger())
        let stable = stable
        lanes = (0..<StressWorld.laneCount).map {
            Container(name: "reliability.stress.lane\($0)", parent: stable, logger: DisabledLogger())
        }
        let generation = Counter()
        let declarativeBuilds = Counter()
        self.generation = generation
        self.declarativeBuilds = declarativeBuilds
        declarative = Container(name: "reliability.stress.declarative", logger: DisabledLogger()) {
            Dependency(named: StressWorld.declarativeSingleton) {
                DeclarativeSingleton(serial: declarativeBuilds.increment())
            }
            .scope(.singleton)
            let evaluated = generation.value
            Dependency(named: StressWorld.declarativeGeneration) { evaluated }
            if evaluated.isMultiple(of: 2) {
                Dependency(named: StressWorld.declarativeEven) { evaluated }
            }
        }
        registerStableDependencies()
    }

    private func registerStableDependencies() {
        let stable = stable
        let (singletonBuilds, alternativeBuilds, namedBuilds) = (singletonBuilds, alternativeBuilds, namedBuilds)
        let (compositeBuilds, managedBuilds, sharedBuilds, keyedBuilds) =
            (compositeBuilds, managedBuilds, sharedBuilds, keyedBuilds)
        // Imperative, every scope.
        stable.register { LaneValue(lane: -1, serial: 0) }
        stable.register { ConfReading(value: Conf[StressConfKey.self]) }
        stable.register(scope: .shared) { StressShared(serial: sharedBuilds.increment()) }
        stable.register(scope: .singleton) { StressSingleton(serial: singletonBuilds.increment()) }
        stable.register(alternative: Self.blue, scope: .singleton) {
            StressSingleton(serial: alternativeBuilds.increment())
        }
        stable.register(scope: .managed(managedScope)) { StressManaged(serial: managedBuilds.increment()) }
        stable.register(scope: .singleton) { (key: Int) -> StressKeyed in
            keyedBuilds.withLock { $0[key, default: 0] += 1 }
            return StressKeyed(key: key)
        }
        stable.register(scope: .singleton) { [weak stable] () -> StressComposite in
            compositeBuilds.increment()
            guard let stable else { throw CancellationError() }
            return StressComposite(
                singleton: try stable.resolve(), keyed: try stable.inject(byType: StressKeyed.self, 3))
        }
        // Declarative, added to the same container.
        stable.add {
            Dependency(named: Self.named) { StressSingleton(serial: namedBuilds.increment()) }.scope(.singleton)
            Dependency(named: Self.keyedShared) { (key: Int) in StressKeyed(key: key) }.scope(.shared)
        }
    }

    /// Activates the containers that stay active for the whole run.
    func activateStableContainers() {
        DependencyGraph.activate(stable)
        DependencyGraph.activate(declarative)
    }

    /// Deactivates and cleans up everything, leaving the process-wide graph as it was.
    func tearDown() {
        for container in [stable, declarative, churn] + lanes {
            DependencyGraph.deactivate(container)
            container.cleanup()
        }
    }

    /// Records a failed check, naming the seed and lane so the run can be replayed.
    func fail(_ message: String, lane: Int) {
        failures.append("seed \(seed), lane \(lane): \(message)")
    }
}
