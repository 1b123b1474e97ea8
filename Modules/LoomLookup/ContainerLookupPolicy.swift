public import LoomCore
internal import LoomRuntime

/// Decides which container an injected property resolves from.
///
/// `@Injected` properties ask the policy for a container, passing their enclosing instance when they have one (a
/// class); returning `nil` means "resolve from the `DependencyGraph`". A policy only chooses where to look:
/// every resolution still goes through the same engine (scopes, cycle detection, test overrides).
///
/// ```swift
/// struct FeatureLookupPolicy: ContainerLookupPolicy {
///     func container<Enclosing>(for instance: Enclosing, file: StaticString, function: StaticString, line: UInt)
///         -> Container?
///     {
///         instance is SearchViewModel ? SearchFeature.container : nil
///     }
/// }
/// Container.lookupPolicy = FeatureLookupPolicy()
/// ```
public protocol ContainerLookupPolicy: Sendable {
    /// The container to resolve from, or `nil` for the dependency graph.
    ///
    /// - Parameters:
    ///   - instance: The object enclosing the injected property; `nil as AnyObject?` in structs and function
    ///     parameters, which have none.
    ///   - file: The property's file.
    ///   - function: The function that declared or read the property.
    ///   - line: The property's line.
    /// - Returns: A container, or `nil` to use `DependencyGraph`.
    func container<Enclosing>(for instance: Enclosing, file: StaticString, function: StaticString, line: UInt)
        -> Container?
}

/// A type that names the container its injected properties resolve from, under the
/// ``ContainerLookupPolicy/enclosingType(default:)`` policy.
///
/// Give each feature module of an app its own container through a protocol extension:
///
/// ```swift
/// // In the search feature module:
/// let searchContainer = Container(name: "search") { Dependency { SearchIndex() } }
/// protocol SearchFeature: Containerable {}
/// extension SearchFeature { var container: Container { searchContainer } }
///
/// final class SearchViewModel: SearchFeature {
///     @Injected var index: SearchIndex   // from searchContainer
/// }
/// ```
public protocol Containerable {
    /// The container this object's injected properties resolve from.
    var container: Container { get }
}

extension Container {
    /// The policy `@Injected` properties use to find their container.
    ///
    /// Thread-safe; default: ``GraphLookupPolicy``.
    ///
    /// Properties using the default strategy capture the policy when they are created, so replacing it later
    /// affects only properties created afterwards.
    ///
    /// ```swift
    /// Container.lookupPolicy = .singleton(appContainer)
    /// ```
    ///
    /// Inside ``withLookupPolicy(_:operation:)-(_,()->Result)`` the scoped policy is returned instead; the setter
    /// always changes the global one.
    public static var lookupPolicy: any ContainerLookupPolicy {
        get {
            if let scoped = ResolutionContext.activeLookupPolicy as? any ContainerLookupPolicy { return scoped }
            return LookupPolicyStore.current.withLock { $0 }
        }
        set { LookupPolicyStore.current.withLock { $0 = newValue } }
    }

    /// Runs `operation` with `policy` as the lookup policy for the current task and its child tasks only.
    ///
    /// Properties created inside capture it; the global policy is untouched, so parallel tests and previews do not
    /// see each other's policies.
    ///
    /// ```swift
    /// let viewModel = Container.withLookupPolicy(.singleton(previewContainer)) { ProfileViewModel() }
    /// ```
    /// - Parameters:
    ///   - policy: The policy for the scope.
    ///   - operation: The work to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withLookupPolicy<Result>(
        _ policy: any ContainerLookupPolicy,
        operation: () throws -> Result
    ) rethrows -> Result {
        try ResolutionContext.with({ $0.lookupPolicy = policy }, operation: operation)
    }

    /// Runs `operation` with `policy` as the lookup policy for the current task and its child tasks only.
    ///
    /// ```swift
    /// await Container.withLookupPolicy(.singleton(testContainer)) { await screen.load() }
    /// ```
    /// - Parameters:
    ///   - policy: The policy for the scope.
    ///   - isolation: The caller's isolation, kept while `operation` runs.
    ///   - operation: The work to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withLookupPolicy<Result>(
        _ policy: any ContainerLookupPolicy,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await ResolutionContext.with({ $0.lookupPolicy = policy }, isolation: isolation, operation: operation)
    }

    /// Sets the global lookup policy; `nil` restores the default, ``GraphLookupPolicy``.
    ///
    /// ```swift
    /// Container.set(lookupPolicy: .enclosingType(default: appContainer))
    /// Container.set(lookupPolicy: nil)   // back to the graph
    /// ```
    /// - Parameter lookupPolicy: The new policy, or `nil` for the default.
    public static func set(lookupPolicy: (any ContainerLookupPolicy)?) {
        self.lookupPolicy = lookupPolicy ?? GraphLookupPolicy()
    }
}

/// The storage behind ``Container/lookupPolicy`` (the scoped policy lives in the resolution context).
private enum LookupPolicyStore {
    static let current = LoomLock<any ContainerLookupPolicy>(GraphLookupPolicy())
}
