public import LoomRuntime

// `load`: the asynchronous verb. It answers every registration — synchronous, `async`, isolated to an actor — with the
// same rules as `resolve` / `inject`. It is its own verb, not an `async` overload of theirs: with both overloads, every
// existing `try container.resolve()` inside async code would stop compiling (the compiler prefers an async overload
// there), so synchronous calls keep compiling unchanged. Each `load` runs on its caller's executor until a factory
// needs another one (`nonisolated(nonsending)`), and a settled cached instance returns without suspending.

extension Container {
    /// Loads `T` from this container or its parent chain: its settled instance, or a new one from its factory —
    /// awaited when the factory is `async`, run on its actor when it is isolated to one.
    ///
    /// A cached instance is built once however many tasks load it at once; cancelling one loader does not cancel the
    /// construction for the others (if the builder's factory gives up because its task was cancelled, the next loader
    /// builds it); a factory that throws caches nothing.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { () async throws -> Database in try await Database.connect(url) }
    /// let database: Database = try await container.load()
    /// let replica = try await container.load(Database.self, alternative: "replica")
    /// ```
    /// - Parameters:
    ///   - type: The type to load; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The registered value.
    /// - Throws: The ``InjectionError`` cases `resolve` throws; factory errors as
    ///   ``InjectionError/factoryFailed(_:underlying:)``; `CancellationError` when this task is cancelled while it
    ///   waits for another task's construction.
    @_disfavoredOverload
    @inlinable
    nonisolated(nonsending) public func load<T: Sendable>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if let value = try await registry.fastLoad(T.self, alternative: alternative) {
            if logTarget.isEnabled(.debug) { logLoad(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try await loadGeneral(T.self, .type(T.self), alternative: alternative, fileID: fileID, line: line)
    }

    /// Loads `T`, or returns `nil` when nothing is registered for it (other failures still throw).
    ///
    /// ```swift
    /// let analytics: Analytics? = try await container.load()
    /// ```
    /// - Parameters:
    ///   - type: `Wrapped?.self`; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration.
    @inlinable
    nonisolated(nonsending) public func load<T: Sendable>(
        _ type: T?.Type = T?.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T? {
        if !ProcessCounter.optionalLocators.isNonZero,
            let value = try await registry.fastLoad(T.self, alternative: alternative)
        {
            return value
        }
        return try await loadGeneral(T?.self, .type(T?.self), alternative: alternative, fileID: fileID, line: line)
    }

    /// Loads every registration answering `T` (including conformers and subclasses), nearest container first.
    ///
    /// ```swift
    /// let handlers: [any EventHandler] = try await container.load()
    /// ```
    /// - Parameters:
    ///   - type: `[Element].self`; usually inferred.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: One value per matching registration, in registration order.
    /// - Throws: An ``InjectionError`` when one of them cannot be loaded.
    nonisolated(nonsending) public func load<T: Sendable>(
        _ type: [T].Type = [T].self,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> [T] {
        try await loadAll(T.self, key: RegistrationKey(locator: .type(T.self)), fileID: fileID, line: line)
    }

    /// Loads `T` located by type, passing factory arguments (unlabelled, in order).
    ///
    /// ```swift
    /// let pool: Pool = try await container.load(byType: Pool.self, Region.europe)
    /// let backup: Pool = try await container.load(byType: Pool.self, alternative: "backup", Region.europe)
    /// ```
    /// - Parameters:
    ///   - type: The type to load.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: ``InjectionError/invalidDependencyParameters(_:expected:actual:)`` for arguments of the wrong types,
    ///   and the other ``InjectionError`` cases.
    @_disfavoredOverload
    @inlinable
    nonisolated(nonsending) public func load<T: Sendable, each Parameter: Hashable & Sendable>(
        byType type: T.Type,
        alternative: RegistrationAlternative? = nil,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if let value = try await registry.fastLoad(T.self, alternative: alternative, repeat each parameters) {
            return value
        }
        return try await loadGeneral(
            T.self, .type(T.self), alternative: alternative, repeat each parameters, fileID: fileID, line: line)
    }

    /// Loads the registration located by `name` (matched exactly), passing factory arguments.
    ///
    /// ```swift
    /// let archive: Archive = try await container.load(byName: "archive")
    /// ```
    /// - Parameters:
    ///   - name: The registration's name.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be loaded.
    @_disfavoredOverload
    @inlinable
    nonisolated(nonsending) public func load<T: Sendable, each Parameter: Hashable & Sendable>(
        byName name: String,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if let value = try await registry.fastLoad(T.self, name: name, repeat each parameters) { return value }
        return try await loadGeneral(
            T.self, .name(name), alternative: nil, repeat each parameters, fileID: fileID, line: line)
    }

    /// Loads the registration associated with `value`, passing factory arguments.
    ///
    /// ```swift
    /// let uploads: UploadService = try await container.load(byValue: UploadLocation.avatar)
    /// ```
    /// - Parameters:
    ///   - value: The associated value.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be loaded.
    @_disfavoredOverload
    @inlinable
    nonisolated(nonsending) public func load<T: Sendable, each Parameter: Hashable & Sendable>(
        byValue value: some Hashable & Sendable,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if let loaded = try await registry.fastLoad(T.self, value: value, repeat each parameters) { return loaded }
        return try await loadGeneral(
            T.self, .value(value), alternative: nil, repeat each parameters, fileID: fileID, line: line)
    }

    @usableFromInline
    func logLoad(of type: Any.Type, fileID: StaticString, line: UInt) {
        logTarget.log(.debug, "Loaded \(DependencyLocator.type(type)) from \(description)", file: fileID, line: line)
    }

    @usableFromInline
    nonisolated(nonsending) func loadGeneral<T: Sendable, each Parameter: Hashable & Sendable>(
        _ type: T.Type, _ locator: DependencyLocator, alternative: RegistrationAlternative?,
        _ parameters: repeat each Parameter, fileID: StaticString, line: UInt
    ) async throws -> T {
        let (key, arguments) = requestKey(locator, alternative: alternative, repeat each parameters)
        return try await loadOne(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    @usableFromInline
    nonisolated(nonsending) func loadGeneral<T: Sendable>(
        _ type: T.Type, _ locator: DependencyLocator, alternative: RegistrationAlternative?, fileID: StaticString,
        line: UInt
    ) async throws -> T {
        let key = RegistrationKey(locator: locator, alternative: alternative)
        return try await loadOne(T.self, key: key, fileID: fileID, line: line)
    }
}
