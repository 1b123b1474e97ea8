// `Conf` for main-actor keys (`ConfKeyMainActor`): the same API as for Sendable keys, isolated to the main actor,
// with its own main-actor store, so a non-Sendable value can never be reached from another isolation domain.

// MARK: - Current values (ConfKeyMainActor)

extension Conf {
    /// The current value of a key: the task's override, else the root value, else the default.
    ///
    /// ```swift
    /// let router = Conf.value(for: RouterKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all (a service key read before being set).
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's current value.
    @MainActor
    public static func value<K: ConfKeyMainActor>(
        for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        MainActorKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of the key named by a key path.
    ///
    /// ```swift
    /// let router = Conf.value(for: \.router)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys`` (its type names the key; it is not evaluated).
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's current value.
    @MainActor
    public static func value<K: ConfKeyMainActor>(
        for keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        MainActorKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of a key, by key type.
    ///
    /// ```swift
    /// let router = Conf[key: RouterKey.self]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    @MainActor
    public static subscript<K: ConfKeyMainActor>(key key: K.Type, fileID: StaticString = #fileID, line: UInt = #line)
        -> K.Value
    {
        MainActorKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of a key, by key type without a label.
    ///
    /// ```swift
    /// let router = Conf[RouterKey.self]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    @MainActor
    public static subscript<K: ConfKeyMainActor>(_ key: K.Type, fileID: StaticString = #fileID, line: UInt = #line)
        -> K.Value
    {
        MainActorKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of the key named by a key path.
    ///
    /// The everyday spelling.
    ///
    /// ```swift
    /// Conf[\.router].path.append("home")
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys`` (its type names the key; it is not evaluated).
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    @MainActor
    public static subscript<K: ConfKeyMainActor>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        MainActorKeyFamily<K>.read(fileID: fileID, line: line)
    }
}

// MARK: - Root values (ConfKeyMainActor)

extension Conf {
    /// The global value of a key, ignoring task overrides: the root value, else the default.
    ///
    /// ```swift
    /// let router = Conf.rootValue(for: RouterKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's root value or default.
    @MainActor
    public static func rootValue<K: ConfKeyMainActor>(
        for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        MainActorKeyFamily<K>.readRoot(fileID: fileID, line: line)
    }

    /// The global value of the key named by a key path, ignoring task overrides.
    ///
    /// ```swift
    /// let router = Conf.rootValue(for: \.router)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's root value or default.
    @MainActor
    public static func rootValue<K: ConfKeyMainActor>(
        for keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        MainActorKeyFamily<K>.readRoot(fileID: fileID, line: line)
    }

    /// Sets the global value of a key, visible to every task that does not override it.
    ///
    /// Use it at start-up to install services and configuration. Each call is one atomic update: concurrent calls
    /// for different keys all take effect.
    ///
    /// ```swift
    /// Conf.setRootValue(Router(), for: RouterKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - newValue: The new root value.
    ///   - key: The key type.
    @MainActor
    public static func setRootValue<K: ConfKeyMainActor>(_ newValue: K.Value, for key: K.Type = K.self) {
        MainActorKeyFamily<K>.setRootValue(newValue)
    }

    /// Sets the global value of the key named by a key path.
    ///
    /// ```swift
    /// Conf.setRootValue(Router(), for: \.router)
    /// ```
    ///
    /// - Parameters:
    ///   - newValue: The new root value.
    ///   - keyPath: The key's path in ``ConfKeys``.
    @MainActor
    public static func setRootValue<K: ConfKeyMainActor>(_ newValue: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>) {
        MainActorKeyFamily<K>.setRootValue(newValue)
    }

    /// The global value of a key, by key type: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// Conf[rootValueForKey: RouterKey.self] = Router()
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    @MainActor
    public static subscript<K: ConfKeyMainActor>(
        rootValueForKey key: K.Type, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        get { MainActorKeyFamily<K>.readRoot(fileID: fileID, line: line) }
        set { MainActorKeyFamily<K>.setRootValue(newValue) }
    }

    /// The global value of the key named by a key path: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// Conf[rootValueFor: \.router] = Router()
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    @MainActor
    public static subscript<K: ConfKeyMainActor>(
        rootValueFor keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        get { MainActorKeyFamily<K>.readRoot(fileID: fileID, line: line) }
        set { MainActorKeyFamily<K>.setRootValue(newValue) }
    }
}

// MARK: - Overrides (ConfKeyMainActor)

extension Conf {
    /// Runs `operation` with a main-actor key overridden for the current task and its child tasks.
    ///
    /// ```swift
    /// Conf.withValue(Router(), for: RouterKey.self) {
    ///     showHome()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - key: The key type.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @MainActor
    public static func withValue<K: ConfKeyMainActor, R>(
        _ value: K.Value, for key: K.Type = K.self, operation: () throws -> R
    ) rethrows -> R {
        try OverrideLayer.run(MainActorKeyFamily<K>.overriding(with: value), operation: operation)
    }

    /// Runs async `operation` on the main actor with a main-actor key overridden.
    ///
    /// ```swift
    /// await Conf.withValue(Router(), for: RouterKey.self) {
    ///     await showHome()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - key: The key type.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @MainActor
    public static func withValue<K: ConfKeyMainActor, R>(
        _ value: K.Value, for key: K.Type = K.self, operation: @MainActor () async throws -> R
    ) async rethrows -> R {
        try await OverrideLayer.run(
            MainActorKeyFamily<K>.overriding(with: value), isolation: MainActor.shared, operation: operation)
    }

    /// Runs `operation` with the main-actor key named by a key path overridden.
    ///
    /// ```swift
    /// Conf.withValue(Router(), for: \.router) {
    ///     showHome()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @MainActor
    public static func withValue<K: ConfKeyMainActor, R>(
        _ value: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>, operation: () throws -> R
    ) rethrows -> R {
        try withValue(value, for: K.self, operation: operation)
    }

    /// Runs async `operation` on the main actor with the main-actor key named by a key path overridden.
    ///
    /// ```swift
    /// await Conf.withValue(Router(), for: \.router) {
    ///     await showHome()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value the key has inside `operation`.
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @MainActor
    public static func withValue<K: ConfKeyMainActor, R>(
        _ value: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>, operation: @MainActor () async throws -> R
    ) async rethrows -> R {
        try await withValue(value, for: K.self, operation: operation)
    }
}
