/// Namespace for the typed factories behind declarative registrations.
///
/// ```swift
/// let provider = DependencyFactory.Provider { (context: StoreContext) in Repository(context) }
/// ```
public enum DependencyFactory {
    /// Makes a registration's entry from its attributes, key and container, taking over a cache when given.
    package typealias EntryMaker =
        @Sendable (RegistrationAttributes, RegistrationKey, RegistrationOwner, EntryCache?) -> RegistrationEntry

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
        package let parameterList: ParameterTypeList?
        package let makeEntry: EntryMaker
        /// Whether the factory is isolated to the main actor (a factory for another run mode then runs there too).
        package var isMainActor = false

        /// Creates a provider from a factory without parameters.
        ///
        /// ```swift
        /// let provider = DependencyFactory.Provider { Service() }
        /// ```
        /// - Parameter factory: Builds the value; may resolve other dependencies.
        public init(_ factory: @escaping @Sendable () throws -> Value) {
            parameterList = nil
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
            parameterList = ParameterTypeList.of(First.self, repeat (each Rest).self)
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

extension DependencyFactory.Provider where Value: Sendable {
    /// Creates a provider from an `async` factory, built by `load`.
    ///
    /// ```swift
    /// let provider = DependencyFactory.Provider { () async throws in try await Database.connect(url) }
    /// ```
    /// - Parameter factory: Builds the value; may `await` and load other dependencies.
    public init(_ factory: @escaping @Sendable () async throws -> Value) {
        self.init(parameterList: nil) { attributes, key, owner, cache in
            AsyncEntry(attributes: attributes, key: key, owner: owner, reusedCache: cache, factory: factory)
        }
    }

    /// Creates a provider from an `async` factory taking one or more typed arguments.
    ///
    /// ```swift
    /// let provider = DependencyFactory.Provider { (region: Region) async throws in try await Pool(region) }
    /// ```
    /// - Parameter factory: Builds the value from the caller's arguments; may `await`.
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ factory: @escaping @Sendable (First, repeat each Rest) async throws -> Value
    ) {
        let list = ParameterTypeList.of(First.self, repeat (each Rest).self)
        self.init(parameterList: list) { attributes, key, owner, cache in
            AsyncParameterizedEntry<Value, First, repeat each Rest>(
                attributes: attributes, key: key, owner: owner, reusedCache: cache, factory: factory)
        }
    }

    /// Creates a provider whose factory is isolated to another global actor; `load` builds it there.
    ///
    /// Write the closure's isolation: one without it runs off the actor, and its registration logs an error.
    ///
    /// ```swift
    /// let provider = DependencyFactory.Provider(isolation: DatabaseActor.self) { @DatabaseActor in Pool() }
    /// ```
    /// - Parameters:
    ///   - isolation: The global actor.
    ///   - factory: Builds the value, isolated to that actor.
    @_disfavoredOverload  // `MainActor.self` picks the main-actor overload, which admits non-`Sendable` values.
    public init<Actor: GlobalActor>(
        isolation: Actor.Type, _ factory: @escaping @isolated(any) @Sendable () throws -> Value
    ) {
        let actorName = typeName(Actor.self)
        let actor = Actor.shared
        self.init(parameterList: nil) { attributes, key, owner, cache in
            GlobalActorEntry(
                attributes: attributes, key: key, owner: owner, reusedCache: cache, actorName: actorName,
                actor: actor, factory: factory)
        }
    }
}

extension DependencyFactory.Provider {
    /// Creates a provider whose factory is isolated to the main actor; the value need not be `Sendable`.
    ///
    /// ```swift
    /// let provider = DependencyFactory.Provider(isolation: MainActor.self) { ProfileViewModel() }
    /// ```
    /// - Parameters:
    ///   - isolation: `MainActor.self`.
    ///   - factory: Builds the value on the main actor.
    public init(isolation: MainActor.Type, _ factory: @escaping @MainActor @Sendable () throws -> Value) {
        self.init(parameterList: nil) { attributes, key, owner, cache in
            MainActorEntry(attributes: attributes, key: key, owner: owner, reusedCache: cache, factory: factory)
        }
        isMainActor = true
    }

    package init(parameterList: ParameterTypeList?, makeEntry: @escaping DependencyFactory.EntryMaker) {
        self.parameterList = parameterList
        self.makeEntry = makeEntry
    }
}
