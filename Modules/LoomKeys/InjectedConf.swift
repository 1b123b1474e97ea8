/// A property that reads a configuration or service key on every access.
///
/// Use it for a service or setting a type depends on: the property always returns the key's current value (the
/// task's override, else the root value, else the default), so root changes and overrides are visible at once.
/// For a factory key (`@Sendable () -> T`), each read calls the factory and returns a new instance. With
/// `customContext:` the property reads only from that context (or the key's default), ignoring root values and
/// overrides. The wrapper is `Sendable`, and usable in structs, classes and actors.
///
/// ```swift
/// struct ServiceClient {
///     @InjectedConf(\.myService) var myService: any MyService
///     @InjectedConf(\.myServiceFactory) var freshService: any MyService   // a new instance per read
///     @InjectedConf() var clock: Clock                                  // Clock is AutoInjectable
/// }
/// ```
///
/// > Important: A property for a key isolated to a global actor (``ConfKeyMainActor``, ``ConfKeyIsolated``) can only
/// > be created in code isolated to that actor, so it lives in a type isolated to it; its getter also checks that it
/// > runs on that actor, and stops the process rather than racing if a copy of the wrapper is read elsewhere.
@propertyWrapper
public struct InjectedConf<Value>: Sendable {
    @usableFromInline let read: @Sendable () -> Value
    /// What `verify()` checks: that the key has a value (`nil` for main-actor keys, read only on the main actor).
    @usableFromInline let check: ConfPropertyCheck?

    /// The key's current value, read anew on each access.
    ///
    /// ```swift
    /// myService.doAmazingStuff()
    /// ```
    @inlinable
    public var wrappedValue: Value { read() }

    /// Reads the key named by `keyPath`.
    ///
    /// ```swift
    /// @InjectedConf(\.myService) var myService: any MyService
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read.
    ///   - line: Reported with `fileID`.
    @inlinable
    public init<K: ConfKey>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, customContext: ConfContext? = nil, fileID: StaticString = #fileID,
        line: UInt = #line
    ) where K.Value == Value {
        self.init(
            read: ConfKeyFamily<K>.sendableReader(customContext: customContext, fileID: fileID, line: line),
            check: ConfPropertyCheck(K.self, customContext: customContext, fileID: fileID, line: line))
    }

    /// Reads the factory key named by `keyPath` and calls the factory on every access.
    ///
    /// ```swift
    /// @InjectedConf(\.myServiceFactory) var service: any MyService
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The factory key's path in ``ConfKeys``.
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read.
    ///   - line: Reported with `fileID`.
    @inlinable
    public init<K: ConfKey>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, customContext: ConfContext? = nil, fileID: StaticString = #fileID,
        line: UInt = #line
    ) where K.Value == @Sendable () -> Value {
        self.init(
            read: ConfKeyFamily<K>.sendableFactoryReader(customContext: customContext, fileID: fileID, line: line),
            check: ConfPropertyCheck(K.self, customContext: customContext, fileID: fileID, line: line))
    }

    /// Reads the main-actor key named by `keyPath`; only main-actor code can create the property.
    ///
    /// ```swift
    /// @MainActor struct Screen {
    ///     @InjectedConf(\.router) var router: Router
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys``.
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read.
    ///   - line: Reported with `fileID`.
    @MainActor
    public init<K: ConfKeyMainActor>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, customContext: ConfContext? = nil, fileID: StaticString = #fileID,
        line: UInt = #line
    ) where K.Value == Value {
        self.init(
            read: MainActorKeyFamily<K>.sendableReader(customContext: customContext, fileID: fileID, line: line))
    }

    /// Reads the main-actor factory key named by `keyPath` and calls the factory on every access.
    ///
    /// ```swift
    /// @MainActor struct Screen {
    ///     @InjectedConf(\.makeViewModel) var viewModel: ViewModel
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The factory key's path in ``ConfKeys``.
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read.
    ///   - line: Reported with `fileID`.
    @MainActor
    public init<K: ConfKeyMainActor>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, customContext: ConfContext? = nil, fileID: StaticString = #fileID,
        line: UInt = #line
    ) where K.Value == @MainActor @Sendable () -> Value {
        self.init(
            read: MainActorKeyFamily<K>.sendableFactoryReader(
                customContext: customContext, fileID: fileID, line: line))
    }

    @usableFromInline
    init(read: @escaping @Sendable () -> Value, check: ConfPropertyCheck? = nil) {
        self.read = read
        self.check = check
    }
}

/// Runs `body` on the main actor from a getter that cannot be isolated itself, trapping (never racing) elsewhere.
///
/// Main-actor wrappers can only be created by main-actor code, so in practice the check always passes; it is the
/// backstop for a wrapper copied out of its main-actor owner.
@inline(__always)
func onMainActor<T>(_ body: @MainActor () -> T) -> T {
    // Local and written once by `body`, which runs synchronously on this same thread before it is read.
    nonisolated(unsafe) var result: T?
    MainActor.assumeIsolated { result = body() }
    return result!
}
