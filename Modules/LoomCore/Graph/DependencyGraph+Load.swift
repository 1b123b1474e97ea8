public import LoomRuntime

// `load` on the dependency graph: the asynchronous twin of `inject`, over every active container (see
// `Container+Load.swift` for why it is its own verb).

extension DependencyGraph {
    /// Loads `T` from the active containers: its settled instance, or a new one from its factory —
    /// awaited when the factory is `async`, run on its actor when it is isolated to one.
    ///
    /// A cached instance is built once however many tasks load it at once; cancelling one loader does not cancel the
    /// construction for the others (if the builder's factory gives up because its task was cancelled, the next loader
    /// builds it); a factory that throws caches nothing.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { () async throws -> Database in try await Database.connect(url) }
    /// let database: Database = try await DependencyGraph.load()
    /// let replica = try await DependencyGraph.load(Database.self, alternative: "replica")
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
    nonisolated(nonsending) public static func load<T: Sendable>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if let value = try await GraphProbeTarget().fastLoad(T.self, alternative: alternative) {
            return value
        }
        return try await loadGeneral(T.self, .type(T.self), alternative: alternative, fileID: fileID, line: line)
    }

    /// Loads `T`, or returns `nil` when nothing is registered for it (other failures still throw).
    ///
    /// ```swift
    /// let analytics: Analytics? = try await DependencyGraph.load()
    /// ```
    /// - Parameters:
    ///   - type: `Wrapped?.self`; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration.
    @inlinable
    nonisolated(nonsending) public static func load<T: Sendable>(
        _ type: T?.Type = T?.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T? {
        if !ProcessCounter.optionalLocators.isNonZero,
            let value = try await GraphProbeTarget().fastLoad(T.self, alternative: alternative)
        {
            return value
        }
        return try await loadGeneral(T?.self, .type(T?.self), alternative: alternative, fileID: fileID, line: line)
    }

    /// Loads every registration answering `T` (including conformers and subclasses), in activation and registration order.
    ///
    /// ```swift
    /// let handlers: [any EventHandler] = try await DependencyGraph.load()
    /// ```
    /// - Parameters:
    ///   - type: `[Element].self`; usually inferred.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: One value per matching registration, in registration order.
    /// - Throws: An ``InjectionError`` when one of them cannot be loaded.
    nonisolated(nonsending) public static func load<T: Sendable>(
        _ type: [T].Type = [T].self,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> [T] {
        try await GraphSource().loadAll(
            T.self, key: RegistrationKey(locator: .type(T.self)), fileID: fileID, line: line)
    }

    /// Loads `T` located by type, passing factory arguments (unlabelled, in order).
    ///
    /// ```swift
    /// let pool: Pool = try await DependencyGraph.load(byType: Pool.self, Region.europe)
    /// let backup: Pool = try await DependencyGraph.load(byType: Pool.self, alternative: "backup", Region.europe)
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
    nonisolated(nonsending) public static func load<T: Sendable, each Parameter: Hashable & Sendable>(
        byType type: T.Type,
        alternative: RegistrationAlternative? = nil,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if let value = try await GraphProbeTarget().fastLoad(T.self, alternative: alternative, repeat each parameters) {
            return value
        }
        return try await loadGeneral(
            T.self, .type(T.self), alternative: alternative, repeat each parameters, fileID: fileID, line: line)
    }

    /// Loads the registration located by `name` (matched exactly), passing factory arguments.
    ///
    /// ```swift
    /// let archive: Archive = try await DependencyGraph.load(byName: "archive")
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
    nonisolated(nonsending) public static func load<T: Sendable, each Parameter: Hashable & Sendable>(
        byName name: String,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if let value = try await GraphProbeTarget().fastLoad(T.self, name: name, repeat each parameters) {
            return value
        }
        return try await loadGeneral(
            T.self, .name(name), alternative: nil, repeat each parameters, fileID: fileID, line: line)
    }

    /// Loads the registration associated with `value`, passing factory arguments.
    ///
    /// ```swift
    /// let uploads: UploadService = try await DependencyGraph.load(byValue: UploadLocation.avatar)
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
    nonisolated(nonsending) public static func load<T: Sendable, each Parameter: Hashable & Sendable>(
        byValue value: some Hashable & Sendable,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if let loaded = try await GraphProbeTarget().fastLoad(T.self, value: value, repeat each parameters) {
            return loaded
        }
        return try await loadGeneral(
            T.self, .value(value), alternative: nil, repeat each parameters, fileID: fileID, line: line)
    }

    @usableFromInline
    nonisolated(nonsending) static func loadGeneral<T: Sendable, each Parameter: Hashable & Sendable>(
        _ type: T.Type, _ locator: DependencyLocator, alternative: RegistrationAlternative?,
        _ parameters: repeat each Parameter, fileID: StaticString, line: UInt
    ) async throws -> T {
        let (key, arguments) = requestKey(locator, alternative: alternative, repeat each parameters)
        return try await GraphSource().loadOne(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    @usableFromInline
    nonisolated(nonsending) static func loadGeneral<T: Sendable>(
        _ type: T.Type, _ locator: DependencyLocator, alternative: RegistrationAlternative?, fileID: StaticString,
        line: UInt
    ) async throws -> T {
        let key = RegistrationKey(locator: locator, alternative: alternative)
        return try await GraphSource().loadOne(T.self, key: key, fileID: fileID, line: line)
    }
}
