extension Dependency where Value: Sendable {
    /// Declares a value that each request scope brings itself — the request, its id, a per-request logger — rather
    /// than a factory: inside `withScope(providing:)`, resolving `Value` gives the value the scope was opened with.
    ///
    /// Use it for what a server (or a job runner) hands to each unit of work, so that services resolved inside the
    /// scope can depend on it like on any registration, and the graph — ``Container/verify()``, the graph
    /// description — knows it. It behaves like a `.scoped` registration without a factory: one value per scope,
    /// found in the innermost scope given one. In the container that declares it, it stands in for any
    /// registration of `Value` in the containers it reads from.
    ///
    /// ```swift
    /// let container = Container {
    ///     Dependency.provided(RequestID.self)
    ///     Dependency { RequestLog(id: try DependencyGraph.inject()) }.scope(.scoped)
    /// }
    /// try await container.withScope(providing: RequestID("42")) { scope in
    ///     let log: RequestLog = try scope.resolve()   // RequestLog(id: RequestID("42"))
    /// }
    /// ```
    ///
    /// > Important: Outside any request scope it throws ``InjectionError/outsideRequestScope(_:)``; in a scope
    /// > given no `Value`, ``InjectionError/notProvided(_:)``. ``Container/verify()`` lists what needs a provided
    /// > value as skipped (only a request has one), not as a defect.
    ///
    /// - Parameters:
    ///   - type: The type the scope's value is passed as to `withScope(providing:)`.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    /// - Returns: The declaration, with the `.scoped` scope.
    public static func provided(
        _ type: Value.Type = Value.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> Dependency {
        Dependency(
            provider: .init { try RequestScope.currentProvidedValue(Value.self) }, scope: .scoped,
            fileID: fileID, line: line)
    }
}

extension RequestScope {
    /// The value the current task's innermost request scope (or one around it) was given as `T`: the factory of a
    /// `Dependency.provided(_:)` registration, which runs in that scope.
    ///
    /// - Throws: ``InjectionError/outsideRequestScope(_:)`` outside any scope, ``InjectionError/notProvided(_:)``
    ///   when no scope in the chain was given a `T`.
    package static func currentProvidedValue<T>(_ type: T.Type) throws -> T {
        let context = DependencyContext(locator: .type(T.self), requestedType: typeName(T.self))
        guard let scope = ResolutionContext.current?.requestScope else {
            throw InjectionError.outsideRequestScope(context)
        }
        guard let value = scope.providedValue(T.self) else { throw InjectionError.notProvided(context) }
        return value
    }
}
