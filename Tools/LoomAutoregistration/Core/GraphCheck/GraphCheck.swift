/// Judges a ``StaticGraph`` for one target: the needs no registration meets, cycles between `@Registerable`
/// types, and captive dependencies, as diagnostics placed at the need.
///
/// | finding | assembling target | library target |
/// |---|---|---|
/// | a need nothing provides, of a type something lists | error, with "Did you mean" | remark |
/// | a need nothing provides, of a type nothing lists | remark | remark |
/// | a cycle of initialiser needs | error | warning |
/// | a singleton holding a shorter-lived class or protocol | warning | warning |
/// | a need the check cannot judge | counted as unknown, listed in the report | the same |
///
/// Cycles and captive dependencies are reported only when every registration writes its type: otherwise one of
/// them could be the provider that breaks the cycle.
///
/// ```swift
/// let result = GraphCheck.run(graph: graph, role: .assembling, module: "App")
/// result.diagnostics.map(\.rendered).forEach { print($0) }
/// result.tally.unknown   // needs it could not judge
/// ```
struct GraphCheck {
    /// How many needs fared how.
    struct Tally: Equatable {
        var needs = 0
        var met = 0
        /// Optional and collection needs nothing provides: they receive `nil` or `[]`.
        var withoutProvider = 0
        var unmet = 0
        var unknown = 0

        /// The needs the check could judge.
        var checked: Int { needs - unknown }
    }

    /// One need and how it fared.
    struct Outcome {
        let need: Need
        let resolution: StaticGraph.Resolution
    }

    /// What the check found.
    struct Result {
        let role: TargetRole
        let diagnostics: [GraphDiagnostic]
        let outcomes: [Outcome]
        let tally: Tally

        /// Whether the build must fail.
        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Checks every need of every `@Registerable` type in `graph` for the target `module` playing `role`.
    static func run(graph: StaticGraph, role: TargetRole, module: String) -> Result {
        var check = GraphCheck(graph: graph, role: role, module: module)
        check.judgeNeeds()
        check.findCycles()
        check.findCaptives()
        return Result(role: role, diagnostics: check.diagnostics.sorted(), outcomes: check.outcomes, tally: check.tally)
    }

    private let graph: StaticGraph
    private let role: TargetRole
    private let module: String
    private var diagnostics: [GraphDiagnostic] = []
    private var outcomes: [Outcome] = []
    private var tally = Tally()
    /// Needs met by exactly one provider, exactly: the edges cycles and captives are built from.
    private var uniqueProviders: [Need: Int] = [:]

    private init(graph: StaticGraph, role: TargetRole, module: String) {
        self.graph = graph
        self.role = role
        self.module = module
    }

    // MARK: Needs

    private mutating func judgeNeeds() {
        for node in graph.registerables {
            for need in node.needs {
                let resolution = graph.resolve(need)
                outcomes.append(Outcome(need: need, resolution: resolution))
                tally.needs += 1
                switch resolution {
                case .met(let providers, let isExact):
                    tally.met += 1
                    if isExact, providers.count == 1 { uniqueProviders[need] = providers[0] }
                case .optionalWithoutProvider, .collection:
                    tally.withoutProvider += 1
                case .unknown:
                    tally.unknown += 1
                case .unmet(let suggestions):
                    tally.unmet += 1
                    report(unmet: need, of: node, suggestions: suggestions)
                }
            }
        }
    }

    private mutating func report(unmet need: Need, of node: RegisterableNode, suggestions: [String]) {
        guard let key = need.key else { return }
        let searched = graph.modules.joined(separator: ", ")
        switch role {
        case .assembling where graph.isListed(node):
            var message = "no registration provides \(key), needed by \(need.site) (searched \(searched))"
            if !suggestions.isEmpty { message += ". Did you mean: \(suggestions.joined(separator: "; "))?" }
            diagnostics.append(GraphDiagnostic(severity: .error, location: need.location, message: message))
        case .assembling:
            diagnostics.append(
                GraphDiagnostic(
                    severity: .remark, location: need.location,
                    message: "no registration provides \(key), needed by \(need.site); nothing lists "
                        + "\(node.qualifiedName).dependencyRegistration or its module's group, so nothing resolves "
                        + "it yet"))
        case .library:
            diagnostics.append(
                GraphDiagnostic(
                    severity: .remark, location: need.location,
                    message: "no registration in \(searched) provides \(key), needed by \(need.site): the target "
                        + "that assembles \(module) must register it"))
        }
    }

    // MARK: Cycles

    /// An edge of the construction graph: `need` of one `@Registerable` type is met only by another.
    private struct Edge {
        let need: Need
        let target: String
    }

    private mutating func findCycles() {
        var edges: [String: [Edge]] = [:]
        for node in graph.registerables {
            for need in node.needs where need.isConstruction && !need.isConditional {
                guard let index = uniqueProviders[need], !graph.providers[index].isConditional,
                    let target = graph.providers[index].registerable,
                    need.declaredType.map(graph.expanded)?.optionalWrapped == nil
                else { continue }
                edges[node.qualifiedName, default: []].append(Edge(need: need, target: target))
            }
        }
        // Only the nodes of a strongly connected component of several nodes, or with an edge to themselves, lie on
        // a cycle; one cycle is reported per component, the shortest through its first node by name.
        for component in Self.stronglyConnectedComponents(of: edges.keys.sorted(), edges: edges) {
            let members = Set(component)
            guard let start = component.min(),
                component.count > 1 || edges[start, default: []].contains(where: { $0.target == start }),
                let path = Self.shortestCycle(from: start, within: members, edges: edges)
            else { continue }
            report(cycle: path, from: start)
        }
    }

    /// Tarjan's algorithm, without recursion (an app's graph may be deep): the components in reverse topological
    /// order.
    private static func stronglyConnectedComponents(of nodes: [String], edges: [String: [Edge]]) -> [[String]] {
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var components: [[String]] = []
        func visit(_ node: String) {
            index[node] = index.count
            lowLink[node] = index[node]
            stack.append(node)
            onStack.insert(node)
        }
        for root in nodes where index[root] == nil {
            visit(root)
            var work: [(node: String, next: Int)] = [(root, 0)]
            while let (node, next) = work.popLast() {
                let successors = edges[node] ?? []
                if next < successors.count {
                    work.append((node, next + 1))
                    let target = successors[next].target
                    if index[target] == nil {
                        visit(target)
                        work.append((target, 0))
                    } else if onStack.contains(target), let targetIndex = index[target] {
                        lowLink[node] = min(lowLink[node] ?? targetIndex, targetIndex)
                    }
                    continue
                }
                if lowLink[node] == index[node] {
                    var component: [String] = []
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component.append(member)
                        if member == node { break }
                    }
                    components.append(component)
                }
                if let parent = work.last?.node, let low = lowLink[node] {
                    lowLink[parent] = min(lowLink[parent] ?? low, low)
                }
            }
        }
        return components
    }

    /// The shortest path of edges from `start` back to it inside `members`, breadth first.
    private static func shortestCycle(from start: String, within members: Set<String>, edges: [String: [Edge]])
        -> [Edge]?
    {
        var reachedBy: [String: (from: String, edge: Edge)] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges[node] ?? [] where members.contains(edge.target) {
                if edge.target == start {
                    var path = [edge]
                    var current = node
                    while current != start, let step = reachedBy[current] {
                        path.append(step.edge)
                        current = step.from
                    }
                    return path.reversed()
                }
                if reachedBy[edge.target] == nil {
                    reachedBy[edge.target] = (node, edge)
                    queue.append(edge.target)
                }
            }
        }
        return nil
    }

    private mutating func report(cycle path: [Edge], from start: String) {
        let chain = ([start] + path.map(\.target)).map { "Type[\($0)]" }.joined(separator: " → ")
        let steps = path.map { "\($0.need.site) needs '\($0.target)'" }.joined(separator: ", ")
        let members = [start] + path.dropLast().map(\.target)
        let isCertain = graph.opaqueProvider == nil
        let severity: GraphDiagnostic.Severity =
            !isCertain
            ? .remark
            : role == .assembling
                && members.allSatisfy({ name in
                    graph.registerables.contains { $0.qualifiedName == name && graph.isListed($0) }
                }) ? .error : .warning
        diagnostics.append(
            GraphDiagnostic(
                severity: severity, location: path[0].need.location,
                message: "dependency cycle \(chain): \(steps). Break it with a lazily resolved @Injected property "
                    + "or a factory parameter"))
        for edge in path.dropFirst() {
            diagnostics.append(
                GraphDiagnostic(
                    severity: .note, location: edge.need.location,
                    message: "\(edge.need.site) needs '\(edge.target)' here, closing the cycle \(chain)"))
        }
    }

    // MARK: Captive dependencies

    private mutating func findCaptives() {
        guard graph.opaqueProvider == nil else { return }
        for node in graph.registerables where node.scope.holdsInstanceLong && !graph.isRescoped(node) {
            guard role == .library || graph.isListed(node) else { continue }
            for need in node.needs where need.keepsInstance && !need.isConditional {
                guard let index = uniqueProviders[need] else { continue }
                let provider = graph.providers[index]
                let scope = graph.effectiveScope(of: provider)
                guard scope.isShortLived, let type = provider.type,
                    graph.kind(of: type)?.hasReferenceSemantics == true
                else { continue }
                diagnostics.append(
                    GraphDiagnostic(
                        severity: .warning, location: need.location,
                        message: "captive dependency: '\(node.qualifiedName)' (\(node.scope)) holds "
                            + "\(provider.keyDescription) (\(scope)), needed by \(need.site). The \(scope) dependency "
                            + "now lives as long as its \(node.scope) holder; make it \(node.scope), or resolve it "
                            + "when needed instead of holding it"))
            }
        }
    }
}
