public import LoomRuntime

extension Container {
    /// Resolves `T` located by type, passing factory arguments, with the same rules as `DependencyGraph.inject`
    /// but looking only at this container and its parents.
    ///
    /// Arguments are matched by their static types, in order. Disfavoured so that an `Optional` or collection
    /// result picks its dedicated overload.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { (context: StoreContext) in Repository(context) }
    /// let repository: Repository = try container.inject(byType: Repository.self, StoreContext.users)
    /// container.register(alternative: "archive", scope: .singleton) { (context: StoreContext) in Repository(context) }
    /// let archive = try container.inject(byType: Repository.self, alternative: "archive", StoreContext.users)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: ``InjectionError/invalidDependencyParameters(_:expected:actual:)`` for arguments of the wrong
    ///   types, and the other ``InjectionError`` cases.
    @_disfavoredOverload
    @inlinable
    public func inject<T, each Parameter: Hashable & Sendable>(
        byType type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try registry.fastValue(T.self, alternative: alternative, repeat each parameters) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try injectGeneral(
            T.self, .type(T.self), alternative: alternative, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves `T` located by type with one factory argument.
    ///
    /// Behaves as the variadic `inject(byType:alternative:_:fileID:line:)`, which Swift picks for other numbers of
    /// arguments (the dedicated overloads answer a `T?`, `[T]` or `Set<T>` result); this one reads a settled
    /// instance without a parameter pack, with about a quarter less work.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { (region: Region) in Quota(region) }
    /// let quota = try container.inject(byType: Quota.self, Region.eu)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - first: The factory's argument.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: ``InjectionError/invalidDependencyParameters(_:expected:actual:)`` for an argument of the wrong
    ///   type, and the other ``InjectionError`` cases.
    @_disfavoredOverload
    @inlinable
    public func inject<T, First: Hashable & Sendable>(
        byType type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        _ first: First,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try registry.fastValue(T.self, alternative: alternative, first) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try injectGeneral(T.self, .type(T.self), alternative: alternative, first, fileID: fileID, line: line)
    }

    /// Resolves `T` located by type with two factory arguments.
    ///
    /// Behaves as the variadic `inject(byType:alternative:_:fileID:line:)`, which Swift picks for other numbers of
    /// arguments (the dedicated overloads answer a `T?`, `[T]` or `Set<T>` result); this one reads a settled
    /// instance without a parameter pack, with less than half the work.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { (region: Region, tier: Int) in Quota(region, tier) }
    /// let quota = try container.inject(byType: Quota.self, Region.eu, 2)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - first: The factory's first argument.
    ///   - second: The factory's second argument.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: ``InjectionError/invalidDependencyParameters(_:expected:actual:)`` for arguments of the wrong
    ///   types, and the other ``InjectionError`` cases.
    @_disfavoredOverload
    @inlinable
    public func inject<T, First: Hashable & Sendable, Second: Hashable & Sendable>(
        byType type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        _ first: First,
        _ second: Second,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try registry.fastValue(T.self, alternative: alternative, first, second) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try injectGeneral(
            T.self, .type(T.self), alternative: alternative, first, second, fileID: fileID, line: line)
    }

    /// Resolves `T` located by type with three factory arguments.
    ///
    /// Behaves as the variadic `inject(byType:alternative:_:fileID:line:)`, which Swift picks for other numbers of
    /// arguments (the dedicated overloads answer a `T?`, `[T]` or `Set<T>` result); this one reads a settled
    /// instance without a parameter pack, with less than half the work.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { (region: Region, tier: Int, beta: Bool) in Quota(region, tier, beta) }
    /// let quota = try container.inject(byType: Quota.self, Region.eu, 2, true)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - first: The factory's first argument.
    ///   - second: The factory's second argument.
    ///   - third: The factory's third argument.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: ``InjectionError/invalidDependencyParameters(_:expected:actual:)`` for arguments of the wrong
    ///   types, and the other ``InjectionError`` cases.
    @_disfavoredOverload
    @inlinable
    public func inject<T, First: Hashable & Sendable, Second: Hashable & Sendable, Third: Hashable & Sendable>(
        byType type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        _ first: First,
        _ second: Second,
        _ third: Third,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try registry.fastValue(T.self, alternative: alternative, first, second, third) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try injectGeneral(
            T.self, .type(T.self), alternative: alternative, first, second, third, fileID: fileID, line: line)
    }

    @usableFromInline
    func injectGeneral<T, each Parameter: Hashable & Sendable>(
        _ type: T.Type,
        _ locator: DependencyLocator,
        alternative: RegistrationAlternative?,
        _ parameters: repeat each Parameter,
        fileID: StaticString,
        line: UInt
    ) throws -> T {
        let (key, arguments) = requestKey(locator, alternative: alternative, repeat each parameters)
        return try resolveOne(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves `T` located by type, or returns `nil` when nothing is registered for it.
    ///
    /// Only a missing registration becomes `nil`: ambiguity, a type mismatch, a cycle or a factory error still
    /// throw.
    ///
    /// ```swift
    /// let analytics: Analytics? = try container.inject()
    /// let archive: Repository? = try container.inject(byType: Repository?.self, alternative: "archive", region)
    /// ```
    /// - Parameters:
    ///   - type: `Wrapped?.self`; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @inlinable
    public func inject<T, each Parameter: Hashable & Sendable>(
        byType type: T?.Type = T?.self,
        alternative: RegistrationAlternative? = nil,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T? {
        // While nothing in the process is registered as an explicit `T?`, `T`'s registration answers: probe it.
        if !ProcessCounter.optionalLocators.isNonZero,
            let value = try registry.fastValue(T.self, alternative: alternative, repeat each parameters)
        {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try injectIfPresent(T.self, alternative: alternative, repeat each parameters, fileID: fileID, line: line)
    }

    @usableFromInline
    func injectIfPresent<T, each Parameter: Hashable & Sendable>(
        _ type: T.Type, alternative: RegistrationAlternative?, _ parameters: repeat each Parameter,
        fileID: StaticString, line: UInt
    ) throws -> T? {
        let (key, arguments) = requestKey(.type(T.self), alternative: alternative, repeat each parameters)
        return try resolveIfPresent(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves every registration answering `T` (including conformers and subclasses) in this container and its
    /// parents, or an empty array.
    ///
    /// ```swift
    /// let handlers: [any EventHandler] = try container.inject()
    /// ```
    /// - Parameters:
    ///   - type: `[Element].self`; usually inferred.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: One value per matching registration, nearest container first, in registration order.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    public func inject<T, each Parameter: Hashable & Sendable>(
        byType type: [T].Type = [T].self,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> [T] {
        // A remembered answer first (see `SettledCollections`), without building the request's key; the general path
        // below consults it too, after a test overlay had its turn.
        if isEmptyPack(repeat each parameters), !ProcessCounter.activeOverlays.isNonZero,
            let values = SettledCollections.values(
                of: T.self, keyID: TypeKey(T.self), in: registry)
        {
            logTarget.log(
                .debug, "Resolved \(RegistrationKey(plainType: T.self)) from \(self)",
                file: fileID, line: line)
            return values
        }
        let (key, arguments) = requestKey(.type(T.self), repeat each parameters)
        return try resolveAll(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves every registration answering `T`, as a set.
    ///
    /// ```swift
    /// let plugins: Set<PluginID> = try container.inject()
    /// ```
    /// - Parameters:
    ///   - type: `Set<Element>.self`; usually inferred.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The distinct values of every matching registration.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    public func inject<T: Hashable, each Parameter: Hashable & Sendable>(
        byType type: Set<T>.Type = Set<T>.self,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> Set<T> {
        Set(try inject(byType: [T].self, repeat each parameters, fileID: fileID, line: line))
    }

    /// Resolves the registration located by `name` (matched exactly) and casts it to `T`.
    ///
    /// ```swift
    /// let service: AccountService = try container.inject(byName: "account-service")
    /// ```
    /// - Parameters:
    ///   - name: The registration's name.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: ``InjectionError/mismatchedDependencyType(actual:expected:)`` when the value is not a `T`, and
    ///   the other ``InjectionError`` cases.
    @_disfavoredOverload
    @inlinable
    public func inject<T, each Parameter: Hashable & Sendable>(
        byName name: String,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try registry.fastValue(T.self, name: name, repeat each parameters) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try injectGeneral(
            T.self, .name(name), alternative: nil, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves the registration located by `name`, or returns `nil` when none is registered.
    ///
    /// ```swift
    /// let legacy: LegacyService? = try container.inject(byName: "legacy")
    /// ```
    /// - Parameters:
    ///   - name: The registration's name.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration.
    public func inject<T, each Parameter: Hashable & Sendable>(
        byName name: String,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T? {
        let (key, arguments) = requestKey(.name(name), repeat each parameters)
        return try resolveIfPresent(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves the registration whose name is `name.rawValue`.
    ///
    /// ```swift
    /// enum Services: String { case repository }
    /// let repository: Repository = try container.inject(byName: Services.repository)
    /// ```
    /// - Parameters:
    ///   - name: A string-backed value naming the registration.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @inlinable
    public func inject<T, Name: RawRepresentable, each Parameter: Hashable & Sendable>(
        byName name: Name,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T where Name.RawValue == String {
        try inject(byName: name.rawValue, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves the registration whose name is `name.description`.
    ///
    /// ```swift
    /// let flagged: Feature = try container.inject(byName: FeatureName.search)
    /// ```
    /// - Parameters:
    ///   - name: A value whose description names the registration.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @_disfavoredOverload
    @inlinable
    public func inject<T, each Parameter: Hashable & Sendable>(
        byName name: some CustomStringConvertible,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        try inject(byName: name.description, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves the registration associated with `value`.
    ///
    /// ```swift
    /// let uploads: UploadService = try container.inject(byValue: UploadLocation.avatar)
    /// ```
    /// - Parameters:
    ///   - value: The associated value.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @_disfavoredOverload
    @inlinable
    public func inject<T, each Parameter: Hashable & Sendable>(
        byValue value: some Hashable & Sendable,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try registry.fastValue(T.self, value: value, repeat each parameters) {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try injectGeneral(
            T.self, .value(value), alternative: nil, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves the registration associated with `value`, or returns `nil` when none is registered.
    ///
    /// ```swift
    /// let banner: UploadService? = try container.inject(byValue: UploadLocation.banner)
    /// ```
    /// - Parameters:
    ///   - value: The associated value.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration.
    public func inject<T, each Parameter: Hashable & Sendable>(
        byValue value: some Hashable & Sendable,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T? {
        let (key, arguments) = requestKey(.value(value), repeat each parameters)
        return try resolveIfPresent(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }
}
