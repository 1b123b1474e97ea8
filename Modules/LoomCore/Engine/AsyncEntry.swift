public import LoomRuntime

/// A registration whose factory is `async`: `register(scope:) { () async throws -> T in … }`,
/// `Dependency { () async throws in … }`.
///
/// `load` builds it (once per cache fill, however many tasks await it at once); a synchronous resolve returns its
/// settled cached instance and otherwise throws ``InjectionError/asynchronousDependency(_:)`` — it never blocks.
@usableFromInline
package final class AsyncEntry<Value: Sendable>: RegistrationEntry, @unchecked Sendable {
    // Immutable.
    @usableFromInline package let factory: @Sendable () async throws -> Value

    package init(
        attributes: consuming RegistrationAttributes,
        key: RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        factory: @escaping @Sendable () async throws -> Value
    ) {
        assert(attributes.valueType == Value.self, "an AsyncEntry must name its own value type")
        self.factory = factory
        super.init(
            attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache, kind: .asynchronous)
    }

    /// Loads the value: its cached instance, or a new one from the factory.
    ///
    /// Inlinable, so that the construction runs specialised for `Value` where it is loaded.
    @inlinable
    nonisolated(nonsending) package func load(in environment: ResolutionEnvironment) async throws -> Value {
        guard let cache else { return try await Construction.produceAsync(self, factory) }
        let slot = try environment.cache(for: self, cache)
        return try await Construction.loadCached(of: self, in: slot, heldBy: slot, factory: factory)
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) throws -> Any {
        if let cache, let value = try environment.cache(for: self, cache).publishedValue(Value.self) { return value }
        throw InjectionError.asynchronousDependency(failureContext)
    }

    nonisolated(nonsending) override package func loadErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) async throws -> Any {
        try await load(in: environment)
    }
}

/// A registration whose `async` factory takes typed arguments.
///
/// `register(scope:) { (id: Int) async throws -> T in … }`. Cached scopes keep one instance per argument tuple.
@usableFromInline
package final class AsyncParameterizedEntry<Value: Sendable, each Parameter: Hashable & Sendable>: RegistrationEntry,
    @unchecked Sendable
{
    // Immutable.
    @usableFromInline package let factory: @Sendable (repeat each Parameter) async throws -> Value

    @usableFromInline
    package init(
        attributes: consuming RegistrationAttributes,
        key: RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        factory: @escaping @Sendable (repeat each Parameter) async throws -> Value
    ) {
        assert(attributes.valueType == Value.self, "an AsyncParameterizedEntry must name its own value type")
        self.factory = factory
        super.init(
            attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache, kind: .asynchronous)
    }

    /// Loads the value for these arguments.
    ///
    /// Inlinable, so that the construction runs specialised for `Value` where it is loaded.
    @inlinable
    nonisolated(nonsending) package func load(
        _ arguments: repeat each Parameter, in environment: ResolutionEnvironment
    ) async throws -> Value {
        let factory = factory
        guard let cache else {
            return try await Construction.produceAsync(self) { try await factory(repeat each arguments) }
        }
        let entryCache = try environment.cache(for: self, cache)
        let hash = EntryCache.argumentHash(repeat each arguments)
        if let value = entryCache.publishedValue(Value.self, forArguments: repeat each arguments, hash: hash) {
            return value
        }
        let slot = entryCache.slot(forArguments: repeat each arguments, hash: hash)
        return try await Construction.loadCached(of: self, in: slot, heldBy: entryCache) {
            try await factory(repeat each arguments)
        }
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) throws -> Any {
        var iterator = arguments.makeIterator()
        func next<Argument>(_ type: Argument.Type) -> Argument { iterator.next() as! Argument }
        if let cache {
            let entryCache = try environment.cache(for: self, cache)
            let typed = (repeat next((each Parameter).self))
            let hash = EntryCache.argumentHash(repeat each typed)
            if let value = entryCache.publishedValue(Value.self, forArguments: repeat each typed, hash: hash) {
                return value
            }
        }
        throw InjectionError.asynchronousDependency(failureContext)
    }

    nonisolated(nonsending) override package func loadErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) async throws -> Any {
        var iterator = arguments.makeIterator()
        func next<Argument>(_ type: Argument.Type) -> Argument {
            // Arguments were matched against the parameter types before this call.
            iterator.next() as! Argument
        }
        return try await load(repeat next((each Parameter).self), in: environment)
    }
}
