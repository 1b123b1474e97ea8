// `Conf` for keys isolated to a global actor (`ConfKeyIsolated`): the same API as for main-actor keys, usable only
// where the key's isolated conformance is, that is in code isolated to the key's actor. The functions themselves are
// nonisolated and synchronous, so they run on their caller's actor.

// MARK: - Current values (ConfKeyIsolated)

extension Conf {
    /// The current value of an actor-isolated key: the task's override, else the root value, else the default.
    ///
    /// Callable only from code isolated to the key's actor (the compiler refuses it elsewhere).
    ///
    /// ```swift
    /// @DatabaseActor func openConnections() -> [String] {
    ///     Conf.value(for: ConnectionCacheKey.self).open
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all (a service key read before being set).
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's current value.
    public static func value<K: ConfKeyIsolated>(
        for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        IsolatedKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of the actor-isolated key named by a key path.
    ///
    /// ```swift
    /// @DatabaseActor func openConnections() -> [String] {
    ///     Conf.value(for: \.connectionCache).open
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys`` (its type names the key; it is not evaluated).
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's current value.
    public static func value<K: ConfKeyIsolated>(
        for keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        IsolatedKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of an actor-isolated key, by key type.
    ///
    /// ```swift
    /// @DatabaseActor func connect() { Conf[key: ConnectionCacheKey.self].open.append("primary") }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public static subscript<K: ConfKeyIsolated>(key key: K.Type, fileID: StaticString = #fileID, line: UInt = #line)
        -> K.Value
    {
        IsolatedKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of an actor-isolated key, by key type without a label.
    ///
    /// ```swift
    /// @DatabaseActor func connect() { Conf[ConnectionCacheKey.self].open.append("primary") }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public static subscript<K: ConfKeyIsolated>(_ key: K.Type, fileID: StaticString = #fileID, line: UInt = #line)
        -> K.Value
    {
        IsolatedKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of the actor-isolated key named by a key path.
    ///
    /// The everyday spelling; from code that is not isolated to the key's actor it does not compile.
    ///
    /// ```swift
    /// @DatabaseActor func connect() { Conf[\.connectionCache].open.append("primary") }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys`` (its type names the key; it is not evaluated).
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public static subscript<K: ConfKeyIsolated>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        IsolatedKeyFamily<K>.read(fileID: fileID, line: line)
    }
}

// MARK: - Root values (ConfKeyIsolated)

extension Conf {
    /// The global value of an actor-isolated key, ignoring task overrides: the root value, else the default.
    ///
    /// ```swift
    /// let cache = Conf.rootValue(for: ConnectionCacheKey.self)   // in @DatabaseActor code
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's root value or default.
    public static func rootValue<K: ConfKeyIsolated>(
        for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        IsolatedKeyFamily<K>.readRoot(fileID: fileID, line: line)
    }

    /// The global value of the actor-isolated key named by a key path, ignoring task overrides.
    ///
    /// ```swift
    /// let cache = Conf.rootValue(for: \.connectionCache)   // in @DatabaseActor code
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's root value or default.
    public static func rootValue<K: ConfKeyIsolated>(
        for keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        IsolatedKeyFamily<K>.readRoot(fileID: fileID, line: line)
    }

    /// Sets the global value of an actor-isolated key, visible to every task that does not override it.
    ///
    /// Use it at start-up, from code isolated to the key's actor. Inside `LoomTesting`'s `withTestDependencies` the
    /// value belongs to that test only.
    ///
    /// ```swift
    /// @DatabaseActor func install() { Conf.setRootValue(ConnectionCache(), for: ConnectionCacheKey.self) }
    /// ```
    ///
    /// - Parameters:
    ///   - newValue: The new root value.
    ///   - key: The key type.
    ///   - fileID: Reported if the caller is not on the key's actor.
    ///   - line: Reported with `fileID`.
    public static func setRootValue<K: ConfKeyIsolated>(
        _ newValue: K.Value, for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        IsolatedKeyFamily<K>.setRootValue(newValue, fileID: fileID, line: line)
    }

    /// Sets the global value of the actor-isolated key named by a key path.
    ///
    /// ```swift
    /// @DatabaseActor func install() { Conf.setRootValue(ConnectionCache(), for: \.connectionCache) }
    /// ```
    ///
    /// - Parameters:
    ///   - newValue: The new root value.
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - fileID: Reported if the caller is not on the key's actor.
    ///   - line: Reported with `fileID`.
    public static func setRootValue<K: ConfKeyIsolated>(
        _ newValue: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        IsolatedKeyFamily<K>.setRootValue(newValue, fileID: fileID, line: line)
    }

    /// The global value of an actor-isolated key, by key type: reading ignores overrides, writing sets the root
    /// value.
    ///
    /// ```swift
    /// Conf[rootValueForKey: ConnectionCacheKey.self] = ConnectionCache()   // in @DatabaseActor code
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public static subscript<K: ConfKeyIsolated>(
        rootValueForKey key: K.Type, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        get { IsolatedKeyFamily<K>.readRoot(fileID: fileID, line: line) }
        set { IsolatedKeyFamily<K>.setRootValue(newValue, fileID: fileID, line: line) }
    }

    /// The global value of the actor-isolated key named by a key path: reading ignores overrides, writing sets the
    /// root value.
    ///
    /// ```swift
    /// Conf[rootValueFor: \.connectionCache] = ConnectionCache()   // in @DatabaseActor code
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public static subscript<K: ConfKeyIsolated>(
        rootValueFor keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        get { IsolatedKeyFamily<K>.readRoot(fileID: fileID, line: line) }
        set { IsolatedKeyFamily<K>.setRootValue(newValue, fileID: fileID, line: line) }
    }
}

// MARK: - Overrides (ConfKeyIsolated)

// These four overloads are disfavoured: they only ever match a `ConfKeyIsolated` key, so ranking changes nothing for
// those, but without it the extra overloads push nested `Conf.withValue { … }` closures over `#expect` (as in
// ConfOverridesTests) past the type checker's budget ("unable to type-check this expression in reasonable time").

extension Conf {
    /// Runs `operation` with an actor-isolated key overridden for the current task and its child tasks.
    ///
    /// ```swift
    /// @DatabaseActor func testConnect() {
    ///     Conf.withValue(ConnectionCache(), for: ConnectionCacheKey.self) {
    ///         connect("test")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - key: The key type.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @_disfavoredOverload
    public static func withValue<K: ConfKeyIsolated, R>(
        _ value: K.Value, for key: K.Type = K.self, operation: () throws -> R
    ) rethrows -> R {
        try OverrideLayer.run(IsolatedKeyFamily<K>.overriding(with: value), operation: operation)
    }

    /// Runs async `operation` with an actor-isolated key overridden, on the caller's actor.
    ///
    /// Child tasks inherit the override; only code isolated to the key's actor can read it.
    ///
    /// ```swift
    /// @DatabaseActor func testConnect() async {
    ///     await Conf.withValue(ConnectionCache(), for: ConnectionCacheKey.self) {
    ///         await reconnect()
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - key: The key type.
    ///   - isolation: The caller's isolation, the key's actor, kept for `operation` (leave the default).
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @_disfavoredOverload
    public static func withValue<K: ConfKeyIsolated, R>(
        _ value: K.Value, for key: K.Type = K.self, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await OverrideLayer.run(
            IsolatedKeyFamily<K>.overriding(with: value), isolation: isolation, operation: operation)
    }

    /// Runs `operation` with the actor-isolated key named by a key path overridden.
    ///
    /// ```swift
    /// Conf.withValue(ConnectionCache(), for: \.connectionCache) {   // in @DatabaseActor code
    ///     connect("test")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @_disfavoredOverload
    public static func withValue<K: ConfKeyIsolated, R>(
        _ value: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>, operation: () throws -> R
    ) rethrows -> R {
        try withValue(value, for: K.self, operation: operation)
    }

    /// Runs async `operation` with the actor-isolated key named by a key path overridden, on the caller's actor.
    ///
    /// ```swift
    /// await Conf.withValue(ConnectionCache(), for: \.connectionCache) {   // in @DatabaseActor code
    ///     await reconnect()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - isolation: The caller's isolation, the key's actor, kept for `operation` (leave the default).
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @_disfavoredOverload
    public static func withValue<K: ConfKeyIsolated, R>(
        _ value: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await withValue(value, for: K.self, isolation: isolation, operation: operation)
    }
}
