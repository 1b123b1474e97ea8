/// A chain of registrations that depend on each other while being built.
///
/// `description` prints the whole chain, however deep: `Type[A] -> Type[B] -> Type[C] -> Type[A]`.
///
/// ```swift
/// catch InjectionError.cyclicDependencyReference(let cycle) {
///     print(cycle)         // Type[A] -> Type[B] -> Type[A]
///     print(cycle.depth)   // 3
/// }
/// ```
public struct DependencyCycle: Hashable, Sendable, CustomStringConvertible {
    /// The locators on the chain; the first and last are the same registration for a true cycle.
    ///
    /// ```swift
    /// cycle.chain.map(\.description)   // ["Type[A]", "Type[B]", "Type[A]"]
    /// ```
    public let chain: [DependencyLocator]
    /// Set when the chain was cut by ``LoomConfiguration/maximumResolutionDepth`` rather than by detecting a
    /// repeated registration (cycle detection off, or a non-repeating runaway recursion).
    ///
    /// ```swift
    /// if let limit = cycle.exceededDepthLimit { print("stopped at depth \(limit)") }
    /// ```
    public let exceededDepthLimit: Int?

    /// Creates a cycle; Loom builds these when it detects one.
    ///
    /// ```swift
    /// let cycle = DependencyCycle(chain: [.type(A.self), .type(B.self), .type(A.self)])
    /// ```
    public init(chain: [DependencyLocator], exceededDepthLimit: Int? = nil) {
        self.chain = chain
        self.exceededDepthLimit = exceededDepthLimit
    }

    /// The number of locators on the chain (3 for `A -> B -> A`).
    ///
    /// ```swift
    /// DependencyCycle(chain: [.type(A.self), .type(B.self), .type(A.self)]).depth   // 3
    /// ```
    public var depth: Int { chain.count }

    /// `Type[A] -> Type[B] -> Type[A]`.
    ///
    /// ```swift
    /// print(cycle)   // Type[A] -> Type[B] -> Type[A]
    /// ```
    public var description: String {
        chain.map(\.description).joined(separator: " -> ")
    }
}
