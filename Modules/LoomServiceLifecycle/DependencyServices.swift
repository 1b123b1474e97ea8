public import LoomCore
internal import LoomRuntime
public import ServiceLifecycle

/// The services of a container (or of the whole `DependencyGraph`), resolved and in start order: a service comes
/// after every service it depends on, directly or through dependencies that are not services.
///
/// Use it to hand a container's services to a `ServiceGroup` of your own; ``DependencyServiceGroup`` does that and
/// releases the container's cached instances afterwards.
///
/// ```swift
/// let services = try await DependencyServices(container: app)
/// print(services.names)   // ["Type[Database]", "Type[Indexer]", "Type[HTTPServer]"]
/// let group = ServiceGroup(
///     configuration: ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm], logger: logger))
/// try await group.run()
/// ```
///
/// Which registrations are services: those that need no arguments, whose registered type — or a type they answer
/// for through `.conforms(to:)` — conforms to `Service` (or is `any Service`), and whose instance the group can share
/// with the app: a cached scope (`.shared`, `.singleton`, `.managed`), or a value type in `.instance` scope (a value
/// has no identity, so the copy the group runs is as good as any). A class registered with `.instance` scope is not
/// run: the group would run an instance nobody else sees; nor is a `.scoped` registration, which has one instance per
/// request scope. A registration shadowed by another under the same key (a child
/// container's, a test override's) is not run either; the one that answers is. Services are found in registration
/// order, which breaks ties between services that do not depend on each other.
///
/// The dependencies are the ones Loom records while it builds the services: what each factory resolved (through
/// any depth of dependencies that are not services) and what each service's injected properties (`@Injected`,
/// `@InjectedWeakly`) resolve at their first read, which finding the services performs. An instance built before —
/// by the app, or eagerly at activation — is built once more in a sandbox, as `verify()` does, to record what it
/// needs: its factory (and those below it) runs again, and that copy is released unused, its release hook run.
///
/// > Important: A factory that must not run twice (it binds a port, takes a lock file) should not be built before
/// > the services are found: find them first, or resolve it lazily.
///
/// > Important: swift-service-lifecycle calls every service's `run()` at once and shuts services down in reverse
/// > array order. The configurations made here also hold back each service's `run()` until the services it depends
/// > on have entered theirs, so run all of them in one group: a service whose dependency is left out waits until the
/// > group is cancelled (a graceful shutdown does not end the wait; `maximumGracefulShutdownDuration` bounds it).
public struct DependencyServices: Sendable, CustomStringConvertible {
    /// The services, in start order (shutdown runs in reverse).
    ///
    /// ```swift
    /// let server = try #require(services.services.last as? HTTPServer)
    /// ```
    public let services: [any Service]
    /// Each service's registration key, as errors print it (`Type[Database]`), in start order.
    ///
    /// ```swift
    /// services.names.joined(separator: " → ")   // "Type[Database] → Type[HTTPServer]"
    /// ```
    public let names: [String]
    /// For each service, the positions in ``services`` of the services it depends on (directly or not), ascending.
    ///
    /// ```swift
    /// for (index, needed) in services.dependencies.enumerated() {
    ///     print(services.names[index], "needs", needed.map { services.names[$0] })
    /// }
    /// ```
    public let dependencies: [[Int]]
    /// Releases the cached instances of the source: what ``DependencyServiceGroup`` runs when the group has ended.
    let release: @Sendable () async throws -> Void

    /// Finds, resolves and orders the services of `container` and its parents.
    ///
    /// ```swift
    /// let services = try await DependencyServices(container: app)
    /// ```
    ///
    /// - Parameter container: The container whose registrations (and its parents') are searched and resolved.
    /// - Throws: `InjectionError` when a service cannot be resolved (its `resolve` error, such as
    ///   `cyclicDependencyReference`), or `InjectionError.cyclicDependencyReference` when services depend on each
    ///   other in a circle.
    public init(container: Container) async throws {
        try await self.init(source: container) {
            // A parent's instances never depend on a child's: the container first, then each parent in turn,
            // every one of them even when an earlier one reports failed hooks.
            var errors: [ReleaseError] = []
            var current: Container? = container
            while let next = current {
                do {
                    try await next.shutdown()
                } catch let error as ReleaseError {
                    errors.append(error)
                }
                current = next.parent
            }
            if !errors.isEmpty { throw ReleaseError(combining: errors) }
        }
    }

    /// Finds, resolves and orders the services of every active container of the `DependencyGraph`.
    ///
    /// ```swift
    /// DependencyGraph.activate(app)
    /// let services = try await DependencyServices.ofDependencyGraph()
    /// ```
    ///
    /// - Returns: The graph's services in start order.
    /// - Throws: As ``init(container:)``.
    public static func ofDependencyGraph() async throws -> DependencyServices {
        try await DependencyServices(source: GraphSource()) { try await DependencyGraph.shutdown() }
    }

    private init(source: any DependencySource, release: @escaping @Sendable () async throws -> Void) async throws {
        let registrations = RecordingLoader.answeringRegistrations(of: source)
        let candidates = registrations.filter(\.runsAsService)
        let loaded = try await RecordingLoader.load(candidates, from: source)
        var services: [(entry: RegistrationEntry, service: any Service)] = []
        for (entry, instance) in zip(candidates, loaded.instances) {
            guard let service = instance as? any Service else {
                throw InjectionError.mismatchedDependencyType(
                    actual: typeName(type(of: instance)), expected: "any Service")
            }
            services.append((entry, service))
        }
        let order = try ServiceOrder(services: services.map(\.entry), edges: loaded.edges)
        self.services = order.positions.map { services[$0].service }
        names = order.positions.map { services[$0].entry.key.description }
        dependencies = order.dependencies
        self.release = release
    }

    /// The services in start order, each with the services it waits for.
    ///
    /// ```swift
    /// print(services)
    /// // 1. Type[Database]
    /// // 2. Type[HTTPServer] (after Type[Database])
    /// ```
    public var description: String {
        names.enumerated().map { index, name in
            let needed = dependencies[index].map { names[$0] }
            return "\(index + 1). \(name)" + (needed.isEmpty ? "" : " (after \(needed.joined(separator: ", ")))")
        }
        .joined(separator: "\n")
    }

    /// One configuration per service, in start order, for a `ServiceGroupConfiguration`.
    ///
    /// Each service's `run()` is held back until the services it depends on have entered theirs. Call it once per
    /// group: the configurations carry that group's start signals.
    ///
    /// ```swift
    /// var configuration = ServiceGroupConfiguration(services: services.configurations(), logger: logger)
    /// configuration.maximumGracefulShutdownDuration = .seconds(10)
    /// ```
    ///
    /// - Parameters:
    ///   - successTerminationBehavior: What the group does when a service's `run()` returns; by default it shuts the
    ///     other services down gracefully, in order (swift-service-lifecycle's own default cancels them all at once).
    ///   - failureTerminationBehavior: What the group does when a service's `run()` throws; by default the same.
    /// - Returns: The services' configurations, named by their registration keys.
    public func configurations(
        successTerminationBehavior: ServiceGroupConfiguration.ServiceConfiguration.TerminationBehavior =
            .gracefullyShutdownGroup,
        failureTerminationBehavior: ServiceGroupConfiguration.ServiceConfiguration.TerminationBehavior =
            .gracefullyShutdownGroup
    ) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        let signals = services.map { _ in StartSignal() }
        return services.indices.map { index in
            ServiceGroupConfiguration.ServiceConfiguration(
                service: OrderedService(
                    service: services[index], name: names[index], started: signals[index],
                    waitsFor: dependencies[index].map { signals[$0] }),
                successTerminationBehavior: successTerminationBehavior,
                failureTerminationBehavior: failureTerminationBehavior,
                serviceName: names[index]
            )
        }
    }
}

extension RegistrationEntry {
    /// Whether ``DependencyServices`` runs this registration's instance (its documentation states the rule).
    fileprivate var runsAsService: Bool {
        let attributes = attributes
        guard attributes.parameterList == nil, !attributes.takesEnclosingObject else { return false }
        let types = [attributes.valueType] + attributes.aliases.map(\.type)
        guard types.contains(where: isService) else { return false }
        switch attributes.scope {
        case .shared, .singleton, .managed: return true
        case .instance: return !(attributes.valueType is AnyClass) && !TypeShape.isExistential(attributes.valueType)
        case .scoped: return false
        }
    }
}

/// Whether `type` conforms to `Service` or is `any Service` itself.
private func isService(_ type: Any.Type) -> Bool {
    type is any Service.Type || ObjectIdentifier(type) == ObjectIdentifier((any Service).self)
}
