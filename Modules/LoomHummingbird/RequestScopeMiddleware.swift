public import Hummingbird
internal import Logging
public import LoomCore

/// A router middleware that runs each request in its own request scope of a container: the handler, and the
/// services it resolves, get that request's `.scoped` instances and its provided values with no extra plumbing.
///
/// Add it to a router (or a route group) whose handlers resolve from the container. Inside the request the
/// scope provides three values, resolvable by type where the graph declares them (``ServerRequestValues``):
/// the Hummingbird `Request`, its ``ServerRequestID`` and the request's `Logger` (which carries the id). The scope
/// ends — its `.scoped` instances released, dependents first, their hooks awaited — when the response body has been
/// written, so a streamed body keeps the instances it uses alive until it finishes; when the handler throws, it
/// ends before the error goes on to the router's error handling; when the client goes away, it ends as the body's
/// write fails or, if the response is dropped unwritten, as the response is let go.
///
/// ```swift
/// let container = Container {
///     ServerRequestValues()
///     Dependency { RequestLog(logger: try DependencyGraph.inject()) }.scope(.scoped)
/// }
/// let router = Router()
/// router.add(middleware: RequestScopeMiddleware(container))
/// router.get("/hello") { _, _ in
///     let log: RequestLog = try container.resolve()   // this request's instance
///     return "Hello"
/// }
/// ```
///
/// > Important: Work the handler starts in a detached task or on another thread is outside the request's task and
/// > sees no scope. Child tasks inherit it, and must finish before the response is written: the scope may end then.
public struct RequestScopeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The container whose `.scoped` registrations get one instance per request.
    ///
    /// ```swift
    /// RequestScopeMiddleware(container).container === container   // true
    /// ```
    public let container: Container
    /// How long the end of a request waits for one `async` release hook before reporting it.
    ///
    /// ```swift
    /// RequestScopeMiddleware(container, hookTimeout: .seconds(5)).hookTimeout   // 5 seconds
    /// ```
    public let hookTimeout: Duration

    /// Creates the middleware for a router whose handlers resolve from `container`.
    ///
    /// ```swift
    /// let router = Router(context: AppRequestContext.self)
    /// router.add(middleware: RequestScopeMiddleware(container))
    /// ```
    /// - Parameters:
    ///   - container: The container whose request scopes the requests run in.
    ///   - context: The router's request context type; usually inferred.
    ///   - hookTimeout: How long the end of a request waits for one `async` release hook before reporting it.
    public init(_ container: Container, context: Context.Type = Context.self, hookTimeout: Duration = .seconds(30)) {
        self.container = container
        self.hookTimeout = hookTimeout
    }

    /// Runs `next` in a new request scope and ends the scope once the response it returns has been written.
    ///
    /// ```swift
    /// let response = try await middleware.handle(request, context: context) { request, context in
    ///     try await responder.respond(to: request, context: context)
    /// }
    /// ```
    /// - Parameters:
    ///   - request: The request.
    ///   - context: The request's context; its logger is the scope's `Logger`.
    ///   - next: The rest of the router (the next middleware or the handler).
    /// - Returns: `next`'s response, its body wrapped so that writing it ends the scope.
    /// - Throws: What `next` throws, after the scope has ended.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let logger = context.logger
        // Ended below on every path; if the response is dropped before its body is written (the client went away
        // first), the scope ends as the body closure holding it goes, its `async` hooks started in a task.
        let (scope, scopeContext) = container.openRequestScope(
            providing: RequestValues(request: request, logger: logger))
        var response: Response
        do {
            response = try await scopeContext.bind(isolation: #isolation) { try await next(request, context) }
        } catch {
            await end(scope, logger: logger)
            throw error
        }
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { [self] writer in
            // The body is written after the handler returned, by the server: bound again, so a streamed body that
            // resolves sees the request's scope.
            do {
                try await scopeContext.bind(isolation: #isolation) { try await body.write(writer) }
            } catch {
                await end(scope, logger: logger)
                throw error
            }
            await end(scope, logger: logger)
        }
        return response
    }

    /// Ends the request's scope and awaits its release hooks; failures are logged to the request's logger.
    private func end(_ scope: RequestScope, logger: Logger) async {
        let releases = scope.end()
        guard !releases.isEmpty else { return }
        for failure in await Release.perform(releases, hookTimeout: hookTimeout) {
            logger.error("Release failed at the end of the request: \(failure)")
        }
    }
}
