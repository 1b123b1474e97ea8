/// A read-only view of one registration, for ``DependencyGraph/validate(using:)``.
///
/// ```swift
/// registration.isLocatedBy(name: "repository") && registration.scope.description == "singleton"
/// ```
public struct DependencyRegistrationProjection: Sendable, CustomStringConvertible {
    /// How the registration is found.
    ///
    /// ```swift
    /// registration.locator   // Name[repository]
    /// ```
    public let locator: DependencyLocator
    /// Its scope.
    ///
    /// ```swift
    /// registration.scope.description   // "singleton"
    /// ```
    public let scope: DependencyScope
    /// Its eagerness.
    ///
    /// ```swift
    /// registration.eagerness == .eager
    /// ```
    public let eagerness: DependencyEagerness
    /// The container that holds it, as it prints.
    ///
    /// ```swift
    /// registration.container   // "Container(app)"
    /// ```
    public let container: String
    /// The produced type's name.
    ///
    /// ```swift
    /// registration.valueType   // "Repository"
    /// ```
    public let valueType: String
    private let aliasIDs: [ObjectIdentifier]

    package init(_ entry: RegistrationEntry) {
        locator = entry.locator
        scope = entry.scope
        eagerness = entry.eagerness
        container = entry.ownerDescription
        valueType = typeName(entry.attributes.valueType)
        aliasIDs = entry.attributes.aliases.map { ObjectIdentifier($0.type) }
    }

    /// Whether the registration is located by exactly this name.
    ///
    /// ```swift
    /// registration.isLocatedBy(name: "account-service")
    /// ```
    /// - Parameter name: The name, matched exactly.
    /// - Returns: Whether it matches.
    public func isLocatedBy(name: String) -> Bool {
        locator == .name(name)
    }

    /// Whether the registration answers type lookups for `type` (its own type or a declared alias).
    ///
    /// ```swift
    /// registration.isLocatedBy(type: PrincipalAware.self)
    /// ```
    /// - Parameter type: The type.
    /// - Returns: Whether it matches.
    public func isLocatedBy<T>(type: T.Type) -> Bool {
        locator == .type(type) || (locator.locatedType != nil && aliasIDs.contains(ObjectIdentifier(type)))
    }

    /// Whether the registration is located by this associated value.
    ///
    /// ```swift
    /// registration.isLocatedBy(value: UploadLocation.avatar)
    /// ```
    /// - Parameter value: The value.
    /// - Returns: Whether it matches.
    public func isLocatedBy(value: some Hashable & Sendable) -> Bool {
        locator == .value(value)
    }

    /// `Name[repository] → Repository (singleton, lazy) in Container(app)`.
    ///
    /// ```swift
    /// print(registration)
    /// ```
    public var description: String {
        "\(locator) → \(valueType) (\(scope), \(eagerness)) in \(container)"
    }
}

/// A read-only view of every registration reachable from the graph, for ``DependencyGraph/validate(using:)``.
///
/// ```swift
/// DependencyGraph.validate { registrar in
///     assert(registrar.count == 3)
///     assert(registrar.contains { $0.isLocatedBy(type: Database.self) })
/// }
/// ```
public struct DependencyRegistrarProjection: Sendable, CustomStringConvertible {
    /// Every registration, in activation and registration order.
    ///
    /// ```swift
    /// registrar.registrations.map(\.locator)
    /// ```
    public let registrations: [DependencyRegistrationProjection]

    package init(entries: [RegistrationEntry]) {
        registrations = entries.map(DependencyRegistrationProjection.init)
    }

    /// The number of registrations.
    ///
    /// ```swift
    /// registrar.count   // 3
    /// ```
    public var count: Int { registrations.count }

    /// Whether there are no registrations.
    ///
    /// ```swift
    /// registrar.isEmpty   // false
    /// ```
    public var isEmpty: Bool { registrations.isEmpty }

    /// The registrations matching `predicate`.
    ///
    /// ```swift
    /// registrar.matches { $0.eagerness == .eager }
    /// ```
    /// - Parameter predicate: The condition.
    /// - Returns: The matching registrations.
    public func matches(where predicate: (DependencyRegistrationProjection) -> Bool)
        -> [DependencyRegistrationProjection]
    {
        registrations.filter(predicate)
    }

    /// Whether any registration matches `predicate`.
    ///
    /// ```swift
    /// registrar.contains { $0.isLocatedBy(name: "repository") }
    /// ```
    /// - Parameter predicate: The condition.
    /// - Returns: Whether one matches.
    public func contains(where predicate: (DependencyRegistrationProjection) -> Bool) -> Bool {
        registrations.contains(where: predicate)
    }

    /// One line per registration.
    ///
    /// ```swift
    /// print(registrar)
    /// ```
    public var description: String {
        registrations.map(\.description).joined(separator: "\n")
    }

    /// Stitcher's spelling: hands `validation` the registrations matching `predicate`.
    ///
    /// ```swift
    /// try registrar.withMatches(where: { $0.isLocatedBy(type: Database.self) }) { matches in
    ///     guard matches.count == 1 else { throw SetupError.databaseRegisteredTwice }
    /// }
    /// // write: let matches = registrar.matches { $0.isLocatedBy(type: Database.self) }
    /// ```
    /// - Parameters:
    ///   - predicate: The condition.
    ///   - validation: Inspects the matching registrations; may throw.
    /// - Throws: Whatever `validation` throws.
    @available(*, deprecated, message: "use matches(where:)")
    public func withMatches(
        where predicate: (DependencyRegistrationProjection) -> Bool,
        perform validation: ([DependencyRegistrationProjection]) throws -> Void
    ) rethrows {
        try validation(matches(where: predicate))
    }

    /// Stitcher's spelling: hands `validation` the first registration matching `predicate`, or `nil`.
    ///
    /// ```swift
    /// try registrar.withFirstMatch(where: { $0.isLocatedBy(name: "repository") }) { match in
    ///     guard match?.scope.description == "singleton" else { throw SetupError.repositoryNotSingleton }
    /// }
    /// // write: let match = registrar.registrations.first { $0.isLocatedBy(name: "repository") }
    /// ```
    /// - Parameters:
    ///   - predicate: The condition.
    ///   - validation: Inspects the first match; may throw.
    /// - Throws: Whatever `validation` throws.
    @available(*, deprecated, message: "use registrations.first(where:)")
    public func withFirstMatch(
        where predicate: (DependencyRegistrationProjection) -> Bool,
        perform validation: (DependencyRegistrationProjection?) throws -> Void
    ) rethrows {
        try validation(registrations.first(where: predicate))
    }
}
