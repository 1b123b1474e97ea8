// Stitcher's labelled `parameters:` form of `DependencyGraph.inject`, kept so its code compiles. Loom writes the
// arguments unlabelled after the locator (as Stitcher's README does); each form here forwards to that one.

extension DependencyGraph {
    /// Stitcher's `inject(byType:parameters:)`: resolves `T` by type with factory arguments.
    ///
    /// ```swift
    /// let users: UserRepository = try DependencyGraph.inject(byType: UserRepository.self, parameters: context)
    /// // write: try DependencyGraph.inject(byType: UserRepository.self, context)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve.
    ///   - first: The first factory argument.
    ///   - rest: The other factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved.
    @_disfavoredOverload
    @available(*, deprecated, message: "pass the arguments unlabelled: inject(byType: T.self, argument)")
    public static func inject<T, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        byType type: T.Type = T.self, parameters first: First, _ rest: repeat each Rest,
        fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> T {
        try injectGeneral(T.self, .type(T.self), alternative: nil, first, repeat each rest, fileID: fileID, line: line)
    }

    /// Stitcher's `inject(byType:parameters:)` for an Optional: `nil` when nothing is registered.
    ///
    /// ```swift
    /// let users: UserRepository? = try DependencyGraph.inject(parameters: context)
    /// // write: try DependencyGraph.inject(byType: UserRepository?.self, context)
    /// ```
    /// - Parameters:
    ///   - type: `Wrapped?.self`; usually inferred.
    ///   - first: The first factory argument.
    ///   - rest: The other factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value, or `nil` when missing.
    /// - Throws: An ``InjectionError`` for failures other than a missing registration.
    @available(*, deprecated, message: "pass the arguments unlabelled: inject(byType: T?.self, argument)")
    public static func inject<T, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        byType type: T?.Type = T?.self, parameters first: First, _ rest: repeat each Rest,
        fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> T? {
        try injectIfPresent(
            T.self, .type(T.self), alternative: nil, first, repeat each rest, fileID: fileID, line: line)
    }

    /// Stitcher's `inject(byName:parameters:)`: resolves the registration named `name` with factory arguments.
    ///
    /// ```swift
    /// let repository: Repository = try DependencyGraph.inject(byName: "repository", parameters: context)
    /// // write: try DependencyGraph.inject(byName: "repository", context)
    /// ```
    /// - Parameters:
    ///   - name: The registration's name.
    ///   - first: The first factory argument.
    ///   - rest: The other factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved.
    @available(*, deprecated, message: "pass the arguments unlabelled: inject(byName: name, argument)")
    public static func inject<T, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        byName name: String, parameters first: First, _ rest: repeat each Rest,
        fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> T {
        try injectGeneral(T.self, .name(name), alternative: nil, first, repeat each rest, fileID: fileID, line: line)
    }

    /// Stitcher's `inject(byValue:parameters:)`: resolves the registration associated with `value`, with factory
    /// arguments.
    ///
    /// ```swift
    /// let users: UserRepository = try DependencyGraph.inject(byValue: Entity.user, parameters: context)
    /// // write: try DependencyGraph.inject(byValue: Entity.user, context)
    /// ```
    /// - Parameters:
    ///   - value: The associated value.
    ///   - first: The first factory argument.
    ///   - rest: The other factory arguments.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be resolved.
    @available(*, deprecated, message: "pass the arguments unlabelled: inject(byValue: value, argument)")
    public static func inject<T, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        byValue value: some Hashable & Sendable, parameters first: First, _ rest: repeat each Rest,
        fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> T {
        try injectGeneral(T.self, .value(value), alternative: nil, first, repeat each rest, fileID: fileID, line: line)
    }
}
