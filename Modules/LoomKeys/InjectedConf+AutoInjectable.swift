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
        self.init(
            read: ConfKeyFamily<Value.AutoInjectionKey>.sendableReader(
                customContext: customContext, fileID: fileID, line: line),
            check: ConfPropertyCheck(
                Value.AutoInjectionKey.self, customContext: customContext, fileID: fileID, line: line))
    }

    /// The current main instance of the service.
    ///
    /// ```swift
    /// InjectedConf<Clock>.value.now()
    /// ```
    public static var value: Value {
        ConfKeyFamily<Value.AutoInjectionKey>.read(fileID: #fileID, line: #line)
    }

    /// The global main instance of the service: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// InjectedConf<Clock>.rootValue = Clock()
    /// ```
    public static var rootValue: Value {
        get { ConfKeyFamily<Value.AutoInjectionKey>.readRoot(fileID: #fileID, line: #line) }
        set { ConfKeyFamily<Value.AutoInjectionKey>.setRootValue(newValue) }
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
        try OverrideLayer.run(ConfKeyFamily<Value.AutoInjectionKey>.overriding(with: value), operation: operation)
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
        try await OverrideLayer.run(
            ConfKeyFamily<Value.AutoInjectionKey>.overriding(with: value), isolation: isolation, operation: operation)
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
        self.init(
            read: MainActorKeyFamily<Value.AutoInjectionKey>.sendableReader(
                customContext: customContext, fileID: fileID, line: line))
    }

    /// The current main instance of the service.
    ///
    /// ```swift
    /// InjectedConf<Router>.value.path.append("home")
    /// ```
    @MainActor
    public static var value: Value {
        MainActorKeyFamily<Value.AutoInjectionKey>.read(fileID: #fileID, line: #line)
    }

    /// The global main instance of the service: reading ignores overrides, writing sets the root value.
    ///
    /// ```swift
    /// InjectedConf<Router>.rootValue = Router()
    /// ```
    @MainActor
    public static var rootValue: Value {
        get { MainActorKeyFamily<Value.AutoInjectionKey>.readRoot(fileID: #fileID, line: #line) }
        set { MainActorKeyFamily<Value.AutoInjectionKey>.setRootValue(newValue) }
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
        try OverrideLayer.run(MainActorKeyFamily<Value.AutoInjectionKey>.overriding(with: value), operation: operation)
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
        try await OverrideLayer.run(
            MainActorKeyFamily<Value.AutoInjectionKey>.overriding(with: value), isolation: MainActor.shared,
            operation: operation)
    }
}
