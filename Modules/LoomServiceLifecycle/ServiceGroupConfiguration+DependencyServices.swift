public import Logging
public import ServiceLifecycle
public import UnixSignals

extension ServiceGroupConfiguration {
    /// A configuration running `services` in their dependency order: each starts after the services it depends on
    /// and, on a graceful shutdown (a call, a `gracefulShutdownSignals` signal, the parent task's), stops before them.
    ///
    /// A service whose `run()` returns or throws shuts the group down gracefully (see
    /// ``DependencyServices/configurations(successTerminationBehavior:failureTerminationBehavior:)`` for other
    /// behaviours). A `cancellationSignals` signal or the cancellation of the task running the group cancels every
    /// service at once, as swift-service-lifecycle does; ``DependencyServiceGroup`` turns task cancellation into an
    /// ordered shutdown instead.
    ///
    /// ```swift
    /// let services = try await DependencyServices(container: app)
    /// let group = ServiceGroup(
    ///     configuration: ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm], logger: logger))
    /// try await group.run()
    /// ```
    ///
    /// - Parameters:
    ///   - services: The services, found and ordered by ``DependencyServices``.
    ///   - gracefulShutdownSignals: Signals that shut the group down gracefully, in order.
    ///   - cancellationSignals: Signals that cancel the group.
    ///   - logger: The group's logger.
    public init(
        services: DependencyServices, gracefulShutdownSignals: [UnixSignal] = [],
        cancellationSignals: [UnixSignal] = [], logger: Logger
    ) {
        self.init(
            services: services.configurations(), gracefulShutdownSignals: gracefulShutdownSignals,
            cancellationSignals: cancellationSignals, logger: logger)
    }
}
