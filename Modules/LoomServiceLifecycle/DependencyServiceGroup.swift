public import Logging
public import LoomCore
public import ServiceLifecycle
public import UnixSignals

/// Runs the services of a container (or of the `DependencyGraph`) until a graceful shutdown, in dependency order,
/// then releases the container's cached instances.
///
/// `run()` finds and resolves the services (see ``DependencyServices`` for which registrations are services), starts
/// each after the services it depends on, and shuts them down in reverse — dependents before their dependencies — on
/// a graceful shutdown: ``triggerGracefulShutdown()``, one of `gracefulShutdownSignals`, a parent `ServiceGroup`'s,
/// or the cancellation of the task running it. When every service has ended it releases the cached instances of the
/// container and then of each of its parents (`Container.shutdown()`), or of the graph (`DependencyGraph.shutdown()`),
/// so their release hooks run dependents first too, and returns.
///
/// ```swift
/// let services = DependencyServiceGroup(
///     container: app, gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "app"))
/// try await services.run()   // until SIGTERM or Ctrl-C
/// ```
///
/// It is a `Service` itself, so it can run inside a larger `ServiceGroup`.
///
/// > Important: Cancelling the task that runs it shuts the services down gracefully, in order; the
/// > `maximumGracefulShutdownDuration` bounds how long that may take before the remaining services are cancelled.
/// > A `cancellationSignals` signal cancels every service at once, as in swift-service-lifecycle.
public actor DependencyServiceGroup: Service {
    private enum Source {
        case container(Container)
        case dependencyGraph
    }

    private enum State {
        case initial(shutdownRequested: Bool)
        case resolving(shutdownRequested: Bool)
        case running(ServiceGroup)
        case finished
    }

    private let source: Source
    private let gracefulShutdownSignals: [UnixSignal]
    private let cancellationSignals: [UnixSignal]
    private let maximumGracefulShutdownDuration: Duration?
    private let logger: Logger
    private var state = State.initial(shutdownRequested: false)

    /// A group for the services of `container` and its parents.
    ///
    /// ```swift
    /// let services = DependencyServiceGroup(container: app, gracefulShutdownSignals: [.sigterm], logger: logger)
    /// ```
    ///
    /// - Parameters:
    ///   - container: Where the services are found and resolved; its cached instances are released at the end.
    ///   - gracefulShutdownSignals: Signals that shut the services down gracefully, in order (`[.sigterm, .sigint]`
    ///     for a server or a command-line tool).
    ///   - cancellationSignals: Signals that cancel every service at once.
    ///   - maximumGracefulShutdownDuration: How long a graceful shutdown may take before the services still running
    ///     are cancelled; `nil` waits for them.
    ///   - logger: The group's logger.
    public init(
        container: Container, gracefulShutdownSignals: [UnixSignal] = [], cancellationSignals: [UnixSignal] = [],
        maximumGracefulShutdownDuration: Duration? = nil, logger: Logger
    ) {
        self.init(
            source: .container(container), gracefulShutdownSignals: gracefulShutdownSignals,
            cancellationSignals: cancellationSignals, maximumGracefulShutdownDuration: maximumGracefulShutdownDuration,
            logger: logger)
    }

    /// A group for the services of every container active in the `DependencyGraph` when it runs.
    ///
    /// ```swift
    /// DependencyGraph.activate(app)
    /// let services = DependencyServiceGroup.ofDependencyGraph(gracefulShutdownSignals: [.sigterm], logger: logger)
    /// ```
    ///
    /// - Parameters:
    ///   - gracefulShutdownSignals: Signals that shut the services down gracefully, in order.
    ///   - cancellationSignals: Signals that cancel every service at once.
    ///   - maximumGracefulShutdownDuration: How long a graceful shutdown may take before the services still running
    ///     are cancelled; `nil` waits for them.
    ///   - logger: The group's logger.
    /// - Returns: A group that releases every cached instance of the graph when its services have ended.
    public static func ofDependencyGraph(
        gracefulShutdownSignals: [UnixSignal] = [], cancellationSignals: [UnixSignal] = [],
        maximumGracefulShutdownDuration: Duration? = nil, logger: Logger
    ) -> DependencyServiceGroup {
        DependencyServiceGroup(
            source: .dependencyGraph, gracefulShutdownSignals: gracefulShutdownSignals,
            cancellationSignals: cancellationSignals, maximumGracefulShutdownDuration: maximumGracefulShutdownDuration,
            logger: logger)
    }

    private init(
        source: Source, gracefulShutdownSignals: [UnixSignal], cancellationSignals: [UnixSignal],
        maximumGracefulShutdownDuration: Duration?, logger: Logger
    ) {
        self.source = source
        self.gracefulShutdownSignals = gracefulShutdownSignals
        self.cancellationSignals = cancellationSignals
        self.maximumGracefulShutdownDuration = maximumGracefulShutdownDuration
        self.logger = logger
    }

    /// Resolves the services, runs them until a graceful shutdown or until one ends, then releases the cached
    /// instances.
    ///
    /// ```swift
    /// try await services.run()
    /// ```
    ///
    /// - Throws: What ``DependencyServices/init(container:)`` throws (then no service has run and nothing is
    ///   released); else the group's error (a service's, or `ServiceGroupError`), or else the release's error. The
    ///   release runs whether the group ended well or not. A group runs once: `ServiceGroupError.alreadyRunning` or
    ///   `.alreadyFinished` on a second call.
    public func run() async throws {
        switch state {
        case .initial(let shutdownRequested): state = .resolving(shutdownRequested: shutdownRequested)
        case .resolving, .running: throw ServiceGroupError.alreadyRunning()
        case .finished: throw ServiceGroupError.alreadyFinished()
        }
        let services: DependencyServices
        do {
            services =
                switch source {
                case .container(let container): try await DependencyServices(container: container)
                case .dependencyGraph: try await DependencyServices.ofDependencyGraph()
                }
        } catch {
            state = .finished
            throw error
        }
        // A graceful shutdown may have been asked for while the services were resolved.
        guard case .resolving(let shutdownRequested) = state else { return }
        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: gracefulShutdownSignals,
            cancellationSignals: cancellationSignals, logger: logger)
        configuration.maximumGracefulShutdownDuration = maximumGracefulShutdownDuration
        let group = ServiceGroup(configuration: configuration)
        state = .running(group)
        if shutdownRequested { await group.triggerGracefulShutdown() }
        // The group runs in a task of its own so that cancelling this one does not cancel the services at once
        // (child tasks would be): cancellation asks the group for a graceful shutdown, which stops them in order.
        let running = Task { try await group.run() }
        let outcome = await withTaskCancellationHandler {
            await running.result
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
        state = .finished
        do {
            try await services.release()
        } catch {
            try outcome.get()
            throw error
        }
        try outcome.get()
    }

    /// Shuts the services down gracefully, dependents first; before `run()`, makes `run()` start them and shut them
    /// down at once.
    ///
    /// ```swift
    /// Task { await services.triggerGracefulShutdown() }
    /// ```
    public func triggerGracefulShutdown() async {
        switch state {
        case .initial: state = .initial(shutdownRequested: true)
        case .resolving: state = .resolving(shutdownRequested: true)
        case .running(let group): await group.triggerGracefulShutdown()
        case .finished: break
        }
    }
}
