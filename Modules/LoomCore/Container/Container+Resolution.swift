public import LoomRuntime

extension Container {
    /// Resolves `T` from this container or, failing that, its parent chain.
    ///
    /// Registering `T` also answers `T?`. An enclosing-object resolver (`register { parameter in … }`) is not used
    /// here; pass `parameter:` for it.
    ///
    /// ```swift
    /// let service: MyService = try container.resolve()
    /// let other = try container.resolve(MyService.self, alternative: .another)
    /// let maybe: MyService? = try container.resolve()
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The registered value.
    /// - Throws: ``InjectionError/missingDependency(_:suggestions:)`` when nothing is registered, and the other
    ///   ``InjectionError`` cases for ambiguity, type mismatch, cycles and factory errors. Never traps.
    @_disfavoredOverload
    @inlinable
    public func resolve<T>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try fastValue(T.self, alternative: alternative) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try resolveGeneral(T.self, alternative: alternative, fileID: fileID, line: line)
    }

    /// Resolves `T` from this container or its parent chain, or returns `nil` when nothing is registered for it.
    ///
    /// The same as ``inject(byType:alternative:_:fileID:line:)->T?``: only a missing registration becomes `nil`;
    /// ambiguity, a type mismatch, a cycle or a factory error still throw.
    ///
    /// ```swift
    /// let analytics: Analytics? = try container.resolve()
    /// let other = try container.resolve(Analytics?.self, alternative: .another)
    /// ```
    /// - Parameters:
    ///   - type: `Wrapped?.self`; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration; never traps.
    @inlinable
    public func resolve<T>(
        _ type: T?.Type = T?.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T? {
        // While nothing in the process is registered as an explicit `T?`, a `T?` request is answered by `T`'s
        // registration: probe that directly.
        if !ProcessCounter.optionalLocators.isNonZero, let value = try fastValue(T.self, alternative: alternative) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try resolveGeneral(T?.self, alternative: alternative, fileID: fileID, line: line)
    }

    /// The lock-free answer for `T` (with `alternative`), or `nil` when only the general path can give it.
    @inlinable @inline(__always)
    func fastValue<T>(_ type: T.Type, alternative: RegistrationAlternative?) throws -> T? {
        guard let alternative else { return try registry.fastValue(T.self) }
        return try registry.fastValue(T.self, alternative: alternative)
    }

    @usableFromInline
    func logResolution(of type: Any.Type, fileID: StaticString, line: UInt) {
        logTarget.log(.debug, "Resolved \(DependencyLocator.type(type)) from \(description)", file: fileID, line: line)
    }

    /// Everything the fast path does not handle: several candidates, the `T?` fallback, errors.
    @usableFromInline
    func resolveGeneral<T>(
        _ type: T.Type,
        alternative: RegistrationAlternative?,
        fileID: StaticString,
        line: UInt
    ) throws -> T {
        let key = RegistrationKey(locator: .type(T.self), alternative: alternative)
        return try resolveOne(T.self, key: key, fileID: fileID, line: line)
    }

    /// Resolves `T` through an enclosing-object resolver, passing `parameter` to it.
    ///
    /// ```swift
    /// container.register { enclosing -> String in "owned by \(enclosing)" }
    /// let label: String = try container.resolve(parameter: self)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve; usually inferred.
    ///   - parameter: The value handed to the resolver.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The resolver's result.
    /// - Throws: ``InjectionError/missingDependency(_:suggestions:)`` when no enclosing-object resolver is
    ///   registered for `T` (a plain registration does not count), and the other ``InjectionError`` cases.
    @inlinable
    public func resolve<T>(
        _ type: T.Type = T.self,
        parameter: Any,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try registry.fastValue(T.self, parameter: parameter, alternative: alternative) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try resolveGeneral(T.self, parameter: parameter, alternative: alternative, fileID: fileID, line: line)
    }

    @usableFromInline
    func resolveGeneral<T>(
        _ type: T.Type, parameter: Any, alternative: RegistrationAlternative?, fileID: StaticString, line: UInt
    ) throws -> T {
        let key = RegistrationKey(locator: .type(T.self), alternative: alternative, parameters: .enclosingObject)
        return try resolveOne(T.self, key: key, enclosing: parameter, fileID: fileID, line: line)
    }

    /// Whether `T` has a registration here or in the parent chain that the current run mode can resolve.
    ///
    /// Counts plain and parametrized registrations, and for `T?` also a registration of `T`. Agrees with ``resolve(_:alternative:fileID:line:)->T`` and
    /// ``resolve(_:parameter:alternative:fileID:line:)``: when this is `false`, both throw `missingDependency`.
    ///
    /// ```swift
    /// if container.isResolvable(MyService.self) { … }
    /// ```
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - alternative: The alternative registration to look for; `nil` for the default one.
    /// - Returns: Whether a resolve would find a registration (its factory may still fail).
    public func isResolvable<T>(_ type: T.Type, alternative: RegistrationAlternative? = nil) -> Bool {
        var keys: [RegistrationKey] = [.init(locator: .type(T.self), alternative: alternative)]
        keys.append(.init(locator: .type(T.self), alternative: alternative, parameters: .enclosingObject))
        if let optional = T.self as? any OptionalType.Type { keys += keys.map { $0.located(by: optional.wrappedType) } }
        let source = overlaid
        // A registration with factories only for other run modes than the current one is not resolvable now.
        let mode = RunMode.current
        return keys.contains { key in
            source.candidates(for: key)?.contains { $0.serving(mode) != nil } ?? false
        }
    }
}

// MARK: - The general path

extension Container: DependencySource {
    /// The registrations answering `key` in the first container of the chain that has any.
    package func candidates(for key: RegistrationKey) -> [RegistrationEntry]? {
        for container in chain {
            if let candidates = container.registry.candidates(for: key), !candidates.isEmpty { return candidates }
        }
        return nil
    }

    /// Every registration answering `key` in the chain, nearest container first; a registration whose own key
    /// already answered from a nearer container is shadowed.
    package func allCandidates(for key: RegistrationKey) -> [RegistrationEntry] {
        // Without a parent nothing can be shadowed: no key set to build.
        if parent == nil { return registry.candidates(for: key) ?? [] }
        var result: [RegistrationEntry] = []
        var seenKeys: Set<RegistrationKey> = []
        for container in chain {
            let candidates = container.registry.candidates(for: key) ?? []
            for entry in candidates where !seenKeys.contains(entry.key) { result.append(entry) }
            seenKeys.formUnion(candidates.map(\.key))
        }
        return result
    }

    package var visibleEntries: [RegistrationEntry] { chain.flatMap(\.registry.entries) }
    package var searchedDescriptions: [String] { chain.map(\.description) }
    package var sourceDescription: String { description }
    package var sourceLogTarget: LogTarget { logTarget }
    package var environment: ResolutionEnvironment { .live }
    package var settledCollectionsRegistry: Registry? { registry }
}
