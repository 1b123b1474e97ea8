extension Container {
    /// Registers a factory for `T`, producing a new value on every resolve (`.instance`).
    ///
    /// The factory decides what to return: a new object each time, or one it captured, as in Macaroni.
    /// Registering the same type and alternative again replaces this registration, for `T` and `T?` alike.
    ///
    /// ```swift
    /// let shared = MyServiceImplementation()
    /// container.register { () -> MyService in shared }          // always the same object
    /// container.register { ReportBuilder() }                    // a new one per resolve
    /// container.register(alternative: .another) { () -> MyService in OtherService() }
    /// ```
    /// - Parameters:
    ///   - type: The type to register under; usually inferred from the factory's return type.
    ///   - alternative: A qualifier giving `T` an independent, separately resolved registration.
    ///   - mode: The run mode this factory serves: `.live` (the default) replaces the registration under the key;
    ///     `.test` or `.preview` adds the factory that mode resolves to, keeping the others (see ``RunMode``).
    ///   - factory: Builds the value; may resolve other dependencies. Errors it throws reach the resolver.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    @inlinable
    public func register<T>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        for mode: RunMode = .live,
        _ factory: @escaping @Sendable () throws -> T,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let attributes = typeAttributes(
            T.self, alternative: alternative, runMode: mode, scope: .instance, fileID: fileID, line: line
        )
        commit(
            PlainEntry(attributes: consume attributes, owner: owner, factory: factory),
            as: T.self)
    }

    /// Registers a factory for a `Sendable` type `T` with an explicit scope, and optionally a teardown hook.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { Database(path: "app.sqlite") }
    /// container.register(scope: .shared) { ImageCache() }
    /// container.register(scope: .managed(session)) { CurrentUser() }
    /// container.register(scope: .singleton) { SearchIndex() } onRelease: { $0.flush() }
    /// container.register(scope: .singleton, onRelease: { $0.close() }) { Database(path: "app.sqlite") }
    /// ```
    /// - Parameters:
    ///   - type: The type to register under; usually inferred from the factory's return type.
    ///   - alternative: A qualifier giving `T` an independent, separately resolved registration.
    ///   - scope: How long a resolved value is reused; see ``DependencyScope``.
    ///   - mode: The run mode this factory serves: `.live` (the default) replaces the registration under the key;
    ///     `.test` or `.preview` adds the factory that mode resolves to, keeping the others (see ``RunMode``).
    ///   - hook: A synchronous teardown hook (`onRelease:` before the factory), run once for each cached instance
    ///     when it leaves its cache, dependents first (see "Lifecycles and scopes"); an `async` hook is declared with
    ///     `Dependency`'s `onRelease`.
    ///   - factory: Builds the value. For cached scopes it runs once per cache fill, even when many threads
    ///     resolve concurrently.
    ///   - trailingHook: The same hook written after the factory, as a trailing closure (`{ … } onRelease: { … }`).
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    @inlinable
    public func register<T: Sendable>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        scope: DependencyScope,
        for mode: RunMode = .live,
        onRelease hook: (@Sendable (T) throws -> Void)? = nil,
        _ factory: @escaping @Sendable () throws -> T,
        onRelease trailingHook: (@Sendable (T) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let attributes = typeAttributes(
            T.self, alternative: alternative, runMode: mode, scope: scope,
            releaseHook: (hook ?? trailingHook).map(ReleaseHook.init),
            fileID: fileID, line: line)
        commit(PlainEntry(attributes: consume attributes, owner: owner, factory: factory), as: T.self)
    }

    /// Registers an enclosing-object resolver, which receives the enclosing object of a lazily
    /// injected property, or the `parameter:` passed to ``resolve(_:parameter:alternative:fileID:line:)``.
    ///
    /// A plain `resolve()` does not use it; lazy `@Injected` properties prefer it over a plain registration.
    ///
    /// ```swift
    /// container.register { enclosing -> String in String(describing: enclosing) }
    /// let text: String = try container.resolve(parameter: self)
    /// ```
    /// - Parameters:
    ///   - type: The type to register under; usually inferred from the factory's return type.
    ///   - alternative: A qualifier giving `T` an independent, separately resolved registration.
    ///   - mode: The run mode this factory serves: `.live` (the default) replaces the registration under the key;
    ///     `.test` or `.preview` adds the factory that mode resolves to, keeping the others (see ``RunMode``).
    ///   - factory: Builds the value from the parameter.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public func register<T>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        for mode: RunMode = .live,
        _ factory: @escaping @Sendable (_ parameter: Any) throws -> T,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let attributes = typeAttributes(
            T.self, alternative: alternative, runMode: mode, takesEnclosingObject: true, scope: .instance,
            fileID: fileID, line: line
        )
        commit(
            EnclosingObjectEntry(attributes: consume attributes, owner: owner, factory: factory),
            as: T.self)
    }

    /// Registers a factory taking typed arguments; resolve it with matching arguments, in order.
    ///
    /// Cached scopes keep one instance per distinct argument tuple.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { (id: Account.ID) in AccountStore(id) }
    /// let store: AccountStore = try container.inject(byType: AccountStore.self, accountID)
    /// ```
    /// - Parameters:
    ///   - type: The type to register under; usually inferred from the factory's return type.
    ///   - alternative: A qualifier giving `T` an independent, separately resolved registration.
    ///   - scope: How long a resolved value is reused, per argument tuple. Arguments are compared with `==` and
    ///     hashed while Loom reads its tables without locks: their `==` and `hash(into:)` must be pure (never
    ///     resolve, register or block).
    ///   - mode: The run mode this factory serves: `.live` (the default) replaces the registration under the key;
    ///     `.test` or `.preview` adds the factory that mode resolves to, keeping the others (see ``RunMode``).
    ///   - hook: A synchronous teardown hook (`onRelease:` before the factory), run once for each cached instance
    ///     when it leaves its cache, dependents first (see "Lifecycles and scopes"); an `async` hook is declared with
    ///     `Dependency`'s `onRelease`.
    ///   - factory: Builds the value from the arguments.
    ///   - trailingHook: The same hook written after the factory, as a trailing closure (`{ … } onRelease: { … }`).
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    @inlinable
    public func register<T: Sendable, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        scope: DependencyScope = .instance,
        for mode: RunMode = .live,
        onRelease hook: (@Sendable (T) throws -> Void)? = nil,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> T,
        onRelease trailingHook: (@Sendable (T) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let attributes = typeAttributes(
            T.self, alternative: alternative, runMode: mode,
            parameterList: ParameterTypeList.of(First.self, repeat (each Rest).self),
            scope: scope, releaseHook: (hook ?? trailingHook).map(ReleaseHook.init), fileID: fileID, line: line)
        commit(
            ParameterizedEntry<T, First, repeat each Rest>(
                attributes: consume attributes, owner: owner, factory: factory),
            as: T.self)
    }

    // MARK: Asynchronous factories

    /// Registers an `async` factory for a `Sendable` type `T`: a database pool that connects, a client that loads
    /// credentials.
    ///
    /// Build it with ``load(_:alternative:fileID:line:)-(T.Type,_,_,_)`` (`try await container.load()`); a cached
    /// instance is built once however many tasks await it at once, and once settled it also resolves synchronously. A
    /// synchronous `resolve` before that throws ``InjectionError/asynchronousDependency(_:)`` — it never blocks.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { () async throws -> Database in try await Database.connect(url) }
    /// let database: Database = try await container.load()
    /// ```
    /// - Parameters:
    ///   - type: The type to register under; usually inferred from the factory's return type.
    ///   - alternative: A qualifier giving `T` an independent, separately resolved registration.
    ///   - scope: How long a built value is reused; `.instance` builds one per load.
    ///   - mode: The run mode this factory serves: `.live` (the default) replaces the registration under the key;
    ///     `.test` or `.preview` adds the factory that mode resolves to, keeping the others (see ``RunMode``).
    ///   - hook: A synchronous teardown hook (`onRelease:` before the factory), run once for each cached instance
    ///     when it leaves its cache, dependents first (see "Lifecycles and scopes"); an `async` hook is declared with
    ///     `Dependency`'s `onRelease`.
    ///   - factory: Builds the value; may `await` and load other dependencies.
    ///   - trailingHook: The same hook written after the factory, as a trailing closure (`{ … } onRelease: { … }`).
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public func register<T: Sendable>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        scope: DependencyScope = .instance,
        for mode: RunMode = .live,
        onRelease hook: (@Sendable (T) throws -> Void)? = nil,
        _ factory: @escaping @Sendable () async throws -> T,
        onRelease trailingHook: (@Sendable (T) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let attributes = typeAttributes(
            T.self, alternative: alternative, runMode: mode, scope: scope,
            releaseHook: (hook ?? trailingHook).map(ReleaseHook.init),
            fileID: fileID, line: line)
        commit(AsyncEntry(attributes: consume attributes, owner: owner, factory: factory), as: T.self)
    }

    /// Registers an `async` factory taking typed arguments; load it with matching arguments, in order.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { (region: Region) async throws -> Pool in try await Pool(region) }
    /// let pool: Pool = try await container.load(byType: Pool.self, Region.europe)
    /// ```
    /// - Parameters:
    ///   - type: The type to register under; usually inferred from the factory's return type.
    ///   - alternative: A qualifier giving `T` an independent, separately resolved registration.
    ///   - scope: How long a built value is reused, per argument tuple.
    ///   - mode: The run mode this factory serves: `.live` (the default) replaces the registration under the key;
    ///     `.test` or `.preview` adds the factory that mode resolves to, keeping the others (see ``RunMode``).
    ///   - hook: A synchronous teardown hook (`onRelease:` before the factory), run once for each cached instance
    ///     when it leaves its cache, dependents first (see "Lifecycles and scopes"); an `async` hook is declared with
    ///     `Dependency`'s `onRelease`.
    ///   - factory: Builds the value from the arguments; may `await`.
    ///   - trailingHook: The same hook written after the factory, as a trailing closure (`{ … } onRelease: { … }`).
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    @inlinable
    public func register<T: Sendable, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        scope: DependencyScope = .instance,
        for mode: RunMode = .live,
        onRelease hook: (@Sendable (T) throws -> Void)? = nil,
        _ factory: @escaping @Sendable (First, repeat each Rest) async throws -> T,
        onRelease trailingHook: (@Sendable (T) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let parameterList = ParameterTypeList.of(First.self, repeat (each Rest).self)
        let attributes = typeAttributes(
            T.self, alternative: alternative, runMode: mode, parameterList: parameterList, scope: scope,
            releaseHook: (hook ?? trailingHook).map(ReleaseHook.init), fileID: fileID, line: line)
        commit(
            AsyncParameterizedEntry<T, First, repeat each Rest>(
                attributes: consume attributes, owner: owner, factory: factory),
            as: T.self)
    }

    // MARK: Actor-isolated factories

    /// Registers a factory isolated to the main actor; `T` need not be `Sendable` — a view model, say.
    ///
    /// Code on the main actor resolves it synchronously (`try container.resolve()`); a cached instance is built once,
    /// on the main actor, even when many tasks ask for it first. From anywhere else, `load` it with `await` (the
    /// factory runs on the main actor) — for a `Sendable` `T`; the compiler refuses `load` for a non-`Sendable` one. A
    /// synchronous resolve off the main actor throws ``InjectionError/isolatedDependency(_:actor:)``, never traps.
    ///
    /// ```swift
    /// container.register(on: MainActor.self, scope: .singleton) { ProfileViewModel() }
    /// @MainActor func show() throws { let model: ProfileViewModel = try container.resolve() }
    /// ```
    /// - Parameters:
    ///   - actor: `MainActor.self`.
    ///   - type: The type to register under; usually inferred from the factory's return type.
    ///   - alternative: A qualifier giving `T` an independent, separately resolved registration.
    ///   - scope: How long a built value is reused.
    ///   - mode: The run mode this factory serves: `.live` (the default) replaces the registration under the key;
    ///     `.test` or `.preview` adds the factory that mode resolves to, keeping the others (see ``RunMode``).
    ///   - factory: Builds the value on the main actor.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public func register<T>(
        on actor: MainActor.Type,
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        scope: DependencyScope = .instance,
        for mode: RunMode = .live,
        _ factory: @escaping @MainActor @Sendable () throws -> T,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let attributes = typeAttributes(
            T.self, alternative: alternative, runMode: mode, scope: scope, fileID: fileID, line: line)
        commit(MainActorEntry(attributes: consume attributes, owner: owner, factory: factory), as: T.self)
    }

    /// Registers a factory isolated to a global actor other than the main actor; `load` builds it on that actor.
    ///
    /// Write the closure's isolation (`{ @DatabaseActor in … }`): Swift runs a closure with no isolation of its own
    /// off the actor, so registering one logs an error naming the fix. Once cached, the `Sendable` instance also
    /// resolves synchronously from anywhere; before that a synchronous resolve throws ``InjectionError/isolatedDependency(_:actor:)`` (Swift cannot
    /// call a function isolated to an arbitrary global actor synchronously).
    ///
    /// ```swift
    /// container.register(on: DatabaseActor.self, scope: .singleton) { @DatabaseActor in Pool() }
    /// let pool: Pool = try await container.load()
    /// ```
    /// - Parameters:
    ///   - actor: The global actor, e.g. `DatabaseActor.self`.
    ///   - type: The type to register under; usually inferred from the factory's return type.
    ///   - alternative: A qualifier giving `T` an independent, separately resolved registration.
    ///   - scope: How long a built value is reused.
    ///   - mode: The run mode this factory serves: `.live` (the default) replaces the registration under the key;
    ///     `.test` or `.preview` adds the factory that mode resolves to, keeping the others (see ``RunMode``).
    ///   - factory: Builds the value, isolated to `actor`.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    @_disfavoredOverload  // `MainActor.self` picks the main-actor overload, which admits non-`Sendable` values.
    public func register<Actor: GlobalActor, T: Sendable>(
        on actor: Actor.Type,
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        scope: DependencyScope = .instance,
        for mode: RunMode = .live,
        _ factory: @escaping @isolated(any) @Sendable () throws -> T,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let attributes = typeAttributes(
            T.self, alternative: alternative, runMode: mode, scope: scope, fileID: fileID, line: line)
        commit(
            GlobalActorEntry(
                attributes: consume attributes, owner: owner, actorName: typeName(Actor.self), actor: Actor.shared,
                factory: factory),
            as: T.self)
    }

    /// The attributes of a type-located registration made with one of the `register` overloads.
    ///
    /// Inlinable, like the overloads: built in the caller, the attributes are constructed where the entry's
    /// initialiser consumes them; built here, they were assembled in a temporary and copied out whole (a retain and a
    /// release of every field, about a tenth of a registration).
    @inlinable
    func typeAttributes<T>(
        _ type: T.Type,
        alternative: RegistrationAlternative?,
        runMode: RunMode = .live,
        parameterList: ParameterTypeList? = nil,
        takesEnclosingObject: Bool = false,
        scope: DependencyScope,
        releaseHook: ReleaseHook? = nil,
        fileID: StaticString,
        line: UInt
    ) -> RegistrationAttributes {
        RegistrationAttributes(
            locator: .type(T.self),
            alternative: alternative,
            valueType: T.self,
            parameterList: parameterList,
            takesEnclosingObject: takesEnclosingObject,
            scope: scope,
            origin: SourceOrigin(fileID: fileID, line: line),
            releaseHook: releaseHook,
            runMode: runMode
        )
    }

    /// Adds one entry registered as `T` (in debug builds, a declarative value registered this way is pointed out);
    /// registering `T` also replaces an explicit `T?` registration under the same key shape.
    @usableFromInline
    func commit<T>(_ entry: RegistrationEntry, as type: T.Type) {
        #if DEBUG
            // A development-time hint; the conformance checks would cost more than the rest of a registration.
            if T.self is any DeclarativeRegistrationValue.Type || T.self is any DependencyRepresenting.Type {
                logTarget.log(
                    .warning,
                    "Registering \(typeName(T.self)) as a value in \(description); to add declarative registrations "
                        + "use container.add { … }",
                    file: entry.attributes.origin.fileID,
                    line: entry.attributes.origin.line
                )
            }
        #endif
        let outcome = registry.add(entry)
        guard let outcome else { return logLockedRegistration(entry) }
        log(outcome)
    }

    /// Applies a batch of entries in one transaction and logs the outcome at the registrations' own lines.
    package func commit(_ batch: [(entry: RegistrationEntry, replacesOptionalTwin: Bool)]) {
        guard let outcomes = registry.apply(adding: batch) else {
            for (entry, _) in batch { logLockedRegistration(entry) }
            return
        }
        for outcome in outcomes { log(outcome) }
    }

    private func logLockedRegistration(_ entry: RegistrationEntry) {
        logTarget.log(
            .error,
            InjectionError.containerLocked(container: description).description + " (\(entry.key))",
            file: entry.attributes.origin.fileID,
            line: entry.attributes.origin.line
        )
    }

    private func log(_ outcome: Registry.Outcome) {
        let (old, new): (RegistrationEntry?, RegistrationEntry) =
            switch outcome {
            case .added(let entry): (nil, entry)
            case .replaced(let old, let new): (old, new)
            }
        let origin = new.attributes.origin
        if let problem = new.registrationProblem {
            logTarget.log(.error, problem, file: origin.fileID, line: origin.line)
        }
        let mode = new.attributes.runMode
        if let old, mode == .live || old.attributes.runMode == mode {
            logTarget.log(
                .warning,
                "Replaced registration \(new.key) in \(description) (previously registered at \(old.attributes.origin))",
                file: origin.fileID, line: origin.line)
        } else if old != nil {
            logTarget.log(
                .debug, "Added the \(mode) factory of \(new.key) in \(description)", file: origin.fileID,
                line: origin.line)
        } else {
            logTarget.log(
                .debug, "Registered \(new.key) in \(description), scope \(new.scope)", file: origin.fileID,
                line: origin.line)
        }
    }
}
