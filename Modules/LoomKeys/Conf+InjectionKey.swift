// `Conf` spellings for `InjectionKey` types: the same store as `InjectedValues`, so either API reads and sets the
// same root values and overrides.

extension Conf {
    /// The current value of an `InjectionKey`: the task's override, else the root value, else the default.
    ///
    /// ```swift
    /// let provider = Conf.value(for: NetworkProviderKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Unused for `InjectionKey` (its default always exists); kept for symmetry.
    ///   - line: Unused, like `fileID`.
    /// - Returns: The key's current value.
    @inlinable
    public static func value<K: InjectionKey>(
        for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        InjectionKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of an `InjectionKey`, by key type.
    ///
    /// ```swift
    /// let provider = Conf[key: NetworkProviderKey.self]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Unused for `InjectionKey`; kept for symmetry.
    ///   - line: Unused, like `fileID`.
    @inlinable
    public static subscript<K: InjectionKey>(key key: K.Type, fileID: StaticString = #fileID, line: UInt = #line)
        -> K.Value
    {
        InjectionKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The current value of an `InjectionKey`, by key type without a label.
    ///
    /// ```swift
    /// let provider = Conf[NetworkProviderKey.self]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Unused for `InjectionKey`; kept for symmetry.
    ///   - line: Unused, like `fileID`.
    @inlinable
    public static subscript<K: InjectionKey>(_ key: K.Type, fileID: StaticString = #fileID, line: UInt = #line)
        -> K.Value
    {
        InjectionKeyFamily<K>.read(fileID: fileID, line: line)
    }

    /// The global value of an `InjectionKey`, ignoring task overrides.
    ///
    /// ```swift
    /// let provider = Conf.rootValue(for: NetworkProviderKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Unused for `InjectionKey`; kept for symmetry.
    ///   - line: Unused, like `fileID`.
    /// - Returns: The key's root value or default.
    public static func rootValue<K: InjectionKey>(
        for key: K.Type = K.self, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        InjectionKeyFamily<K>.readRoot(fileID: fileID, line: line)
    }

    /// Sets the global value of an `InjectionKey`; the same as assigning through `InjectedValues`.
    ///
    /// ```swift
    /// Conf.setRootValue(MockProvider(), for: NetworkProviderKey.self)
    /// ```
    ///
    /// - Parameters:
    ///   - newValue: The new root value.
    ///   - key: The key type.
    public static func setRootValue<K: InjectionKey>(_ newValue: K.Value, for key: K.Type = K.self) {
        InjectionKeyFamily<K>.setRootValue(newValue)
    }

    /// The global value of an `InjectionKey`: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// Conf[rootValueForKey: NetworkProviderKey.self] = MockProvider()
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Unused for `InjectionKey`; kept for symmetry.
    ///   - line: Unused, like `fileID`.
    public static subscript<K: InjectionKey>(
        rootValueForKey key: K.Type, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        get { InjectionKeyFamily<K>.readRoot(fileID: fileID, line: line) }
        set { InjectionKeyFamily<K>.setRootValue(newValue) }
    }
}
