public import Hummingbird
public import LoomCore
public import ServiceLifecycle

/// A Hummingbird application as a service of a `DependencyServiceGroup`, declaring the registrations its handlers
/// use so that the group starts it after them and stops it first.
///
/// Handlers resolve per request, so the group cannot discover what the application needs on its own: name it
/// with `uses:`. Register the service (a `.singleton`) in the container the group runs; the group then starts the
/// services those registrations need first, starts the application, stops it first on a graceful shutdown
/// (SIGTERM, say: the server finishes its requests) and releases the container's instances last.
///
/// ```swift
/// let application = Application(router: router)
/// container.register(scope: .singleton) { NoteDatabase() }     // a Service
/// container.register(scope: .singleton) {
///     try ApplicationService(application, uses: NoteDatabase.self, from: container)
/// }
/// try await DependencyServiceGroup(container: container, gracefulShutdownSignals: [.sigterm], logger: logger).run()
/// ```
public struct ApplicationService: Service, CustomStringConvertible {
    /// The application the service runs.
    ///
    /// ```swift
    /// print(service.application.configuration.address)
    /// ```
    public let application: any ApplicationProtocol

    /// Wraps `application` after resolving each type in `uses` from `container`, so that the registration building
    /// this service records them as its dependencies.
    ///
    /// Call it in the service's factory.
    ///
    /// ```swift
    /// Dependency { () throws -> ApplicationService in
    ///     try ApplicationService(app, uses: NoteDatabase.self, SearchIndex.self, from: container)
    /// }.scope(.singleton)
    /// ```
    /// - Parameters:
    ///   - application: The Hummingbird application.
    ///   - uses: The types the application's handlers resolve that must be running first (services, and what
    ///     depends on them).
    ///   - container: Where to resolve them: the container the handlers resolve from.
    /// - Throws: The ``InjectionError`` of a type that does not resolve.
    public init<each Used>(
        _ application: some ApplicationProtocol, uses: repeat (each Used).Type, from container: Container
    ) throws {
        func touch<T>(_ type: T.Type) throws { _ = try container.resolve(T.self) }
        repeat try touch(each uses)
        self.application = application
    }

    /// Runs the application until a graceful shutdown (or cancellation) stops its server.
    ///
    /// ```swift
    /// try await service.run()   // what the service group calls
    /// ```
    /// - Throws: What the application's `run()` throws.
    public func run() async throws {
        try await application.run()
    }

    /// `ApplicationService(Application)`.
    ///
    /// ```swift
    /// print(service)
    /// ```
    public var description: String { "ApplicationService(\(type(of: application)))" }
}
