import LoomCore
import LoomRuntime
import LoomTestSupport

/// What a random graph's node factories build: the node, the argument it was built with, and its dependencies, so
/// a resolved value can be checked against the graph it came from.
final class NodeInstance: Sendable {
    let node: Int
    let argument: Int?
    let dependencies: [NodeInstance]

    init(node: Int, argument: Int?, dependencies: [NodeInstance]) {
        self.node = node
        self.argument = argument
        self.dependencies = dependencies
    }
}

/// The factory call budget of one graph was exhausted: the graph is too expensive to resolve, a generator bug.
struct RunawayGraphError: Error {}

/// One random graph registered in a container, with everything needed to check what resolving it did.
///
/// Factories resolve their dependencies by name, either from the `DependencyGraph` (the container is activated) or
/// from the container itself (it is never activated, and `cleanup()` ends its life instead of deactivation). The
/// container is referenced weakly from its own factories, so a leak of it shows up as a leak and not as a cycle of
/// the test's making.
final class RegisteredGraph: Sendable {
    /// Where factories resolve their dependencies from.
    enum Host: Sendable {
        case dependencyGraph, container
    }

    let graph: RandomGraph
    let host: Host
    let names: [String]
    private let nodeByLocator: [DependencyLocator: Int]
    let managedScope = ManagedScope()
    /// How often each (node, argument) was constructed, counted once the factory succeeded.
    let constructions = LoomLock<[RandomGraph.Edge: Int]>([:])
    /// Every instance ever built, to prove that none outlives the container's deactivation or cleanup.
    let built = Collected<Weak<NodeInstance>>()
    private let factoryCalls = Counter()
    private let containerReference = LoomLock(Weak<Container>(nil))
    /// Factory calls allowed before a graph counts as runaway (a generator bug rather than an engine one).
    static let factoryCallBudget = 200_000

    /// Names node `n` `<prefix>.<seed>.<index>.<n>`, so graphs of different tests and seeds never share a name.
    init(_ graph: RandomGraph, host: Host, prefix: String) {
        self.graph = graph
        self.host = host
        names = graph.nodes.indices.map { "\(prefix).\(graph.seed).\(graph.index).\($0)" }
        nodeByLocator = Dictionary(
            uniqueKeysWithValues: names.enumerated().map { (DependencyLocator.name($0.element), $0.offset) })
    }

    /// Builds the graph's container: declaratively at initialisation (`Container { … }`) or added afterwards
    /// (`container.add { … }`), chosen by the graph's index so both paths are covered.
    func makeContainer() -> Container {
        let name = "\(names.first ?? "empty")-container"
        let container: Container
        if graph.index.isMultiple(of: 2) {
            container = Container(name: name, logger: DisabledLogger()) { [self] in registrations() }
        } else {
            container = Container(name: name, logger: DisabledLogger())
            container.add { registrations() }
        }
        containerReference.withLock { $0 = Weak(container) }
        return container
    }

    @DependencyBuilder
    private func registrations() -> DependencyGroup {
        for node in graph.nodes.indices {
            let scope = dependencyScope(of: graph.nodes[node].scope)
            if graph.nodes[node].takesArgument {
                Dependency(named: names[node]) { [self] (argument: Int) in try build(node, argument: argument) }
                    .scope(scope)
            } else {
                Dependency(named: names[node]) { [self] in try build(node, argument: nil) }.scope(scope)
            }
        }
    }

    private func dependencyScope(of scope: RandomGraph.Scope) -> DependencyScope {
        switch scope {
        case .instance: .instance
        case .shared: .shared
        case .singleton: .singleton
        case .managed: .managed(managedScope)
        }
    }

    /// The factory of every node: resolve the dependencies in order, then count and track the new instance.
    private func build(_ node: Int, argument: Int?) throws -> NodeInstance {
        guard factoryCalls.increment() <= Self.factoryCallBudget else { throw RunawayGraphError() }
        let dependencies = try graph.nodes[node].dependencies.map { try resolve($0) }
        let instance = NodeInstance(node: node, argument: argument, dependencies: dependencies)
        constructions.withLock { $0[RandomGraph.Edge(target: node, argument: argument), default: 0] += 1 }
        built.append(Weak(instance))
        return instance
    }

    /// Resolves one edge the way a node's factory does.
    func resolve(_ edge: RandomGraph.Edge) throws -> NodeInstance {
        let name = names[edge.target]
        switch host {
        case .dependencyGraph:
            if let argument = edge.argument { return try DependencyGraph.inject(byName: name, argument) }
            return try DependencyGraph.inject(byName: name)
        case .container:
            guard let container = containerReference.withLock({ $0.object }) else {
                throw InjectionError.missingDependency(
                    DependencyContext(locator: .name(name), requestedType: "NodeInstance"), suggestions: [])
            }
            if let argument = edge.argument { return try container.inject(byName: name, argument) }
            return try container.inject(byName: name)
        }
    }

    /// The node a locator of a reported chain names, if it is one of this graph's.
    func node(of locator: DependencyLocator) -> Int? {
        nodeByLocator[locator]
    }

    /// Instances built for this graph that are still alive.
    var survivors: [NodeInstance] {
        built.all.compactMap(\.object)
    }
}
