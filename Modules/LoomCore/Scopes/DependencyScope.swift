/// How long a resolved instance is reused.
///
/// | scope | lifetime |
/// |---|---|
/// | ``instance`` | a new instance on every resolve |
/// | ``shared`` | the same instance while someone holds it strongly (a weak cache); value types behave like ``instance`` |
/// | ``singleton`` | the same instance until its container is deactivated or cleaned up |
/// | ``managed(_:)`` | the same instance until the scope provider invalidates it |
/// | ``scoped`` | one instance per request scope (`container.withScope { … }`), released when the scope ends |
///
/// Cached scopes with factory parameters keep one instance per distinct argument tuple. The imperative
/// `Container.register` defaults to ``instance`` (the closure decides what it returns, as in Macaroni); the
/// declarative `Dependency` defaults to ``automatic(for:)`` (as in Stitcher).
///
/// ```swift
/// container.register(scope: .singleton) { Database() }
/// let session = ManagedScope()
/// container.register(scope: .managed(session)) { UserSession() }
/// session.invalidate()   // the next resolve builds a new UserSession
/// ```
///
/// > Important: Cached scopes hand one instance to every thread, so they are only offered for `Sendable` types.
public enum DependencyScope: Sendable, CustomStringConvertible {
    /// A new instance on every resolve.
    case instance
    /// One instance while someone else holds it strongly; a new one after it was released.
    case shared
    /// One instance until the owning container is deactivated, cleaned up or reset.
    case singleton
    /// One instance until `provider` invalidates the scope.
    case managed(any ManagedDependencyScopeProviding)
    /// One instance per request scope, released (dependents first) when the scope ends.
    ///
    /// Open a scope with `container.withScope { scope in … }`; resolving a `.scoped` registration outside any scope
    /// throws ``InjectionError/outsideRequestScope(_:)``. A `.singleton` or `.managed` registration that depends on a
    /// `.scoped` one would keep one request's instance for every later request: `verify()` reports it as a captive
    /// dependency.
    ///
    /// ```swift
    /// container.register(scope: .scoped) { RequestContext() }
    /// try container.withScope { scope in
    ///     let context: RequestContext = try scope.resolve()
    /// }   // the RequestContext is released here
    /// ```
    case scoped

    /// The scope Stitcher picks automatically: ``shared`` for classes, ``instance`` for value types.
    ///
    /// Protocol (existential) types count as value types here, because their conforming types are unknown;
    /// say ``shared`` explicitly for a protocol-typed registration whose implementations are classes.
    ///
    /// ```swift
    /// DependencyScope.automatic(for: NSObject.self)   // .shared
    /// DependencyScope.automatic(for: Int.self)        // .instance
    /// ```
    /// - Parameter type: The produced type.
    /// - Returns: ``shared`` or ``instance``.
    public static func automatic(for type: Any.Type) -> DependencyScope {
        type is AnyClass ? .shared : .instance
    }

    /// A managed scope invalidated every time `sequence` produces an element.
    ///
    /// ```swift
    /// let (logins, continuation) = AsyncStream.makeStream(of: Void.self)
    /// container.register(scope: .managed(by: logins)) { UserSession() }
    /// continuation.yield()   // drops the cached UserSession
    /// ```
    /// - Parameter sequence: Any asynchronous sequence; its elements are ignored.
    /// - Returns: A ``managed(_:)`` scope observing the sequence for as long as a registration uses it.
    public static func managed<Sequence: AsyncSequence & Sendable>(by sequence: Sequence) -> DependencyScope {
        .managed(AsyncSequenceScopeProvider(sequence))
    }

    /// Whether instances are cached at all.
    package var isCached: Bool {
        if case .instance = self { return false }
        return true
    }

    /// `instance`, `shared`, `singleton`, `scoped` or `managed`.
    ///
    /// ```swift
    /// DependencyScope.singleton.description   // "singleton"
    /// ```
    public var description: String {
        switch self {
        case .instance: "instance"
        case .shared: "shared"
        case .singleton: "singleton"
        case .managed: "managed"
        case .scoped: "scoped"
        }
    }

    /// A stable discriminator used when comparing registrations for identity.
    package var identityTag: ObjectIdentifier? {
        if case .managed(let provider) = self { return ObjectIdentifier(provider) }
        return nil
    }

    package var kindTag: UInt8 {
        switch self {
        case .instance: 0
        case .shared: 1
        case .singleton: 2
        case .managed: 3
        case .scoped: 4
        }
    }
}

/// Whether a registration is created on first use or as soon as its container is activated.
///
/// ```swift
/// Dependency { EventTracker() }
///     .scope(.singleton)
///     .eagerness(.eager)   // created by DependencyGraph.activate
/// ```
public enum DependencyEagerness: Sendable, Hashable, CustomStringConvertible {
    /// Created on first resolve (the default).
    case lazy
    /// Created when the container is activated; only meaningful for cached scopes without parameters.
    case eager

    /// `lazy` or `eager`.
    ///
    /// ```swift
    /// DependencyEagerness.eager.description   // "eager"
    /// ```
    public var description: String {
        switch self {
        case .lazy: "lazy"
        case .eager: "eager"
        }
    }
}

/// A type that wants to run code once, right after Loom created an instance of it and before the instance is
/// handed to anyone.
///
/// `didInstantiate()` is called synchronously, exactly once per new instance, on the thread that resolved it,
/// before the resolve call returns (for cached scopes: before any other resolver can see the instance).
///
/// ```swift
/// final class EventTracker: PostInstantiationAware, Sendable {
///     func didInstantiate() { send("app started") }
///     func send(_ event: String) { … }
/// }
/// ```
public protocol PostInstantiationAware {
    /// Called once per new instance, after its factory returned and before it is returned to the resolver.
    func didInstantiate()
}
