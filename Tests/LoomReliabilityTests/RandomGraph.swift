import LoomCore

/// A generated dependency graph: nodes with scopes and ordered dependency edges, built only from a seed and an index
/// so any failing graph can be regenerated (`LOOM_RELIABILITY_SEED=<seed> LOOM_RELIABILITY_GRAPH=<index>`).
///
/// Nodes are registered by name, which lets one generic factory serve any shape. A node may take one `Int` factory
/// argument; each edge to such a node carries the argument its dependent passes, so cached scopes are exercised per
/// argument tuple.
struct RandomGraph: Sendable, CustomStringConvertible {
    enum Scope: CaseIterable, Sendable {
        case instance, shared, singleton, managed

        var isCached: Bool { self != .instance }
    }

    /// A dependency: the node to resolve and, when that node takes an argument, the argument to pass.
    struct Edge: Hashable, Sendable {
        let target: Int
        let argument: Int?
    }

    struct Node: Sendable {
        var scope: Scope
        var takesArgument: Bool
        var dependencies: [Edge]
    }

    /// The shapes the generator makes.
    enum Shape: Sendable {
        /// Edges only from later to earlier nodes: no cycle.
        case acyclic
        /// An acyclic graph plus back edges, each closing at least one cycle.
        case cyclic
        /// Like `cyclic`, but every node on a closed cycle is `.instance`, so with cycle detection off only the depth
        /// limit can stop the recursion.
        case cyclicThroughInstancesOnly
    }

    let seed: UInt64
    let index: Int
    let shape: Shape
    private(set) var nodes: [Node]
    /// The most constructions one resolution of a node may cost in the acyclic part; bigger trees of `.instance`
    /// nodes would grow exponentially with depth, so the generator caches their roots instead.
    static let unfoldedSizeLimit = 48

    /// Generates graph `index` of the run seeded with `seed`.
    init(seed: UInt64, index: Int, shape: Shape, maximumSize: Int = 200) {
        self.seed = seed
        self.index = index
        self.shape = shape
        var random = SeededGenerator(seed: seed, index: index)
        // Every eighth graph has the maximum size; the others are spread over 1...maximumSize, favouring small ones.
        let size =
            index % 8 == 7
            ? maximumSize
            : min(maximumSize, random.chance(50) ? random.int(in: 1...24) : random.int(in: 1...maximumSize))
        var nodes: [Node] = []
        nodes.reserveCapacity(size)
        for position in 0..<size {
            let scope = random.pick(Scope.allCases)
            let takesArgument = random.chance(20)
            var dependencies: [Edge] = []
            if position > 0 {
                let count = random.int(in: 0...min(4, position))
                for _ in 0..<count {
                    // Mostly near neighbours (long chains), sometimes anywhere below (wide fan-in).
                    let target =
                        random.chance(60)
                        ? random.int(in: max(0, position - 6)...(position - 1)) : random.int(in: 0...(position - 1))
                    dependencies.append(Edge(target: target, argument: nil))
                }
            }
            nodes.append(Node(scope: scope, takesArgument: takesArgument, dependencies: dependencies))
        }
        for position in nodes.indices {
            nodes[position].dependencies = nodes[position].dependencies.map { edge in
                Edge(target: edge.target, argument: nodes[edge.target].takesArgument ? random.int(in: 0...2) : nil)
            }
        }
        self.nodes = nodes
        capUnfoldedSizes()
        if shape != .acyclic { closeCycles(using: &random) }
    }

    var description: String {
        "graph #\(index) of seed \(seed) (\(shape), \(nodes.count) nodes)"
    }

    /// How to replay this graph alone.
    var replay: String {
        "replay: LOOM_RELIABILITY_SEED=\(seed) LOOM_RELIABILITY_GRAPH=\(index)"
    }

    /// The request a top-level resolution of `node` makes (argument 0 for nodes that take one).
    func topLevelEdge(to node: Int) -> Edge {
        Edge(target: node, argument: nodes[node].takesArgument ? 0 : nil)
    }

    // MARK: Generation

    /// Caches nodes whose unfolded resolution tree would exceed ``unfoldedSizeLimit``.
    ///
    /// The unfolded tree counts every `.instance` dependency's own tree again. Edges point to lower indexes here, so
    /// one ascending pass suffices.
    private mutating func capUnfoldedSizes() {
        var unfolded = [Int](repeating: 1, count: nodes.count)
        for position in nodes.indices {
            var size = 1
            for edge in nodes[position].dependencies {
                size += nodes[edge.target].scope.isCached ? 1 : unfolded[edge.target]
            }
            if size > Self.unfoldedSizeLimit, !nodes[position].scope.isCached {
                nodes[position].scope = .singleton
            }
            unfolded[position] = size
        }
    }

    /// Adds one to three back edges, each closing a cycle: a self-loop, or an edge from a node back to one of its
    /// ancestors along a walk of existing edges.
    private mutating func closeCycles(using random: inout SeededGenerator) {
        let count = random.int(in: 1...3)
        for _ in 0..<count {
            let top = random.int(in: 0...(nodes.count - 1))
            var path = [top]
            // Walk down the existing edges for a while; the back edge then closes the walk into a cycle.
            while let next = nodes[path.last!].dependencies.randomElement(using: &random)?.target,
                !path.contains(next), random.chance(80)
            {
                path.append(next)
            }
            let bottom = path.last!
            nodes[bottom].dependencies.insert(
                Edge(target: top, argument: nodes[top].takesArgument ? random.int(in: 0...2) : nil),
                at: random.int(in: 0...nodes[bottom].dependencies.count)
            )
            if shape == .cyclicThroughInstancesOnly {
                for node in path { nodes[node].scope = .instance }
            }
        }
    }

    // MARK: Analysis

    /// Whether `from → to` is an edge.
    func hasEdge(from: Int, to: Int) -> Bool {
        nodes[from].dependencies.contains { $0.target == to }
    }

    /// For each node, whether resolving it must run into a cycle: it lies on one or reaches one.
    var reachesCycle: [Bool] {
        // Iterative three-colour depth-first search; a grey target is a back edge, i.e. a cycle.
        var state = [UInt8](repeating: 0, count: nodes.count)  // 0 new, 1 on the stack, 2 done
        var result = [Bool](repeating: false, count: nodes.count)
        for root in nodes.indices where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let (node, next) = stack.last {
                let dependencies = nodes[node].dependencies
                if next < dependencies.count {
                    stack[stack.count - 1].next += 1
                    let target = dependencies[next].target
                    switch state[target] {
                    case 0:
                        state[target] = 1
                        stack.append((target, 0))
                    case 1:
                        result[node] = true
                    default:
                        if result[target] { result[node] = true }
                    }
                } else {
                    stack.removeLast()
                    state[node] = 2
                    if let parent = stack.last, result[node] { result[parent.node] = true }
                }
            }
        }
        // Propagate "reaches a cycle" backwards along edges to a fixed point, so the answer does not depend on the
        // order in which the search above finished nodes.
        var changed = true
        while changed {
            changed = false
            for node in nodes.indices where !result[node] {
                if nodes[node].dependencies.contains(where: { result[$0.target] }) {
                    result[node] = true
                    changed = true
                }
            }
        }
        return result
    }

    /// The nodes reachable from `start` (including it).
    func reachable(from start: Int) -> Set<Int> {
        var seen: Set<Int> = [start]
        var pending = [start]
        while let node = pending.popLast() {
            for edge in nodes[node].dependencies where seen.insert(edge.target).inserted {
                pending.append(edge.target)
            }
        }
        return seen
    }

    /// How many times each (node, argument) is constructed when the nodes are resolved top level in `order`.
    ///
    /// Every result is kept alive until the end, so `.shared` behaves like `.singleton`. Acyclic graphs only.
    func expectedConstructions(resolving order: [Int]) -> [Edge: Int] {
        var counts: [Edge: Int] = [:]
        var built: Set<Edge> = []
        func construct(_ edge: Edge) {
            let node = nodes[edge.target]
            if node.scope.isCached, built.contains(edge) { return }
            for dependency in node.dependencies { construct(dependency) }
            counts[edge, default: 0] += 1
            if node.scope.isCached { built.insert(edge) }
        }
        for node in order { construct(topLevelEdge(to: node)) }
        return counts
    }
}
