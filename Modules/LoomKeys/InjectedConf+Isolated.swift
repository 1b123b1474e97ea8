// `@InjectedConf` for keys isolated to a global actor (`ConfKeyIsolated`, `AutoInjectableIsolated`).
//
// The initialisers use the key's isolated conformance, so only code isolated to the key's actor can create such a
// property (the compiler refuses it elsewhere); the getter cannot be isolated to a generic actor, so it checks at run
// time that it runs there, the backstop for a wrapper copied out of its owner.

extension InjectedConf {
    /// Reads the actor-isolated key named by `keyPath`; only code on the key's actor can create the property.
    ///
    /// ```swift
    /// @DatabaseActor final class Pool {
    ///     @InjectedConf(\.connectionCache) var cache: ConnectionCache
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read, or is read off its actor.
    ///   - line: Reported with `fileID`.
    public init<K: ConfKeyIsolated>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, customContext: ConfContext? = nil, fileID: StaticString = #fileID,
        line: UInt = #line
    ) where K.Value == Value {
        let read = IsolatedKeyFamily<K>.reader(customContext: customContext, fileID: fileID, line: line)
        self.init(read: IsolatedKeyReader(read).sendableRead)
    }

    /// Reads the actor-isolated factory key named by `keyPath` and calls the factory on every access.
    ///
    /// ```swift
    /// @DatabaseActor final class Pool {
    ///     @InjectedConf(\.makeConnection) var connection: Connection   // a new connection per read
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The factory key's path in ``ConfKeys``.
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read, or is read off its actor.
    ///   - line: Reported with `fileID`.
    public init<K: ConfKeyIsolated>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, customContext: ConfContext? = nil, fileID: StaticString = #fileID,
        line: UInt = #line
    ) where K.Value == () -> Value {
        let read = IsolatedKeyFamily<K>.factoryReader(customContext: customContext, fileID: fileID, line: line)
        self.init(read: IsolatedKeyReader(read).sendableRead)
    }
}

extension InjectedConf where Value: AutoInjectableIsolated {
    /// Reads the main instance of an actor-isolated auto-injectable service; only code on its actor can create it.
    ///
    /// ```swift
    /// @DatabaseActor final class Pool {
    ///     @InjectedConf() var cache: ConnectionCache
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read, or is read off its actor.
    ///   - line: Reported with `fileID`.
    public init(customContext: ConfContext? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        let read = IsolatedKeyFamily<Value.AutoInjectionKey>.reader(
            customContext: customContext, fileID: fileID, line: line)
        self.init(read: IsolatedKeyReader(read).sendableRead)
    }

    /// The current main instance of the service.
    ///
    /// ```swift
    /// InjectedConf<ConnectionCache>.value.open.append("primary")   // in @DatabaseActor code
    /// ```
    public static var value: Value {
        IsolatedKeyFamily<Value.AutoInjectionKey>.read(fileID: #fileID, line: #line)
    }

    /// The global main instance of the service: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// InjectedConf<ConnectionCache>.rootValue = ConnectionCache()   // in @DatabaseActor code
    /// ```
    public static var rootValue: Value {
        get { IsolatedKeyFamily<Value.AutoInjectionKey>.readRoot(fileID: #fileID, line: #line) }
        set { IsolatedKeyFamily<Value.AutoInjectionKey>.setRootValue(newValue) }
    }

    /// Runs `operation` with another main instance for the current task and its child tasks.
    ///
    /// ```swift
    /// InjectedConf<ConnectionCache>.withValue(ConnectionCache()) {   // in @DatabaseActor code
    ///     connect("test")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The instance used inside `operation`.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<R>(_ value: Value, operation: () throws -> R) rethrows -> R {
        try OverrideLayer.run(IsolatedKeyFamily<Value.AutoInjectionKey>.overriding(with: value), operation: operation)
    }

    /// Runs async `operation` with another main instance, on the caller's actor.
    ///
    /// ```swift
    /// await InjectedConf<ConnectionCache>.withValue(ConnectionCache()) {   // in @DatabaseActor code
    ///     await reconnect()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The instance used inside `operation`.
    ///   - isolation: The caller's isolation, the service's actor, kept for `operation` (leave the default).
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<R>(
        _ value: Value, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async rethrows -> R {
        try await OverrideLayer.run(
            IsolatedKeyFamily<Value.AutoInjectionKey>.overriding(with: value), isolation: isolation,
            operation: operation)
    }
}

/// The read of an actor-isolated key, type-erased so that `InjectedConf`'s `@Sendable` closure captures no key type.
struct IsolatedKeyReader<Value>: @unchecked Sendable {  // `read` first checks it runs on the key's actor (the family).
    let read: () -> Value

    init(_ read: @escaping () -> Value) {
        self.read = read
    }

    /// `read` as the `@Sendable` closure `InjectedConf` stores, formed where `Value` has no isolated conformance.
    var sendableRead: @Sendable () -> Value {
        { self.read() }
    }
}
