import LoomCore
import LoomRuntime
import LoomTestSupport

/// The checks run on each random graph.
///
/// Each returns the problems it found as sentences naming the node, so one `#expect(problems.isEmpty)` per graph
/// reports everything with the graph's seed and index.
enum RandomGraphChecks {
    /// Resolves every node of an acyclic graph twice, in two random orders, holding every result, and checks:
    /// each value has the graph's shape; each cached (node, argument) is one instance everywhere; each
    /// (node, argument) was constructed exactly as often as the scopes imply (singletons once); invalidating the
    /// managed scope rebuilds managed nodes; and after deactivation or cleanup no instance, and not the container,
    /// stays alive.
    static func acyclic(_ registered: RegisteredGraph) -> [String] {
        let graph = registered.graph
        var random = SeededGenerator(seed: graph.seed ^ 0xAC1C_11C0, index: graph.index)
        var problems: [String] = []
        var container: Container? = registered.makeContainer()
        if registered.host == .dependencyGraph { DependencyGraph.activate(container!) }
        let order = graph.nodes.indices.shuffled(using: &random) + graph.nodes.indices.shuffled(using: &random)
        var held: [NodeInstance] = []
        for node in order {
            do {
                held.append(try registered.resolve(graph.topLevelEdge(to: node)))
            } catch {
                problems.append("node \(node) failed to resolve: \(error)")
            }
        }
        guard problems.isEmpty else { return problems + teardown(registered, &container) }
        problems += shapeProblems(of: held, order: order, in: graph)
        let expected = graph.expectedConstructions(resolving: order)
        let actual = registered.constructions.withLock { $0 }
        for (edge, count) in expected where actual[edge] != count {
            let scope = graph.nodes[edge.target].scope
            problems.append(
                "node \(edge.target) (\(scope), argument \(edge.argument.map(String.init) ?? "none")) "
                    + "was constructed \(actual[edge] ?? 0) times, expected \(count)")
        }
        if actual.keys.contains(where: { expected[$0] == nil }) {
            problems.append("constructions of nodes nobody requested: \(actual.keys.filter { expected[$0] == nil })")
        }
        problems += managedRebuildProblems(registered, held: held)
        held.removeAll()
        return problems + teardown(registered, &container)
    }

    /// Resolves, in a random order with cycle detection on, every node of a cyclic graph that reaches no cycle and a
    /// sample of `sampleSize` nodes that do: each of the latter must fail with exactly one cycle of the graph (every
    /// edge of the reported chain exists, it closes on its first registration and repeats nothing else, and the
    /// node reaches it); every other node resolves to the right shape; no singleton or managed instance is built
    /// twice; nothing survives teardown.
    ///
    /// Only a sample of the failing nodes is resolved because a failure unwinds the whole chain, and the test
    /// library records a backtrace for every `throw` on the way (about 50 µs each); all of them would make this
    /// test four times slower without finding more.
    static func cyclic(_ registered: RegisteredGraph, sampleSize: Int) -> [String] {
        let graph = registered.graph
        var random = SeededGenerator(seed: graph.seed ^ 0xC1C1_E000, index: graph.index)
        var problems: [String] = []
        var container: Container? = registered.makeContainer()
        if registered.host == .dependencyGraph { DependencyGraph.activate(container!) }
        let reachesCycle = graph.reachesCycle
        guard reachesCycle.contains(true) else { return ["the generator made no cycle"] }
        var held: [NodeInstance] = []
        var resolvedOrder: [Int] = []
        let failing = graph.nodes.indices.filter { reachesCycle[$0] }.shuffled(using: &random).prefix(sampleSize)
        let nodes = (graph.nodes.indices.filter { !reachesCycle[$0] } + failing).shuffled(using: &random)
        for node in nodes {
            do {
                let instance = try registered.resolve(graph.topLevelEdge(to: node))
                if reachesCycle[node] {
                    problems.append("node \(node) reaches a cycle but resolved")
                } else {
                    held.append(instance)
                    resolvedOrder.append(node)
                }
            } catch InjectionError.cyclicDependencyReference(let cycle) where reachesCycle[node] {
                if let problem = cycleProblem(cycle, resolving: node, in: registered) {
                    problems.append(problem)
                }
            } catch {
                problems.append("node \(node) (reaches a cycle: \(reachesCycle[node])) threw \(error)")
            }
        }
        problems += shapeProblems(of: held, order: resolvedOrder, in: graph)
        for (edge, count) in registered.constructions.withLock({ $0 }) where count > 1 {
            let scope = graph.nodes[edge.target].scope
            if scope == .singleton || scope == .managed {
                problems.append("\(scope) node \(edge.target) was constructed \(count) times")
            }
        }
        held.removeAll()
        return problems + teardown(registered, &container)
    }

    /// With cycle detection off, resolves up to `sampleSize` nodes that reach a cycle: none may overflow the stack.
    ///
    /// Each must fail with `cyclicDependencyReference`. Either the depth limit cut a walk of the graph
    /// (`exceededDepthLimit` set, `limit + 1` locators, every step an edge) or the walk re-entered a cached slot it
    /// was still building and the construction gate reported a closed walk ending on that cached node.
    ///
    /// A closed walk, not necessarily a simple cycle: the gate's chain may pass the cycle twice (see
    /// `CycleChainTests.withDetectionOffTheGateReportsTheCycleOnlyOnce`).
    static func cyclicWithDetectionOff(_ registered: RegisteredGraph, sampleSize: Int) -> (
        problems: [String], depthLimitHits: Int
    ) {
        let graph = registered.graph
        var random = SeededGenerator(seed: graph.seed ^ 0x0FF0_0FF0, index: graph.index)
        var problems: [String] = []
        var depthLimitHits = 0
        var container: Container? = registered.makeContainer()
        if registered.host == .dependencyGraph { DependencyGraph.activate(container!) }
        let reachesCycle = graph.reachesCycle
        let limit = LoomConfiguration.maximumResolutionDepth
        let sample = graph.nodes.indices.filter { reachesCycle[$0] }.shuffled(using: &random).prefix(sampleSize)
        if sample.isEmpty { problems.append("the generator made no cycle") }
        for node in sample {
            do {
                _ = try registered.resolve(graph.topLevelEdge(to: node))
                problems.append("node \(node) reaches a cycle but resolved")
            } catch InjectionError.cyclicDependencyReference(let cycle) {
                if let exceeded = cycle.exceededDepthLimit {
                    depthLimitHits += 1
                    if let problem = depthLimitProblem(
                        cycle, limit: exceeded, expected: limit, from: node, in: registered)
                    {
                        problems.append(problem)
                    }
                } else if let problem = closedWalkProblem(cycle, from: node, in: registered) {
                    problems.append("(detection off) " + problem)
                }
            } catch {
                problems.append("node \(node) threw \(error)")
            }
        }
        return (problems + teardown(registered, &container), depthLimitHits)
    }

    // MARK: Pieces

    /// Checks each held value against the graph: node, argument and dependencies match, recursively; a cached
    /// (node, argument) is the same instance wherever it appears; an `.instance` one is a new object each time.
    private static func shapeProblems(of held: [NodeInstance], order: [Int], in graph: RandomGraph) -> [String] {
        var problems: [String] = []
        var checked: Set<ObjectIdentifier> = []
        var cachedIdentity: [RandomGraph.Edge: ObjectIdentifier] = [:]
        var pending = zip(order, held).map { (graph.topLevelEdge(to: $0.0), $0.1) }
        while let (edge, instance) = pending.popLast() {
            guard checked.insert(ObjectIdentifier(instance)).inserted else {
                if !graph.nodes[edge.target].scope.isCached {
                    problems.append("instance-scoped node \(edge.target) handed out one instance twice")
                }
                continue
            }
            let node = graph.nodes[edge.target]
            if instance.node != edge.target || instance.argument != edge.argument {
                problems.append(
                    "asked for node \(edge.target) with argument \(String(describing: edge.argument)), got node "
                        + "\(instance.node) with argument \(String(describing: instance.argument))")
                continue
            }
            if node.scope.isCached {
                let identity = ObjectIdentifier(instance)
                if let previous = cachedIdentity.updateValue(identity, forKey: edge), previous != identity {
                    problems.append("\(node.scope) node \(edge.target) has two instances for one argument")
                }
            }
            guard instance.dependencies.count == node.dependencies.count else {
                problems.append(
                    "node \(edge.target) has \(instance.dependencies.count) dependencies, expected "
                        + "\(node.dependencies.count)")
                continue
            }
            pending += zip(node.dependencies, instance.dependencies).map { ($0, $1) }
        }
        return problems
    }

    /// After `ManagedScope.invalidate()`, a managed node resolves to a new instance.
    private static func managedRebuildProblems(_ registered: RegisteredGraph, held: [NodeInstance]) -> [String] {
        let graph = registered.graph
        guard let node = graph.nodes.indices.first(where: { graph.nodes[$0].scope == .managed }) else { return [] }
        do {
            let before = try registered.resolve(graph.topLevelEdge(to: node))
            registered.managedScope.invalidate()
            let after = try registered.resolve(graph.topLevelEdge(to: node))
            return before === after ? ["managed node \(node) was not rebuilt after its scope was invalidated"] : []
        } catch {
            return ["managed node \(node) failed after invalidation: \(error)"]
        }
    }

    /// Whether `cycle` is one real cycle of the graph that `start` reaches; `nil` when it is.
    static func cycleProblem(_ cycle: DependencyCycle, resolving start: Int, in registered: RegisteredGraph)
        -> String?
    {
        let graph = registered.graph
        guard cycle.exceededDepthLimit == nil else {
            return "node \(start) hit the depth limit instead of reporting its cycle: \(cycle)"
        }
        let nodes = cycle.chain.compactMap(registered.node(of:))
        guard nodes.count == cycle.chain.count else { return "node \(start) reported a foreign chain: \(cycle)" }
        guard nodes.count >= 2, nodes.first == nodes.last else {
            return "node \(start) reported a chain that does not close: \(cycle)"
        }
        guard Set(nodes.dropLast()).count == nodes.count - 1 else {
            return "node \(start) reported a chain holding more than one cycle: \(cycle)"
        }
        for (from, to) in zip(nodes, nodes.dropFirst()) where !graph.hasEdge(from: from, to: to) {
            return "node \(start) reported \(cycle), but the graph has no edge \(from) → \(to)"
        }
        guard graph.reachable(from: start).contains(nodes[0]) else {
            return "node \(start) reported \(cycle), which it cannot reach"
        }
        return nil
    }

    /// Whether a cycle reported with detection off by the construction gate is a closed walk of the graph that
    /// `start` reaches and that closes on a cached node (only a cached slot under construction can be re-entered
    /// without the depth limit); `nil` when it is.
    private static func closedWalkProblem(_ cycle: DependencyCycle, from start: Int, in registered: RegisteredGraph)
        -> String?
    {
        let graph = registered.graph
        let nodes = cycle.chain.compactMap(registered.node(of:))
        guard nodes.count == cycle.chain.count else { return "node \(start) reported a foreign chain: \(cycle)" }
        guard nodes.count >= 2, nodes.first == nodes.last else {
            return "node \(start) reported a chain that does not close: \(cycle)"
        }
        for (from, to) in zip(nodes, nodes.dropFirst()) where !graph.hasEdge(from: from, to: to) {
            return "node \(start) reported \(cycle), but the graph has no edge \(from) → \(to)"
        }
        guard graph.nodes[nodes[0]].scope.isCached else {
            return "node \(start) reported \(cycle) closing on the uncached node \(nodes[0]); only the depth limit "
                + "or a cached slot under construction can stop a cycle with detection off"
        }
        guard graph.reachable(from: start).contains(nodes[0]) else {
            return "node \(start) reported \(cycle), which it cannot reach"
        }
        return nil
    }

    /// Whether a depth-limit error is a walk of the graph from `start`, `limit + 1` registrations long.
    private static func depthLimitProblem(
        _ cycle: DependencyCycle, limit: Int, expected: Int, from start: Int, in registered: RegisteredGraph
    ) -> String? {
        guard limit == expected else { return "node \(start) reported depth limit \(limit), configured \(expected)" }
        let nodes = cycle.chain.compactMap(registered.node(of:))
        guard nodes.count == cycle.chain.count, nodes.count == limit + 1 else {
            return "node \(start): depth-limit chain has \(cycle.chain.count) locators (\(nodes.count) of this "
                + "graph), expected \(limit + 1)"
        }
        guard nodes.first == start else { return "node \(start): depth-limit chain starts at node \(nodes[0])" }
        for (from, to) in zip(nodes, nodes.dropFirst()) where !registered.graph.hasEdge(from: from, to: to) {
            return "node \(start): depth-limit chain steps \(from) → \(to), which is no edge"
        }
        return nil
    }

    /// Deactivates (graph host) or cleans up (container host) the graph's container and checks that this alone
    /// released every instance (the container is still referenced), that the graph's names no longer resolve, and
    /// that dropping the last reference to the container frees it.
    private static func teardown(_ registered: RegisteredGraph, _ container: inout Container?) -> [String] {
        var problems: [String] = []
        switch registered.host {
        case .dependencyGraph: DependencyGraph.deactivate(container!)
        case .container: container!.cleanup()
        }
        let survivors = registered.survivors
        if !survivors.isEmpty {
            let nodes = Set(survivors.map(\.node)).sorted()
            let step = registered.host == .dependencyGraph ? "deactivation" : "cleanup"
            problems.append("\(survivors.count) instance(s) outlived \(step), of nodes \(nodes.prefix(10))")
        }
        if !registered.graph.nodes.isEmpty {
            do {
                _ = try registered.resolve(registered.graph.topLevelEdge(to: 0))
                problems.append("node 0 still resolves after teardown")
            } catch InjectionError.missingDependency {
            } catch {
                problems.append("node 0 threw \(error) after teardown, expected missingDependency")
            }
        }
        let weakContainer = Weak(container)
        container = nil
        if weakContainer.object != nil { problems.append("the container outlived teardown") }
        return problems
    }
}
