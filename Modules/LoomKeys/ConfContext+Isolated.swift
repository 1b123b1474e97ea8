// `ConfContext` subscripts for keys isolated to a global actor (`ConfKeyIsolated`), usable only from code isolated to
// the key's actor. The context itself stays `Sendable`: it may travel anywhere, but only that actor can read back the
// values of its keys.

extension ConfContext {
    /// The value of an actor-isolated key in this context, or `nil`; assigning `nil` removes it.
    ///
    /// ```swift
    /// context[ConnectionCacheKey.self] = ConnectionCache()   // in @DatabaseActor code
    /// ```
    ///
    /// - Parameter key: The key type.
    public subscript<K: ConfKeyIsolated>(_ key: K.Type) -> K.Value? {
        get { IsolatedKeyFamily<K>.value(in: self) }
        set { IsolatedKeyFamily<K>.setValue(newValue, in: &self) }
    }

    /// The value of the actor-isolated key named by a key path in this context, or `nil`; assigning `nil` removes
    /// it.
    ///
    /// ```swift
    /// Conf.withValues {
    ///     $0[\.connectionCache] = ConnectionCache()   // in @DatabaseActor code
    /// } operation: {
    ///     connect("test")
    /// }
    /// ```
    ///
    /// - Parameter keyPath: The key's path in ``ConfKeys``.
    public subscript<K: ConfKeyIsolated>(_ keyPath: KeyPath<ConfKeys, K.Type>) -> K.Value? {
        get { self[K.self] }
        set { self[K.self] = newValue }
    }

    /// The main instance of an actor-isolated auto-injectable service in this context, or `nil`.
    ///
    /// Assigning `nil` removes it.
    ///
    /// ```swift
    /// context[autoInjectable: ConnectionCache.self] = ConnectionCache()   // in @DatabaseActor code
    /// ```
    ///
    /// - Parameter type: The service type.
    public subscript<T: AutoInjectableIsolated>(autoInjectable type: T.Type = T.self) -> T? {
        get { self[T.AutoInjectionKey.self] }
        set { self[T.AutoInjectionKey.self] = newValue }
    }
}
