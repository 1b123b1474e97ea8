/// A custom, reusable registration that can stand in a ``DependencyBuilder`` like a ``Dependency``.
///
/// Only `dependencyProvider` is required: the locator defaults to the value's type, the scope to
/// ``DependencyScope/automatic(for:)`` and the eagerness to `.lazy`.
///
/// ```swift
/// struct RepositoryDependency: DependencyRepresenting {
///     var locator: DependencyLocator { .name(Self.name) }
///     var scope: DependencyScope { .singleton }
///     var eagerness: DependencyEagerness { .eager }
///     var dependencyProvider: DependencyFactory.Provider<Repository> {
///         DependencyFactory.Provider { (cache: CacheID) in Repository(cachedBy: cache) }
///     }
///     static let name = "repository"
/// }
///
/// let container = Container { RepositoryDependency() }
/// ```
public protocol DependencyRepresenting: Sendable {
    /// The type of the registered value.
    associatedtype Value: Sendable
    /// How the dependency is found.
    var locator: DependencyLocator { get }
    /// How long resolved instances are reused.
    var scope: DependencyScope { get }
    /// Whether the dependency is created on activation.
    var eagerness: DependencyEagerness { get }
    /// The factory that builds the value.
    var dependencyProvider: DependencyFactory.Provider<Value> { get }
}

extension DependencyRepresenting {
    /// Located by the value's type.
    ///
    /// ```swift
    /// struct ClockDependency: DependencyRepresenting { … }   // locator: .type(Clock.self)
    /// ```
    public var locator: DependencyLocator { .type(Value.self) }

    /// `.shared` for classes, `.instance` for value types.
    ///
    /// ```swift
    /// struct ClockDependency: DependencyRepresenting { … }   // scope: .automatic(for: Clock.self)
    /// ```
    public var scope: DependencyScope { .automatic(for: Value.self) }

    /// Created on first use.
    ///
    /// ```swift
    /// struct ClockDependency: DependencyRepresenting { … }   // eagerness: .lazy
    /// ```
    public var eagerness: DependencyEagerness { .lazy }

    /// The registration as a ``Dependency``.
    package func dependency(fileID: StaticString, line: UInt) -> Dependency<Value> {
        var dependency = Dependency(provider: dependencyProvider, scope: scope, fileID: fileID, line: line)
        dependency.locator = locator
        dependency.eagerness = eagerness
        return dependency
    }
}
