public import LoomMacros

/// One instance per request scope.
@Registerable(scope: .scoped)
public final class RequestContext: Sendable {
    /// Creates the context.
    public init() {}
}

/// A singleton that keeps the first request's context for every later request.
@Registerable(scope: .singleton, parameters: .injected)
public final class Cache: Sendable {
    /// Creates the cache.
    public init(context: RequestContext) {}
}
