// `@InjectedConf()` without a key path, and static accessors, for auto-injectable service types.

extension InjectedConf where Value: AutoInjectable {
    /// Reads the main instance of an auto-injectable service.
    ///
    /// ```swift
    /// struct Scheduler {
    ///     @InjectedConf() var clock: Clock
    ///     init() { _clock = .init() }   // or create it explicitly, to choose when
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read.
    ///   - line: Reported with `fileID`.
    public init(customContext: ConfContext? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        let check = ConfPropertyCheck(
            Value.AutoInjectionKey.self, customContext: customContext, fileID: fileID, line: line)
        if let customContext {
            self.init(
                read: {
                    KeyAccess.read(Value.AutoInjectionKey.self, in: customContext, fileID: fileID, line: line)
                }, check: check)
        } else {
            self.init(read: { KeyAccess.read(Value.AutoInjectionKey.self, fileID: fileID, line: line) }, check: check)
        }
    }

    /// The current main instance of the service.
    ///
    /// ```swift
    /// InjectedConf<Clock>.value.now()
    /// ```
    public static var value: Value {
        Conf.value(for: Value.AutoInjectionKey.self)
    }

    /// The global main instance of the service: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// InjectedConf<Clock>.rootValue = Clock()
    /// ```
    public static var rootValue: Value {
        get { Conf.rootValue(for: Value.AutoInjectionKey.self) }
        set { Conf.setRootValue(newValue, for: Value.AutoInjectionKey.self) }
    }

    /// Runs `operation` with another main instance for the current task and its child tasks.
    ///
    /// ```swift
    /// InjectedConf<Clock>.withValue(FrozenClock()) {
    ///     runJob()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The instance used inside `operation`.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<R>(_ value: Value, operation: () throws -> R) rethrows -> R {
        try Conf.withValue(value, for: Value.AutoInjectionKey.self, operation: operation)
    }

    /// Runs async `operation` with another main instance, on the caller's executor.
    ///
    /// ```swift
    /// await InjectedConf<Clock>.withValue(FrozenClock()) {
    ///     await runJob()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The instance used inside `operation`.
    ///   - isolation: The caller's isolation, kept for `operation` (leave the default).
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withValue<R>(
        _ value: Value, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async rethrows -> R {
        try await Conf.withValue(value, for: Value.AutoInjectionKey.self, isolation: isolation, operation: operation)
    }
}

extension InjectedConf where Value: AutoInjectableMainActor {
    /// Reads the main instance of a main-actor auto-injectable service; only main-actor code can create it.
    ///
    /// ```swift
    /// @MainActor struct Screen {
    ///     @InjectedConf() var router: Router
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - customContext: A context to read from instead of the root values and task overrides.
    ///   - fileID: Reported if the key has no value when read.
    ///   - line: Reported with `fileID`.
    @MainActor
    public init(customContext: ConfContext? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(read: Self.mainActorReader(Value.AutoInjectionKey.self, customContext, fileID, line))
    }

    /// A reader for `key` that captures only the key's (Sendable) metatype, never the service's.
    private static func mainActorReader<K: ConfKeyMainActor>(
        _ key: K.Type, _ customContext: ConfContext?, _ fileID: StaticString, _ line: UInt
    ) -> @Sendable () -> K.Value {
        if let customContext {
            return { onMainActor { KeyAccess.read(key, in: customContext, fileID: fileID, line: line) } }
        }
        return { onMainActor { KeyAccess.read(key, fileID: fileID, line: line) } }
    }

    /// The current main instance of the service.
    ///
    /// ```swift
    /// InjectedConf<Router>.value.path.append("home")
    /// ```
    @MainActor
    public static var value: Value {
        Conf.value(for: Value.AutoInjectionKey.self)
    }

    /// The global main instance of the service: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// InjectedConf<Router>.rootValue = Router()
    /// ```
    @MainActor
    public static var rootValue: Value {
        get { Conf.rootValue(for: Value.AutoInjectionKey.self) }
        set { Conf.setRootValue(newValue, for: Value.AutoInjectionKey.self) }
    }

    /// Runs `operation` with another main instance for the current task and its child tasks.
    ///
    /// ```swift
    /// InjectedConf<Router>.withValue(Router()) {
    ///     showHome()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The instance used inside `operation`.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @MainActor
    public static func withValue<R>(_ value: Value, operation: () throws -> R) rethrows -> R {
        try Conf.withValue(value, for: Value.AutoInjectionKey.self, operation: operation)
    }

    /// Runs async `operation` on the main actor with another main instance.
    ///
    /// ```swift
    /// await InjectedConf<Router>.withValue(Router()) {
    ///     await showHome()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The instance used inside `operation`.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    @MainActor
    public static func withValue<R>(_ value: Value, operation: @MainActor () async throws -> R) async rethrows -> R {
        try await Conf.withValue(value, for: Value.AutoInjectionKey.self, operation: operation)
    }
}
