internal import LoomCore

/// A set of key values: the overrides given to `Conf.withValues`, or a fixed context for `@InjectedConf`.
///
/// Use it in `Conf.withValues(_:operation:)` to override several keys at once, or pass one to
/// `@InjectedConf(_:customContext:)` for a property that must read from that context only. Subscripts read and
/// write values by key type, key path, or auto-injectable type; assigning `nil` removes a value. A context is a
/// value: copies are independent.
///
/// ```swift
/// var context = ConfContext.new()
/// context[\.retryCount] = 5
/// context[\.retryCount] = nil   // removed again
/// Conf.withValues({ $0[\.retryCount] = 5; $0[\.verbose] = true }) {
///     runJob()
/// }
/// ```
public struct ConfContext: Sendable {
    var values: [ObjectIdentifier: KeyValueBox]
    var mainActorValues: MainActorValueTable?

    /// Returns an empty context.
    ///
    /// Keys not set in it read as their defaults when it is used as a custom context.
    ///
    /// ```swift
    /// var context = ConfContext.new()
    /// context[\.retryCount] = 1
    /// ```
    ///
    /// - Returns: A context with no values.
    public static func new() -> ConfContext {
        ConfContext(values: [:], mainActorValues: nil)
    }

    /// The overrides active in the current task (empty outside any `Conf.withValue(s)`).
    static func currentOverrides() -> ConfContext {
        guard let overrides = OverrideLayer.active else { return .new() }
        return ConfContext(
            values: overrides.values.values, mainActorValues: overrides.mainActorValues as? MainActorValueTable)
    }

    /// The value of a key in this context, or `nil`; assigning `nil` removes it.
    ///
    /// ```swift
    /// context[RetryCountKey.self] = 5
    /// ```
    ///
    /// - Parameter key: The key type.
    public subscript<K: ConfKey>(_ key: K.Type) -> K.Value? {
        get { ConfKeyFamily<K>.value(in: self) }
        set { ConfKeyFamily<K>.setValue(newValue, in: &self) }
    }

    /// The value of the key named by a key path in this context, or `nil`; assigning `nil` removes it.
    ///
    /// ```swift
    /// context[\.retryCount] = 5
    /// ```
    ///
    /// - Parameter keyPath: The key's path in ``ConfKeys`` (not evaluated: its type names the key).
    public subscript<K: ConfKey>(_ keyPath: KeyPath<ConfKeys, K.Type>) -> K.Value? {
        get { self[K.self] }
        set { self[K.self] = newValue }
    }

    /// The value of an `InjectionKey` in this context, or `nil`; assigning `nil` removes it.
    ///
    /// ```swift
    /// Conf.withValues({ $0[NetworkProviderKey.self] = MockProvider() }) { … }
    /// ```
    ///
    /// - Parameter key: The key type.
    public subscript<K: InjectionKey>(_ key: K.Type) -> K.Value? {
        get { InjectionKeyFamily<K>.value(in: self) }
        set { InjectionKeyFamily<K>.setValue(newValue, in: &self) }
    }

    /// The main instance of an auto-injectable service in this context, or `nil`; assigning `nil` removes it.
    ///
    /// ```swift
    /// context[autoInjectable: Clock.self] = FrozenClock()
    /// ```
    ///
    /// - Parameter type: The service type.
    public subscript<T: AutoInjectable>(autoInjectable type: T.Type = T.self) -> T? {
        get { self[T.AutoInjectionKey.self] }
        set { self[T.AutoInjectionKey.self] = newValue }
    }

    /// The value of a main-actor key in this context, or `nil`; assigning `nil` removes it.
    ///
    /// ```swift
    /// context[RouterKey.self] = Router()
    /// ```
    ///
    /// - Parameter key: The key type.
    @MainActor
    public subscript<K: ConfKeyMainActor>(_ key: K.Type) -> K.Value? {
        get { MainActorKeyFamily<K>.value(in: self) }
        set { MainActorKeyFamily<K>.setValue(newValue, in: &self) }
    }

    /// The value of the main-actor key named by a key path in this context, or `nil`; assigning `nil` removes it.
    ///
    /// ```swift
    /// context[\.router] = Router()
    /// ```
    ///
    /// - Parameter keyPath: The key's path in ``ConfKeys``.
    @MainActor
    public subscript<K: ConfKeyMainActor>(_ keyPath: KeyPath<ConfKeys, K.Type>) -> K.Value? {
        get { self[K.self] }
        set { self[K.self] = newValue }
    }

    /// The main instance of a main-actor auto-injectable service in this context, or `nil`.
    ///
    /// Assigning `nil` removes it.
    ///
    /// ```swift
    /// context[autoInjectable: Router.self] = Router()
    /// ```
    ///
    /// - Parameter type: The service type.
    @MainActor
    public subscript<T: AutoInjectableMainActor>(autoInjectable type: T.Type = T.self) -> T? {
        get { self[T.AutoInjectionKey.self] }
        set { self[T.AutoInjectionKey.self] = newValue }
    }
}
