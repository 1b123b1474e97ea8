extension Container {
    /// Runs `operation` in a new request scope: `.scoped` registrations get one instance for the length of the
    /// closure, released (dependents first) when it returns or throws.
    ///
    /// Resolutions in the closure — through `scope`, the container, the graph or `@Injected` — see the scope. Scopes
    /// nest: an inner scope has its own `.scoped` instances, released when the inner closure ends.
    ///
    /// ```swift
    /// container.register(scope: .scoped) { RequestContext() }
    /// try container.withScope { scope in
    ///     let context: RequestContext = try scope.resolve()
    ///     handle(request, context)
    /// }
    /// ```
    ///
    /// > Important: `async` release hooks of the scope's instances start in a task when the closure returns (a
    /// > synchronous function cannot wait for them); use the `async` form to await them. Failures are logged.
    ///
    /// - Parameter operation: The work of one request; receives the scope.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    ///
    /// Disfavoured so that `async` code always gets the `async` form (written with `await`), which awaits the hooks.
    @_disfavoredOverload
    public func withScope<R>(operation: (RequestScope) throws -> R) rethrows -> R {
        let (scope, context) = openScope()
        defer { scope.endAndRelease() }
        return try context.bind { try operation(scope) }
    }

    /// Runs async `operation` in a new request scope, on the caller's executor; when it returns, throws or its task
    /// is cancelled, the scope's `.scoped` instances are released (dependents first) and their hooks awaited.
    ///
    /// ```swift
    /// try await container.withScope { scope in
    ///     let user: CurrentUser = try await scope.load()
    ///     try await respond(to: request, as: user)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The caller's isolation, kept for `operation` (leave the default).
    ///   - hookTimeout: How long to wait for one `async` release hook before reporting it.
    ///   - operation: The work of one request; receives the scope.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws (a failed hook is then only logged), else ``ReleaseError`` when a release
    ///   hook failed.
    public func withScope<R>(
        isolation: isolated (any Actor)? = #isolation,
        hookTimeout: Duration = .seconds(30),
        operation: (RequestScope) async throws -> R
    ) async throws -> R {
        let (scope, context) = openScope()
        let result: Result<R, any Error>
        do {
            result = .success(
                try await context.bind(isolation: isolation) { try await operation(scope) })
        } catch {
            result = .failure(error)
        }
        let failures = await Release.perform(scope.end(), hookTimeout: hookTimeout)
        switch result {
        case .success(let value):
            if !failures.isEmpty { throw ReleaseError(failures: failures) }
            return value
        case .failure(let error):
            for failure in failures {
                logTarget.log(.error, "Release failed: \(failure)", file: #fileID, line: #line)
            }
            throw error
        }
    }

    /// A new request scope inside the current one, and the context that binds it (one read of the current context
    /// serves both).
    private func openScope() -> (RequestScope, ResolutionContext) {
        let current = ResolutionContext.current
        let scope = RequestScope(container: self, parent: current?.requestScope)
        return (scope, ResolutionContext(inside: current, requestScope: scope))
    }
}
