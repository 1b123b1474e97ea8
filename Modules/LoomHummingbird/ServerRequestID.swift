/// The id Hummingbird gave a request (its logger's `hb.request.id`), provided in the request's scope by
/// ``RequestScopeMiddleware``.
///
/// Depend on it where a service records or reports per request; declare it with ``ServerRequestValues`` (or
/// `Dependency.provided(ServerRequestID.self)`).
///
/// ```swift
/// router.get("/whoami") { _, _ in
///     let id: ServerRequestID = try container.resolve()
///     return id.description
/// }
/// ```
public struct ServerRequestID: Sendable, Hashable, CustomStringConvertible {
    /// The id as Hummingbird prints it in log lines.
    ///
    /// ```swift
    /// ServerRequestID("1f").rawValue   // "1f"
    /// ```
    public let rawValue: String

    /// Wraps an id; the middleware makes these, a test may too.
    ///
    /// ```swift
    /// let id = ServerRequestID("test-1")
    /// ```
    /// - Parameter rawValue: The id.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id itself.
    ///
    /// ```swift
    /// print(ServerRequestID("1f"))   // 1f
    /// ```
    public var description: String { rawValue }
}
