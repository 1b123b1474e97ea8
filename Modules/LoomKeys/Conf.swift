/// Reads and sets the values of configuration and service keys.
///
/// A read returns, in order: the current task's override (`withValue`/`withValues`), else the global root value
/// (`setRootValue`), else the key's default, built once on first need. Root values are process-wide and visible to
/// every task; overrides are task-local. Every key can be named by its type or by its key path in ``ConfKeys``
/// (key paths are never evaluated: their type names the key, so both spellings cost the same).
///
/// ```swift
/// extension ConfKeys {
///     #declareConfKey("retryCount", Int.self, defaultValue: 3)
/// }
/// Conf[\.retryCount]                      // 3
/// Conf.setRootValue(5, for: \.retryCount)
/// Conf[\.retryCount]                      // 5
/// Conf.withValue(1, for: \.retryCount) {
///     Conf[\.retryCount]                  // 1, in this task and its child tasks
/// }
/// ```
///
/// > Important: Inside `withValue`/`withValues`, the keys they override keep their overridden value even if their
/// > root value changes; keys they do not override still read the current root value.
public enum Conf: Sendable {}

// MARK: - Current values (ConfKey)

extension Conf {
    /// The current value of a key: the task's override, else the root value, else the default.
    ///
    /// ```swift
    /// let retries = Conf.value(for: RetryCountKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all (a service key read before being set).
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's current value.
    @inlinable
    public static func value<K: ConfKey>(
        for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        ConfKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of the key named by a key path.
    ///
    /// ```swift
    /// let retries = Conf.value(for: \.retryCount)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys`` (its type names the key; it is not evaluated).
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's current value.
    @inlinable
    public static func value<K: ConfKey>(
        for keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        ConfKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of a key, by key type.
    ///
    /// ```swift
    /// let retries = Conf[key: RetryCountKey.self]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    @inlinable
    public static subscript<K: ConfKey>(key key: K.Type, fileID: StaticString = #fileID, line: UInt = #line)
        -> K.Value
    {
        ConfKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of a key, by key type without a label.
    ///
    /// ```swift
    /// let retries = Conf[RetryCountKey.self]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    @inlinable
    public static subscript<K: ConfKey>(_ key: K.Type, fileID: StaticString = #fileID, line: UInt = #line) -> K.Value {
        ConfKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of the key named by a key path.
    ///
    /// The everyday spelling.
    ///
    /// ```swift
    /// if Conf[\.retryCount] > 3 { … }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys`` (its type names the key; it is not evaluated).
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    @inlinable
    public static subscript<K: ConfKey>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        ConfKeyFamily<K>.read(fileID: fileID, line: line)
    }
}

// MARK: - Root values (ConfKey)

extension Conf {
    /// The global value of a key, ignoring task overrides: the root value, else the default.
    ///
    /// ```swift
    /// let configured = Conf.rootValue(for: RetryCountKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's root value or default.
    public static func rootValue<K: ConfKey>(
        for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        ConfKeyFamily<K>.readRoot(fileID: fileID, line: line)
    }

    /// The global value of the key named by a key path, ignoring task overrides.
    ///
    /// ```swift
    /// let configured = Conf.rootValue(for: \.retryCount)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    /// - Returns: The key's root value or default.
    public static func rootValue<K: ConfKey>(
        for keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        ConfKeyFamily<K>.readRoot(fileID: fileID, line: line)
    }

    /// Sets the global value of a key, visible to every task that does not override it.
    ///
    /// Use it at start-up to install services and configuration. Each call is one atomic update: concurrent calls
    /// for different keys all take effect.
    ///
    /// ```swift
    /// Conf.setRootValue(LiveClock(), for: ClockKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - newValue: The new root value.
    ///   - key: The key type.
    public static func setRootValue<K: ConfKey>(_ newValue: K.Value, for key: K.Type = K.self) {
        ConfKeyFamily<K>.setRootValue(newValue)
    }

    /// Sets the global value of the key named by a key path.
    ///
    /// ```swift
    /// Conf.setRootValue(5, for: \.retryCount)
    /// ```
    ///
    /// - Parameters:
    ///   - newValue: The new root value.
    ///   - keyPath: The key's path in ``ConfKeys``.
    public static func setRootValue<K: ConfKey>(_ newValue: K.Value, for keyPath: KeyPath<ConfKeys, K.Type>) {
        ConfKeyFamily<K>.setRootValue(newValue)
    }

    /// The global value of a key, by key type: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// Conf[rootValueForKey: RetryCountKey.self] = 5
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public static subscript<K: ConfKey>(
        rootValueForKey key: K.Type, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        get { ConfKeyFamily<K>.readRoot(fileID: fileID, line: line) }
        set { ConfKeyFamily<K>.setRootValue(newValue) }
    }

    /// The global value of the key named by a key path: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// Conf[rootValueFor: \.retryCount] = 5
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public static subscript<K: ConfKey>(
        rootValueFor keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        get { ConfKeyFamily<K>.readRoot(fileID: fileID, line: line) }
        set { ConfKeyFamily<K>.setRootValue(newValue) }
    }

    /// Removes every root value, of every kind of key, so each key reads its default again.
    ///
    /// Meant for tests that set root values. Defaults already built are kept (a default is built at most once).
    /// Main-actor keys are cleared too. Inside `LoomTesting`'s `withTestDependencies` it clears only the root values
    /// set inside that scope. Elsewhere, tests that call it must not run in parallel with tests that read the same
    /// keys' root values: put them in one `.serialized` suite, or set the values inside `withTestDependencies`.
    ///
    /// ```swift
    /// @Test func startsFromDefaults() {
    ///     Conf.resetRootValues()
    ///     #expect(Conf[\.retryCount] == 3)
    /// }
    /// ```
    public static func resetRootValues() {
        KeyAccess.resetRootValues()
    }
}
