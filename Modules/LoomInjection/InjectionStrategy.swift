public import LoomCore

/// When an injected property finds its container and resolves its value (Macaroni's initialisation options).
///
/// ```swift
/// @Injected var service: MyService                                        // .capturingContainerOnInit()
/// @Injected(.capturingContainerOnInit(container)) var pinned: MyService
/// @Injected(.lazily) var late: MyService
/// @Injected(.resolvingOnInit(from: container)) var eager: MyService       // works in structs
/// ```
public enum InjectionStrategy: Sendable {
    /// Captures the container when the property is created — the given one, or the current
    /// `Container.lookupPolicy` — and resolves on first read. The default.
    case capturingContainerOnInit(Container? = nil)
    /// Looks the policy up on first read, and resolves then.
    case lazily
    /// Resolves while the property is created, from the given container or the current policy's. No enclosing
    /// instance is known then, so enclosing-object resolvers are not used.
    case resolvingOnInit(from: Container? = nil)

    /// Macaroni's spelling of ``capturingContainerOnInit(_:)``.
    ///
    /// ```swift
    /// @Injected(.capturingContainerOnInit(from: container)) var service: MyService
    /// ```
    /// - Parameter container: The container to resolve from; `nil` captures the current policy.
    /// - Returns: The strategy.
    public static func capturingContainerOnInit(from container: Container?) -> InjectionStrategy {
        .capturingContainerOnInit(container)
    }
}

/// How often a resolving property resolves: once and cached (the default), or on every read.
///
/// ```swift
/// @Injected(refresh: .everyRead) var clock: Clock   // a new resolve per read, e.g. for `.instance` values
/// ```
public enum InjectionRefresh: Sendable {
    /// Resolve on first read and keep the value (until `reload()`).
    case once
    /// Resolve again on every read; nothing is cached.
    case everyRead
}
