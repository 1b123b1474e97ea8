/// One change of the dependency graph, as delivered by ``DependencyGraph/changes``.
///
/// ```swift
/// for await change in DependencyGraph.changes {
///     print(change)   // activated Container(app)
/// }
/// ```
public struct DependencyGraphChange: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A container was activated.
        case activated
        /// A container was deactivated.
        case deactivated
        /// Every container was deactivated.
        case deactivatedAll
        /// An active container re-evaluated its builder (an invalidation).
        case invalidated
        /// Registrations of an active container (or one of its parents) were added, replaced or removed.
        case registrationsChanged
        /// A configuration reload changed the values of ``DependencyGraphChange/keys``; ``containers`` hold the cached
        /// instances it dropped because their factories read one of those keys (`LoomConfigurationSources`).
        case configurationChanged
    }

    /// What happened.
    ///
    /// ```swift
    /// if change.kind == .invalidated { reloadServices() }
    /// ```
    public let kind: Kind
    /// The containers concerned, as they print (`Container(app)`).
    ///
    /// ```swift
    /// change.containers   // ["Container(app)"]
    /// ```
    public let containers: [String]
    /// For ``Kind/configurationChanged``, the configuration keys whose values changed, as they were bound
    /// (`http.timeout`); empty for the other kinds.
    ///
    /// ```swift
    /// if change.kind == .configurationChanged { print("reloaded", change.keys) }
    /// ```
    public let keys: [String]

    /// Creates a change value.
    ///
    /// ```swift
    /// let change = DependencyGraphChange(kind: .activated, containers: ["Container(app)"])
    /// ```
    /// - Parameters:
    ///   - kind: What happened.
    ///   - containers: The containers concerned.
    ///   - keys: The configuration keys that changed (for ``Kind/configurationChanged``).
    public init(kind: Kind, containers: [String], keys: [String] = []) {
        self.kind = kind
        self.containers = containers
        self.keys = keys
    }

    /// `activated Container(app)`.
    ///
    /// ```swift
    /// print(change)   // invalidated Container(session)
    /// ```
    public var description: String {
        if kind == .configurationChanged {
            let changed = "configuration changed: " + keys.joined(separator: ", ")
            return containers.isEmpty ? changed : changed + "; rebuilding in " + containers.joined(separator: " ")
        }
        let verb: String =
            switch kind {
            case .activated: "activated"
            case .deactivated: "deactivated"
            case .deactivatedAll: "deactivated all"
            case .invalidated: "invalidated"
            case .registrationsChanged: "registrations changed in"
            case .configurationChanged: "configuration changed"
            }
        return ([verb] + containers).joined(separator: " ")
    }
}
