public import LoomCore

/// The default policy: resolve from the `DependencyGraph` (every active container).
///
/// ```swift
/// Container.lookupPolicy = .graph
/// ```
public struct GraphLookupPolicy: ContainerLookupPolicy {
    /// Creates the policy.
    ///
    /// ```swift
    /// let policy = GraphLookupPolicy()
    /// ```
    public init() {}

    /// Always `nil`: the graph.
    ///
    /// ```swift
    /// GraphLookupPolicy().container(for: self, file: #fileID, function: #function, line: #line)   // nil
    /// ```
    /// - Parameters:
    ///   - instance: Ignored.
    ///   - file: Ignored.
    ///   - function: Ignored.
    ///   - line: Ignored.
    /// - Returns: `nil`.
    public func container<Enclosing>(for instance: Enclosing, file: StaticString, function: StaticString, line: UInt)
        -> Container?
    {
        nil
    }
}

/// Resolves every property from one container: the simplest service-locator setup.
///
/// ```swift
/// Container.lookupPolicy = .singleton(container)
/// ```
public struct SingletonLookupPolicy: ContainerLookupPolicy {
    /// The container every property resolves from.
    ///
    /// ```swift
    /// SingletonLookupPolicy(container).container === container   // true
    /// ```
    public let container: Container

    /// Creates the policy.
    ///
    /// ```swift
    /// let policy = SingletonLookupPolicy(appContainer)
    /// ```
    /// - Parameter container: The container every property resolves from.
    public init(_ container: Container) {
        self.container = container
    }

    /// Always ``container``.
    ///
    /// ```swift
    /// policy.container(for: self, file: #fileID, function: #function, line: #line)
    /// ```
    /// - Parameters:
    ///   - instance: Ignored.
    ///   - file: Ignored.
    ///   - function: Ignored.
    ///   - line: Ignored.
    /// - Returns: ``container``.
    public func container<Enclosing>(for instance: Enclosing, file: StaticString, function: StaticString, line: UInt)
        -> Container?
    {
        container
    }
}

/// Resolves from the enclosing object's ``Containerable/container`` when it has one, otherwise from a default
/// container, otherwise from the graph.
///
/// ```swift
/// Container.lookupPolicy = .enclosingType(default: appContainer)
/// ```
public struct EnclosingTypeLookupPolicy: ContainerLookupPolicy {
    /// The container for objects that are not ``Containerable``; `nil` means the graph.
    ///
    /// ```swift
    /// EnclosingTypeLookupPolicy(default: appContainer).defaultContainer === appContainer   // true
    /// ```
    public let defaultContainer: Container?

    /// Creates the policy.
    ///
    /// ```swift
    /// let policy = EnclosingTypeLookupPolicy(default: appContainer)
    /// ```
    /// - Parameter defaultContainer: The container for objects that are not ``Containerable``; `nil` for the graph.
    public init(default defaultContainer: Container? = nil) {
        self.defaultContainer = defaultContainer
    }

    /// The enclosing object's container, else ``defaultContainer``, else `nil` (the graph).
    ///
    /// ```swift
    /// policy.container(for: viewModel, file: #fileID, function: #function, line: #line)
    /// ```
    /// - Parameters:
    ///   - instance: The enclosing object.
    ///   - file: Ignored.
    ///   - function: Ignored.
    ///   - line: Ignored.
    /// - Returns: The container to use, or `nil` for the graph.
    public func container<Enclosing>(for instance: Enclosing, file: StaticString, function: StaticString, line: UInt)
        -> Container?
    {
        (instance as? any Containerable)?.container ?? defaultContainer
    }
}

extension ContainerLookupPolicy where Self == GraphLookupPolicy {
    /// Resolve from the `DependencyGraph` (the default).
    ///
    /// ```swift
    /// Container.lookupPolicy = .graph
    /// ```
    public static var graph: GraphLookupPolicy { GraphLookupPolicy() }
}

extension ContainerLookupPolicy where Self == SingletonLookupPolicy {
    /// Resolve every property from `container`.
    ///
    /// ```swift
    /// Container.lookupPolicy = .singleton(container)
    /// ```
    /// - Parameter container: The container every property resolves from.
    /// - Returns: The policy.
    public static func singleton(_ container: Container) -> SingletonLookupPolicy {
        SingletonLookupPolicy(container)
    }
}

extension ContainerLookupPolicy where Self == EnclosingTypeLookupPolicy {
    /// Resolve from the enclosing object's ``Containerable/container``, else from `default`, else from the graph.
    ///
    /// ```swift
    /// Container.lookupPolicy = .enclosingType(default: appContainer)
    /// ```
    /// - Parameter default: The container for objects that are not ``Containerable``; `nil` for the graph.
    /// - Returns: The policy.
    public static func enclosingType(default: Container? = nil) -> EnclosingTypeLookupPolicy {
        EnclosingTypeLookupPolicy(default: `default`)
    }
}

/// Macaroni's name for ``EnclosingTypeLookupPolicy``.
///
/// ```swift
/// Container.lookupPolicy = EnclosingTypeContainer()   // write .enclosingType()
/// ```
@available(*, deprecated, renamed: "EnclosingTypeLookupPolicy")
public typealias EnclosingTypeContainer = EnclosingTypeLookupPolicy
