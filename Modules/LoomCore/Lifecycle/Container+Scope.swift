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
        let (scope, context) = openRequestScope()
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
        try await run(openRequestScope(), isolation: isolation, hookTimeout: hookTimeout, operation: operation)
    }

    /// Runs `operation` in a new request scope given `values`: inside it, `Dependency.provided(_:)` registrations
    /// of their types resolve to them; `.scoped` registrations get one instance for the length of the closure.
    ///
    /// Use it where a unit of work brings its own values — a server's request, its id, a logger carrying that id —
    /// so that the services a handler resolves can take them as dependencies. Each value is found by the static
    /// type it is passed as; declare that type with `Dependency.provided(_:)` so the graph (and ``verify()``)
    /// knows it. Scopes nest: an inner scope sees the values of the scopes around it unless it is given its own.
    ///
    /// ```swift
    /// let container = Container {
    ///     Dependency.provided(RequestID.self)
    ///     Dependency { AuditTrail(request: try DependencyGraph.inject()) }.scope(.scoped)
    /// }
    /// try container.withScope(providing: RequestID("42")) { scope in
    ///     let trail: AuditTrail = try scope.resolve()   // built with RequestID("42")
    /// }
    /// ```
    ///
    /// > Important: `async` release hooks of the scope's instances start in a task when the closure returns; use
    /// > the `async` form to await them.
    ///
    /// - Parameters:
    ///   - values: The scope's own values, each found by its static type.
    ///   - operation: The work of one request; receives the scope.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @_disfavoredOverload
    public func withScope<each Provided: Sendable, R>(
        providing values: repeat each Provided,
        operation: (RequestScope) throws -> R
    ) rethrows -> R {
        let (scope, context) = openRequestScope(providing: PackedValues(repeat each values))
        defer { scope.endAndRelease() }
        return try context.bind { try operation(scope) }
    }

    /// Runs async `operation` in a new request scope given `values`, on the caller's executor; when it returns,
    /// throws or its task is cancelled, the scope's `.scoped` instances are released and their hooks awaited.
    ///
    /// Inside the scope, `Dependency.provided(_:)` registrations of the values' types resolve to them; see
    /// ``withScope(providing:operation:)``.
    ///
    /// ```swift
    /// try await container.withScope(providing: request, RequestID(request.id)) { scope in
    ///     let handler: NotesHandler = try await scope.load()
    ///     return try await handler.respond()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - values: The scope's own values, each found by its static type.
    ///   - isolation: The caller's isolation, kept for `operation` (leave the default).
    ///   - hookTimeout: How long to wait for one `async` release hook before reporting it.
    ///   - operation: The work of one request; receives the scope.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws (a failed hook is then only logged), else ``ReleaseError`` when a release
    ///   hook failed.
    public func withScope<each Provided: Sendable, R>(
        providing values: repeat each Provided,
        isolation: isolated (any Actor)? = #isolation,
        hookTimeout: Duration = .seconds(30),
        operation: (RequestScope) async throws -> R
    ) async throws -> R {
        try await run(
            openRequestScope(providing: PackedValues(repeat each values)), isolation: isolation,
            hookTimeout: hookTimeout,
            operation: operation)
    }

    /// Runs `operation` inside the `opened` scope, then ends it and awaits its release hooks: what both `async`
    /// forms of `withScope` do once the scope is open.
    private func run<R>(
        _ opened: (scope: RequestScope, context: ResolutionContext),
        isolation: isolated (any Actor)?,
        hookTimeout: Duration,
        operation: (RequestScope) async throws -> R
    ) async throws -> R {
        let (scope, context) = opened
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

    /// Opens a request scope inside the current one: the scope, and the context to bind around every piece of the
    /// request's work (one read of the current context serves both).
    ///
    /// `withScope` ends it when its operation returns; a server ends it after the response body is written, which is
    /// later than the handler's return. The caller ends it — ``RequestScope/end()`` and `Release.perform`, or
    /// ``RequestScope/endAndRelease()`` — also when the work throws; ending is idempotent. A scope let go without
    /// being ended ends as it goes, its `async` hooks started in a task.
    package func openRequestScope(providing values: (any ProvidedValues)? = nil) -> (RequestScope, ResolutionContext) {
        let current = ResolutionContext.current
        let scope = RequestScope(container: self, parent: current?.requestScope, providing: values)
        return (scope, ResolutionContext(inside: current, requestScope: scope))
    }
}
