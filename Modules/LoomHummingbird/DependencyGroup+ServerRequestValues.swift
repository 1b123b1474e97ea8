internal import Hummingbird
internal import Logging
public import LoomCore

extension DependencyGroup {
    /// Declares the values ``RequestScopeMiddleware`` provides in each request's scope: the Hummingbird `Request`,
    /// its ``ServerRequestID`` and the request's `Logger`.
    ///
    /// Put it in the container the middleware opens scopes on, so that services can depend on those values and
    /// `verify()` knows them (it lists what needs them as skipped: only a request has them). Inside a request
    /// `Logger` resolves to the request's logger, in place of a `Logger` registered in a parent container.
    ///
    /// ```swift
    /// let container = Container {
    ///     DependencyGroup.serverRequestValues
    ///     Dependency { AccessLog(id: try DependencyGraph.inject()) }.scope(.scoped)
    /// }
    /// ```
    public static var serverRequestValues: DependencyGroup {
        DependencyGroup {
            Dependency.provided(Request.self)
            Dependency.provided(ServerRequestID.self)
            Dependency.provided(Logger.self)
        }
    }
}
