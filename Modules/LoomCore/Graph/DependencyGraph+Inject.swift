public import LoomRuntime

extension DependencyGraph {
    /// Resolves `T` by type from the active containers, passing factory arguments (unlabelled, in order).
    ///
    /// Disfavoured so that an `Optional` or collection result picks its dedicated overload.
    ///
    /// ```swift
    /// let service: AccountService = try DependencyGraph.inject()
    /// let users: UserRepository = try DependencyGraph.inject(byType: UserRepository.self, StoreContext.users)
    /// let archive = try DependencyGraph.inject(byType: UserRepository.self, alternative: "archive", StoreContext.users)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - parameters: The factory arguments, matched by their static types.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @_disfavoredOverload
    @inlinable
    public static func inject<T, each Parameter: Hashable & Sendable>(
        byType type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try GraphProbeTarget().fastValue(T.self, alternative: alternative, repeat each parameters) {
            return value
        }
        return try injectGeneral(
            T.self, .type(T.self), alternative: alternative, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves `T` by type from the active containers with one factory argument.
    ///
    /// Behaves as the variadic `inject(byType:alternative:_:fileID:line:)`, which Swift picks for other numbers of
    /// arguments (the dedicated overloads answer a `T?`, `[T]` or `Set<T>` result); this one reads a settled
    /// instance without a parameter pack, with about a quarter less work.
    ///
    /// ```swift
    /// let users = try DependencyGraph.inject(byType: UserRepository.self, StoreContext.users)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - first: The factory's argument.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @_disfavoredOverload
    @inlinable
    public static func inject<T, First: Hashable & Sendable>(
        byType type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        _ first: First,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try GraphProbeTarget().fastValue(T.self, alternative: alternative, first) { return value }
        return try injectGeneral(T.self, .type(T.self), alternative: alternative, first, fileID: fileID, line: line)
    }

    /// Resolves `T` by type from the active containers with two factory arguments.
    ///
    /// Behaves as the variadic `inject(byType:alternative:_:fileID:line:)`, which Swift picks for other numbers of
    /// arguments (the dedicated overloads answer a `T?`, `[T]` or `Set<T>` result); this one reads a settled
    /// instance without a parameter pack, with less than half the work.
    ///
    /// ```swift
    /// let quota = try DependencyGraph.inject(byType: Quota.self, Region.eu, 2)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - first: The factory's first argument.
    ///   - second: The factory's second argument.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @_disfavoredOverload
    @inlinable
    public static func inject<T, First: Hashable & Sendable, Second: Hashable & Sendable>(
        byType type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        _ first: First,
        _ second: Second,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try GraphProbeTarget().fastValue(T.self, alternative: alternative, first, second) {
            return value
        }
        return try injectGeneral(
            T.self, .type(T.self), alternative: alternative, first, second, fileID: fileID, line: line)
    }

    /// Resolves `T` by type from the active containers with three factory arguments.
    ///
    /// Behaves as the variadic `inject(byType:alternative:_:fileID:line:)`, which Swift picks for other numbers of
    /// arguments (the dedicated overloads answer a `T?`, `[T]` or `Set<T>` result); this one reads a settled
    /// instance without a parameter pack, with less than half the work.
    ///
    /// ```swift
    /// let quota = try DependencyGraph.inject(byType: Quota.self, Region.eu, 2, true)
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
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @_disfavoredOverload
    @inlinable
    public static func inject<T, First: Hashable & Sendable, Second: Hashable & Sendable, Third: Hashable & Sendable>(
        byType type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        _ first: First,
        _ second: Second,
        _ third: Third,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try GraphProbeTarget().fastValue(T.self, alternative: alternative, first, second, third) {
            return value
        }
        return try injectGeneral(
            T.self, .type(T.self), alternative: alternative, first, second, third, fileID: fileID, line: line)
    }

    @usableFromInline
    static func injectGeneral<T, each Parameter: Hashable & Sendable>(
        _ type: T.Type,
        _ locator: DependencyLocator,
        alternative: RegistrationAlternative?,
        _ parameters: repeat each Parameter,
        fileID: StaticString,
        line: UInt
    ) throws -> T {
        let (key, arguments) = requestKey(locator, alternative: alternative, repeat each parameters)
        return try GraphSource().resolveOne(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves `T` by type, or returns `nil` when no active container registers it.
    ///
    /// Only a missing registration becomes `nil`: ambiguity, a type mismatch, a cycle or a factory error still
    /// throw.
    ///
    /// ```swift
    /// let analytics: Analytics? = try DependencyGraph.inject()
    /// let archive: Repository? = try DependencyGraph.inject(byType: Repository?.self, alternative: "archive", region)
    /// ```
    /// - Parameters:
    ///   - type: `Wrapped?.self`; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration.
    @inlinable
    public static func inject<T, each Parameter: Hashable & Sendable>(
        byType type: T?.Type = T?.self,
        alternative: RegistrationAlternative? = nil,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T? {
        // While nothing in the process is registered as an explicit `T?`, `T`'s registration answers: probe it.
        if !ProcessCounter.optionalLocators.isNonZero,
            let value = try GraphProbeTarget().fastValue(T.self, alternative: alternative, repeat each parameters)
        {
            return value
        }
        return try injectIfPresent(
            T.self, .type(T.self), alternative: alternative, repeat each parameters, fileID: fileID, line: line)
    }

    @usableFromInline
    static func injectIfPresent<T, each Parameter: Hashable & Sendable>(
        _ type: T.Type, _ locator: DependencyLocator, alternative: RegistrationAlternative?,
        _ parameters: repeat each Parameter, fileID: StaticString, line: UInt
    ) throws -> T? {
        let (key, arguments) = requestKey(locator, alternative: alternative, repeat each parameters)
        return try GraphSource().resolveIfPresent(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves every registration answering `T` — including conformers and subclasses — across the active
    /// containers, or an empty array.
    ///
    /// ```swift
    /// let principalAware: [any PrincipalAware] = try DependencyGraph.inject()
    /// ```
    /// - Parameters:
    ///   - type: `[Element].self`; usually inferred.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: One value per matching registration, in activation order.
    /// - Throws: An ``InjectionError`` when one of them cannot be built.
    public static func inject<T, each Parameter: Hashable & Sendable>(
        byType type: [T].Type = [T].self,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> [T] {
        let (key, arguments) = requestKey(.type(T.self), repeat each parameters)
        return try GraphSource().resolveAll(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves every registration answering `T` across the active containers, as a set.
    ///
    /// ```swift
    /// let features: Set<FeatureFlag> = try DependencyGraph.inject()
    /// ```
    /// - Parameters:
    ///   - type: `Set<Element>.self`; usually inferred.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The distinct values of every matching registration.
    /// - Throws: An ``InjectionError`` when one of them cannot be built.
    public static func inject<T: Hashable, each Parameter: Hashable & Sendable>(
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
    /// let accountService: AccountService = try DependencyGraph.inject(byName: "account-service")
    /// ```
    /// - Parameters:
    ///   - name: The registration's name.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @_disfavoredOverload
    @inlinable
    public static func inject<T, each Parameter: Hashable & Sendable>(
        byName name: String,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try GraphProbeTarget().fastValue(T.self, name: name, repeat each parameters) {
            return value
        }
        return try injectGeneral(
            T.self, .name(name), alternative: nil, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves the registration located by `name`, or returns `nil` when none is registered.
    ///
    /// ```swift
    /// let legacy: LegacyService? = try DependencyGraph.inject(byName: "legacy")
    /// ```
    /// - Parameters:
    ///   - name: The registration's name.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration.
    public static func inject<T, each Parameter: Hashable & Sendable>(
        byName name: String,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T? {
        let (key, arguments) = requestKey(.name(name), repeat each parameters)
        return try GraphSource().resolveIfPresent(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves the registration whose name is `name.rawValue`.
    ///
    /// ```swift
    /// let repository: Repository = try DependencyGraph.inject(byName: Services.repository, StoreContext.main)
    /// ```
    /// - Parameters:
    ///   - name: A string-backed value naming the registration.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved; never traps.
    @inlinable
    public static func inject<T, Name: RawRepresentable, each Parameter: Hashable & Sendable>(
        byName name: Name,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T where Name.RawValue == String {
        try inject(byName: name.rawValue, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves the registration whose name is `name.description`.
    ///
    /// Disfavoured so that `String` and string-backed names pick their dedicated overloads.
    ///
    /// ```swift
    /// let index: SearchIndex = try DependencyGraph.inject(byName: FeatureName.search)
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
    public static func inject<T, each Parameter: Hashable & Sendable>(
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
    /// let imageUploadService: ImageUploadService = try DependencyGraph.inject(byValue: UploadServices.images)
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
    public static func inject<T, each Parameter: Hashable & Sendable>(
        byValue value: some Hashable & Sendable,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if let value = try GraphProbeTarget().fastValue(T.self, value: value, repeat each parameters) {
            return value
        }
        return try injectGeneral(
            T.self, .value(value), alternative: nil, repeat each parameters, fileID: fileID, line: line)
    }

    /// Resolves the registration associated with `value`, or returns `nil` when none is registered.
    ///
    /// ```swift
    /// let banner: UploadService? = try DependencyGraph.inject(byValue: UploadLocation.banner)
    /// ```
    /// - Parameters:
    ///   - value: The associated value.
    ///   - parameters: The factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration.
    public static func inject<T, each Parameter: Hashable & Sendable>(
        byValue value: some Hashable & Sendable,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T? {
        let (key, arguments) = requestKey(.value(value), repeat each parameters)
        return try GraphSource().resolveIfPresent(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }
}
