internal import LoomRuntime

/// A registration whose factory is isolated to the main actor:
/// `register(on: MainActor.self, scope:) { ProfileViewModel() }`, `Dependency(isolation: MainActor.self) { … }`.
///
/// Its value need not be `Sendable`. Code on the main actor resolves it synchronously (the factory runs right there);
/// anywhere else a synchronous resolve throws ``InjectionError/isolatedDependency(_:actor:)`` — no trap, no hop — and
/// `load` (for `Sendable` values) hops to the main actor to build or read it. A cached instance of a non-`Sendable`
/// value is only ever handed out on the main thread.
@usableFromInline
package final class MainActorEntry<Value>: RegistrationEntry, @unchecked Sendable {
    // Immutable; instances of a non-Sendable value are only read on the main thread (see `isSharable`).
    @usableFromInline package let factory: @MainActor @Sendable () throws -> Value
    /// How `load` reads the value on the main actor, for `Sendable` values (`nil` otherwise: `load` needs `Sendable`).
    private let loader: (@Sendable (MainActorEntry<Value>, ResolutionEnvironment) async throws -> Any)?

    package init(
        attributes: consuming RegistrationAttributes,
        key: RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        factory: @escaping @MainActor @Sendable () throws -> Value,
        loader: (@Sendable (MainActorEntry<Value>, ResolutionEnvironment) async throws -> Any)?
    ) {
        assert(attributes.valueType == Value.self, "a MainActorEntry must name its own value type")
        self.factory = factory
        self.loader = loader
        super.init(
            attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache, kind: .mainActor,
            isSharable: loader != nil)
    }

    /// Resolves the value on the main thread: its cached instance, or a new one from the factory run right here.
    ///
    /// - Throws: ``InjectionError/isolatedDependency(_:actor:)`` off the main thread.
    @usableFromInline
    package func resolveOnMainActor(in environment: ResolutionEnvironment) throws -> Value {
        guard MainThread.isCurrent else {
            throw InjectionError.isolatedDependency(failureContext, actor: "MainActor")
        }
        let factory = factory
        guard let cache else {
            return try Construction.produce(self) { try MainThread.callAssumingMainActor(factory) }
        }
        return try Construction.cachedValue(of: self, in: environment.cache(for: self, cache)) {
            try Construction.produce(self) { try MainThread.callAssumingMainActor(factory) }
        }
    }

    /// Loads the value on the main actor (``resolveOnMainActor(in:)`` after a hop).
    @usableFromInline
    nonisolated(nonsending) package static func loadingOnMainActor(_ entry: MainActorEntry<Value>, in environment: ResolutionEnvironment)
        async throws -> Value where Value: Sendable
    {
        // Carry the construction in progress across the hop: the main actor continues it.
        let captured = ResolutionContext.current
        return try await MainActor.run {
            try ResolutionContext.continuing(captured) { try entry.resolveOnMainActor(in: environment) }
        }
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) throws -> Any {
        try resolveOnMainActor(in: environment)
    }

    nonisolated(nonsending) override package func loadErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) async throws -> Any {
        guard let loader else { throw InjectionError.isolatedDependency(failureContext, actor: "MainActor") }
        return try await loader(self, environment)
    }
}

/// A registration whose factory is isolated to a global actor other than the main actor:
/// `register(on: DatabaseActor.self, scope:) { @DatabaseActor in Pool() }`.
///
/// `load` builds it on its actor (`await`); once cached, its `Sendable` instance resolves synchronously from anywhere.
/// A synchronous resolve before that throws ``InjectionError/isolatedDependency(_:actor:)``: a synchronous call into
/// a function isolated to an arbitrary global actor cannot be expressed in Swift without awaiting it.
@usableFromInline
package final class GlobalActorEntry<Value: Sendable>: RegistrationEntry, @unchecked Sendable {
    // Immutable.
    @usableFromInline package let factory: @isolated(any) @Sendable () throws -> Value
    /// The actor's name, for errors.
    package let actorName: String

    package init(
        attributes: consuming RegistrationAttributes,
        key: RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        actorName: String,
        factory: @escaping @isolated(any) @Sendable () throws -> Value
    ) {
        assert(attributes.valueType == Value.self, "a GlobalActorEntry must name its own value type")
        self.factory = factory
        self.actorName = actorName
        super.init(
            attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache, kind: .globalActor)
    }

    /// Loads the value: its cached instance, or a new one from the factory, run on its actor.
    @usableFromInline
    nonisolated(nonsending) package func load(in environment: ResolutionEnvironment) async throws -> Value {
        let factory = factory
        guard let cache else {
            return try await Construction.produceAsync(self, flow: Construction.currentFlow) { try await factory() }
        }
        let slot = environment.cache(for: self, cache)
        return try await Construction.loadCached(of: self, in: slot, isWeak: slot.isWeak) { flow in
            try await Construction.produceAsync(self, flow: flow) { try await factory() }
        }
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) throws -> Any {
        if let cache, let value = environment.cache(for: self, cache).publishedValue(Value.self) { return value }
        throw InjectionError.isolatedDependency(failureContext, actor: actorName)
    }

    nonisolated(nonsending) override package func loadErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) async throws -> Any {
        try await load(in: environment)
    }
}
