import LoomCore
import LoomTestSupport
import Testing

/// Seeded random dependency graphs (Documentation/Design/reliability-targets.md#random-graphs): hundreds of graphs of
/// up to 200 nodes with mixed scopes and factory arguments, registered by name, resolved from the `DependencyGraph` or
/// straight from their container.
///
/// Each test runs in an exit test, i.e. a child process of its own. Cycle detection and the depth limit are
/// process-wide settings, and other suites of this package change them for a moment while they run in parallel
/// with everything else in one `swift test` process; a graph resolved 200 deep during such a moment would fail for
/// a reason that is not its own. In a child process the graph, the settings and the test's failures are its own,
/// and a stack overflow shows up as a crashed child instead of taking the whole test run down. The suite is
/// serialized so its three children do not compete with each other (and the rest of the suite) for two cores.
///
/// Every failure names the seed and the graph index; `LOOM_RELIABILITY_SEED=<seed> LOOM_RELIABILITY_GRAPH=<index>`
/// replays exactly that graph. An exit test reports a crash only as the signal that ended the child; add
/// `LOOM_RELIABILITY_IN_PROCESS=1` (with `--filter`, alone) to run the body in the test process and see the crash.
@Suite(.serialized) struct RandomGraphTests {
    /// The arguments every child process needs, captured from the parent (children do not share its seed).
    static var parameters: (seed: UInt64, indexes: [Int]) {
        let count = ReliabilityScale.graphCount(normally: 300, underThreadSanitizer: 160)
        return (ReliabilitySeed.value, ReliabilityScale.graphIndexes(count: count))
    }

    @Test func everyAcyclicGraphResolvesCompletelyAndNothingOutlivesTeardown() async {
        let (seed, indexes) = Self.parameters
        if ReliabilityScale.runsInProcess { return Self.checkAcyclicGraphs(seed: seed, indexes: indexes) }
        await #expect(processExitsWith: .success) { [seed = seed as UInt64, indexes = indexes as [Int]] in
            Self.checkAcyclicGraphs(seed: seed, indexes: indexes)
        }
    }

    @Test func everyCyclicGraphReportsExactlyOneOfItsCycles() async {
        let (seed, indexes) = Self.parameters
        if ReliabilityScale.runsInProcess { return Self.checkCyclicGraphs(seed: seed, indexes: indexes) }
        await #expect(processExitsWith: .success) { [seed = seed as UInt64, indexes = indexes as [Int]] in
            Self.checkCyclicGraphs(seed: seed, indexes: indexes)
        }
    }

    @Test func withCycleDetectionOffEveryCycleEndsInAnErrorNotAStackOverflow() async {
        let (seed, indexes) = Self.parameters
        let count = ReliabilityScale.graphCount(normally: 40, underThreadSanitizer: 24)
        let sample = Array(indexes.prefix(count))
        if ReliabilityScale.runsInProcess { return Self.checkCyclicGraphsWithDetectionOff(seed: seed, indexes: sample) }
        await #expect(processExitsWith: .success) { [seed = seed as UInt64, sample = sample as [Int]] in
            Self.checkCyclicGraphsWithDetectionOff(seed: seed, indexes: sample)
        }
    }

    // MARK: Bodies (run in the child process, or in this one with LOOM_RELIABILITY_IN_PROCESS)

    static func checkAcyclicGraphs(seed: UInt64, indexes: [Int]) {
        for index in indexes {
            let graph = RandomGraph(seed: seed, index: index, shape: .acyclic)
            let registered = RegisteredGraph(graph, host: host(for: index), prefix: "reliability.acyclic")
            expectNoProblems(RandomGraphChecks.acyclic(registered), in: graph)
        }
    }

    static func checkCyclicGraphs(seed: UInt64, indexes: [Int]) {
        withCycleDetection(.always) {
            for index in indexes {
                let graph = RandomGraph(seed: seed, index: index, shape: .cyclic)
                let registered = RegisteredGraph(graph, host: host(for: index), prefix: "reliability.cyclic")
                expectNoProblems(RandomGraphChecks.cyclic(registered, sampleSize: 8), in: graph)
            }
        }
    }

    static func checkCyclicGraphsWithDetectionOff(seed: UInt64, indexes: [Int]) {
        withCycleDetection(.never) {
            var depthLimitHits = 0
            for index in indexes {
                // Every other graph keeps its cycles free of cached nodes, so only the depth limit can stop them.
                let shape: RandomGraph.Shape = index.isMultiple(of: 2) ? .cyclicThroughInstancesOnly : .cyclic
                let graph = RandomGraph(seed: seed, index: index, shape: shape, maximumSize: 64)
                let registered = RegisteredGraph(graph, host: host(for: index), prefix: "reliability.undetected")
                let (problems, hits) = RandomGraphChecks.cyclicWithDetectionOff(registered, sampleSize: 2)
                depthLimitHits += hits
                expectNoProblems(problems, in: graph)
            }
            #expect(depthLimitHits > 0 || indexes.count == 1, "no graph of seed \(seed) reached the depth limit")
        }
    }

    private static func expectNoProblems(_ problems: [String], in graph: RandomGraph) {
        #expect(problems.isEmpty, "\(graph), \(graph.replay):\n\(problems.prefix(12).joined(separator: "\n"))")
    }

    /// Sets the process-wide cycle detection for `body` and restores it (which matters only in process).
    private static func withCycleDetection(_ detection: CycleDetection, _ body: () -> Void) {
        let previous = LoomConfiguration.runtimeCycleDetection
        LoomConfiguration.runtimeCycleDetection = detection
        defer { LoomConfiguration.runtimeCycleDetection = previous }
        body()
    }

    /// Graph indexes alternate between resolving through the `DependencyGraph` and through the container, in pairs,
    /// so each host meets both ways of registering (builder at init for even indexes, `add` for odd ones).
    static func host(for index: Int) -> RegisteredGraph.Host {
        (index / 2).isMultiple(of: 2) ? .dependencyGraph : .container
    }
}
