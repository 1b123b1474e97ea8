// Factories for the `test` and `preview` run modes, attached to the one registration (see `RunMode`).

extension Dependency {
    /// Adds the factory this registration resolves to while tests run (``RunMode/test``).
    ///
    /// The registration stays one: its key, scope and aliases are the live factory's, each mode keeps its own cached
    /// instances, and registering the key again replaces every mode's factory. On a main-actor registration the
    /// factory runs on the main actor.
    ///
    /// ```swift
    /// Dependency { () -> any Weather in LiveWeather() }.scope(.singleton)
    ///     .test { FailingWeather() }
    /// ```
    /// - Parameter factory: Builds the value in tests.
    /// - Returns: The dependency with a test factory.
    public func test(_ factory: @escaping @Sendable () throws -> Value) -> Dependency {
        adding(factory, for: .test)
    }

    /// Adds the factory this registration resolves to in Xcode previews (``RunMode/preview``).
    ///
    /// ```swift
    /// Dependency { () -> any Weather in LiveWeather() }
    ///     .preview { StubWeather(sunny: true) }
    /// ```
    /// - Parameter factory: Builds the value in previews.
    /// - Returns: The dependency with a preview factory.
    public func preview(_ factory: @escaping @Sendable () throws -> Value) -> Dependency {
        adding(factory, for: .preview)
    }

    /// Adds the test factory of a registration that takes arguments; it receives the same arguments.
    ///
    /// ```swift
    /// Dependency { (id: Account.ID) in AccountStore(id) }
    ///     .test { (id: Account.ID) in InMemoryAccountStore(id) }
    /// ```
    /// - Parameter factory: Builds the value in tests from the caller's arguments.
    /// - Returns: The dependency with a test factory.
    public func test<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) -> Dependency {
        adding(DependencyFactory.Provider(factory), for: .test)
    }

    /// Adds the preview factory of a registration that takes arguments; it receives the same arguments.
    ///
    /// ```swift
    /// Dependency { (id: Account.ID) in AccountStore(id) }
    ///     .preview { (id: Account.ID) in SampleAccountStore(id) }
    /// ```
    /// - Parameter factory: Builds the value in previews from the caller's arguments.
    /// - Returns: The dependency with a preview factory.
    public func preview<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) -> Dependency {
        adding(DependencyFactory.Provider(factory), for: .preview)
    }

    /// Adds the test factory of a main-actor registration, isolated to the main actor like the live one.
    ///
    /// ```swift
    /// Dependency(isolation: MainActor.self) { ProfileViewModel() }
    ///     .test(isolation: MainActor.self) { ProfileViewModel(profile: .sample) }
    /// ```
    /// - Parameters:
    ///   - isolation: `MainActor.self`.
    ///   - factory: Builds the value in tests, on the main actor.
    /// - Returns: The dependency with a test factory.
    public func test(isolation: MainActor.Type, _ factory: @escaping @MainActor @Sendable () throws -> Value)
        -> Dependency
    {
        adding(DependencyFactory.Provider(isolation: MainActor.self, factory), for: .test)
    }

    /// Adds the preview factory of a main-actor registration, isolated to the main actor like the live one.
    ///
    /// ```swift
    /// Dependency(isolation: MainActor.self) { ProfileViewModel() }
    ///     .preview(isolation: MainActor.self) { ProfileViewModel(profile: .sample) }
    /// ```
    /// - Parameters:
    ///   - isolation: `MainActor.self`.
    ///   - factory: Builds the value in previews, on the main actor.
    /// - Returns: The dependency with a preview factory.
    public func preview(isolation: MainActor.Type, _ factory: @escaping @MainActor @Sendable () throws -> Value)
        -> Dependency
    {
        adding(DependencyFactory.Provider(isolation: MainActor.self, factory), for: .preview)
    }

    private func adding(_ factory: @escaping @Sendable () throws -> Value, for mode: RunMode) -> Dependency {
        guard provider.isMainActor else { return adding(DependencyFactory.Provider(factory), for: mode) }
        // A main-actor registration's value may not leave the main actor: its other factories run there too.
        return adding(DependencyFactory.Provider(isolation: MainActor.self) { try factory() }, for: mode)
    }

    private func adding(_ provider: DependencyFactory.Provider<Value>, for mode: RunMode) -> Dependency {
        var copy = self
        copy.modeProviders[mode] = provider
        return copy
    }
}

extension Dependency where Value: Sendable {
    /// Adds an `async` test factory (`load` builds it).
    ///
    /// ```swift
    /// Dependency { () async throws -> Database in try await Database.connect(url) }
    ///     .test { () async throws -> Database in Database.inMemory() }
    /// ```
    /// - Parameter factory: Builds the value in tests; may `await`.
    /// - Returns: The dependency with a test factory.
    public func test(_ factory: @escaping @Sendable () async throws -> Value) -> Dependency {
        adding(DependencyFactory.Provider(factory), for: .test)
    }

    /// Adds an `async` preview factory (`load` builds it).
    ///
    /// ```swift
    /// Dependency { () async throws -> Database in try await Database.connect(url) }
    ///     .preview { () async throws -> Database in Database.sample() }
    /// ```
    /// - Parameter factory: Builds the value in previews; may `await`.
    /// - Returns: The dependency with a preview factory.
    public func preview(_ factory: @escaping @Sendable () async throws -> Value) -> Dependency {
        adding(DependencyFactory.Provider(factory), for: .preview)
    }
}
