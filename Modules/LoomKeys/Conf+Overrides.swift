// Task-local overrides: `withValue` / `withValues`, each as a synchronous and an isolation-preserving async pair.

extension Conf {
    /// Runs `operation` with a key overridden for the current task and the child tasks it creates.
    ///
    /// Use it to run code (a request, a test) against another value without touching the global one. Overrides nest:
    /// an inner `withValue` sees the outer one's overrides plus its own. When `operation` returns, the previous value
    /// is back. Tasks created with `Task { }` inside `operation` inherit the override for their whole life.
    ///
    /// ```swift
    /// Conf.withValue(1, for: RetryCountKey.self) {
    ///     #expect(Conf[\.retryCount] == 1)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - key: The key type.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<K: ConfKey, R>(
        _ value: K.Value, for key: K.Type = K.self, operation: () throws -> R
    ) rethrows -> R {
        try OverrideLayer.run(ConfKeyFamily<K>.overriding(with: value), operation: operation)
    }

    /// Runs async `operation` with a key overridden for the current task and its child tasks, on the caller's
    /// executor.
    ///
    /// ```swift
    /// await Conf.withValue(1, for: RetryCountKey.self) {
    ///     await runJob()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - key: The key type.
    ///   - isolation: The caller's isolation, kept for `operation` (leave the default).
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<K: ConfKey, R>(
        _ value: K.Value, for key: K.Type = K.self, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await OverrideLayer.run(
            ConfKeyFamily<K>.overriding(with: value), isolation: isolation, operation: operation)
    }

    /// Runs `operation` with the key named by a key path overridden for the current task and its child tasks.
    ///
    /// ```swift
    /// Conf.withValue(1, for: \.retryCount) {
    ///     runJob()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<K: ConfKey, R>(
        _ value: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>, operation: () throws -> R
    ) rethrows -> R {
        try withValue(value, for: K.self, operation: operation)
    }

    /// Runs async `operation` with the key named by a key path overridden, on the caller's executor.
    ///
    /// ```swift
    /// await Conf.withValue(1, for: \.retryCount) {
    ///     await runJob()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - isolation: The caller's isolation, kept for `operation` (leave the default).
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<K: ConfKey, R>(
        _ value: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await withValue(value, for: K.self, isolation: isolation, operation: operation)
    }

    /// Runs `operation` with an `InjectionKey` overridden for the current task and its child tasks.
    ///
    /// `InjectedValues` reads inside `operation` see the override too: both APIs share one store.
    ///
    /// ```swift
    /// Conf.withValue(MockProvider(), for: NetworkProviderKey.self) {
    ///     DataController().performDataRequest()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - key: The key type.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<K: InjectionKey, R>(
        _ value: K.Value, for key: K.Type = K.self, operation: () throws -> R
    ) rethrows -> R {
        try OverrideLayer.run(InjectionKeyFamily<K>.overriding(with: value), operation: operation)
    }

    /// Runs async `operation` with an `InjectionKey` overridden, on the caller's executor.
    ///
    /// ```swift
    /// await Conf.withValue(MockProvider(), for: NetworkProviderKey.self) {
    ///     await DataController().refresh()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - key: The key type.
    ///   - isolation: The caller's isolation, kept for `operation` (leave the default).
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<K: InjectionKey, R>(
        _ value: K.Value, for key: K.Type = K.self, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await OverrideLayer.run(
            InjectionKeyFamily<K>.overriding(with: value), isolation: isolation, operation: operation)
    }

    /// Runs `operation` with several keys overridden at once for the current task and its child tasks.
    ///
    /// `configure` receives a context that already holds the enclosing overrides; set or remove values in it.
    /// Main-actor keys can be set from main-actor code.
    ///
    /// ```swift
    /// Conf.withValues {
    ///     $0[\.retryCount] = 1
    ///     $0[\.verbose] = true
    /// } operation: {
    ///     runJob()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - configure: Sets the overrides.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `configure` or `operation` throws.
    public static func withValues<R>(
        _ configure: (inout ConfContext) throws -> Void, operation: () throws -> R
    ) rethrows -> R {
        var context = ConfContext.currentOverrides()
        try configure(&context)
        return try OverrideLayer.run(context, operation: operation)
    }

    /// Runs async `operation` with several keys overridden at once, on the caller's executor.
    ///
    /// ```swift
    /// await Conf.withValues {
    ///     $0[\.retryCount] = 1
    /// } operation: {
    ///     await runJob()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - configure: Sets the overrides.
    ///   - isolation: The caller's isolation, kept for `operation` (leave the default).
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `configure` or `operation` throws.
    public static func withValues<R>(
        _ configure: (inout ConfContext) throws -> Void, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        var context = ConfContext.currentOverrides()
        try configure(&context)
        return try await OverrideLayer.run(context, isolation: isolation, operation: operation)
    }
}
