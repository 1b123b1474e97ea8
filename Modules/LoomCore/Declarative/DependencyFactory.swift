/// Namespace for the typed factories behind declarative registrations.
///
/// ```swift
/// let provider = DependencyFactory.Provider { (context: StoreContext) in Repository(context) }
/// ```
public enum DependencyFactory {
    /// A factory producing `Value`, with any number of typed, `Hashable` and `Sendable` parameters.
    ///
    /// Custom ``DependencyRepresenting`` registrations return one from `dependencyProvider`. A parameterised
    /// provider is found only when the caller passes arguments of exactly its parameter types, in order.
    ///
    /// ```swift
    /// var dependencyProvider: DependencyFactory.Provider<Repository> {
    ///     DependencyFactory.Provider { (cache: CacheID) in Repository(cachedBy: cache) }
    /// }
    /// ```
    public struct Provider<Value>: Sendable {
        package let parameterTypes: [Any.Type]
        package let makeEntry:
            @Sendable (RegistrationAttributes, RegistrationKey, RegistrationOwner, EntryCache?) -> RegistrationEntry

        /// Creates a provider from a factory without parameters.
        ///
        /// ```swift
        /// let provider = DependencyFactory.Provider { Service() }
        /// ```
        /// - Parameter factory: Builds the value; may resolve other dependencies.
        public init(_ factory: @escaping @Sendable () throws -> Value) {
            parameterTypes = []
            makeEntry = { attributes, key, owner, cache in
                PlainEntry(attributes: attributes, key: key, owner: owner, reusedCache: cache, factory: factory)
            }
        }

        /// Creates a provider from a factory taking one or more typed arguments.
        ///
        /// ```swift
        /// let provider = DependencyFactory.Provider { (id: Int, region: String) in Account(id, region) }
        /// ```
        /// - Parameter factory: Builds the value from the caller's arguments.
        public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
            _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
        ) {
            var types: [Any.Type] = [First.self]
            for type in repeat (each Rest).self { types.append(type) }
            parameterTypes = types
            makeEntry = { attributes, key, owner, cache in
                ParameterizedEntry<Value, First, repeat each Rest>(
                    attributes: attributes,
                    key: key,
                    owner: owner,
                    reusedCache: cache,
                    factory: factory
                )
            }
        }
    }
}
