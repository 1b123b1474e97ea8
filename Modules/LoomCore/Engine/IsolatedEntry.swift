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
    // Immutable; its cached instances are only read on the main thread (`isSharable` is false).
    @usableFromInline package let factory: @MainActor @Sendable () throws -> Value

    package init(
        attributes: consuming RegistrationAttributes,
        key: RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        factory: @escaping @MainActor @Sendable () throws -> Value
    ) {
        assert(attributes.valueType == Value.self, "a MainActorEntry must name its own value type")
        self.factory = factory
        // Whether `Value` is `Sendable` is not known here (Swift picks overloads without checking `Sendable`), so every
        // instance stays on the main thread; `load` reads it there and hands out only what the caller's `Sendable`
        // type admits.
        super.init(
            attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache, kind: .mainActor,
            isSharable: false)
    }

    /// Resolves the value on the main thread: its cached instance, or a new one from the factory run right here.
    ///
    /// - Throws: ``InjectionError/isolatedDependency(_:actor:)`` off the main thread.
    @usableFromInline
    package func resolveOnMainActor(in environment: ResolutionEnvironment) throws -> Value {
        guard MainThread.isCurrent else {
            throw InjectionError.isolatedDependency(failureContext, actor: "MainActor")
        }
        // Settled: one lock-free read, no construction bookkeeping.
        if let cache, let value = try environment.cache(for: self, cache).publishedValue(Value.self) { return value }
        let factory = factory
        guard let cache else {
            return try Construction.produce(self) { try MainThread.callAssumingMainActor(factory) }
        }
        return try Construction.cachedValue(of: self, in: environment.cache(for: self, cache)) {
            try Construction.produce(self) { try MainThread.callAssumingMainActor(factory) }
        }
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) throws -> Any {
        try resolveOnMainActor(in: environment)
    }

    /// Builds (or finds) the instance on the main actor; nothing leaves it.
    nonisolated(nonsending) override package func settle(in environment: ResolutionEnvironment) async throws {
        let captured = ResolutionContext.current
        try await MainActor.run {
            try ResolutionContext.continuing(captured) { _ = try self.resolveOnMainActor(in: environment) }
        }
    }

    /// Loads the value as a `T` on the main actor: its cached instance, or a new one built there.
    ///
    /// The construction in progress travels across the hop, and only a `T` — a `Sendable` type — leaves the main actor.
    nonisolated(nonsending) override package func load<T: Sendable>(
        as type: T.Type, arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) async throws -> T {
        // A settled instance of a `Sendable` `T` may leave the main actor: no hop.
        if let cache, let value = try environment.cache(for: self, cache).publishedValue(Value.self) as? T {
            return value
        }
        let captured = ResolutionContext.current
        return try await MainActor.run {
            try ResolutionContext.continuing(captured) {
                let value = try self.resolveOnMainActor(in: environment)
                guard let typed = value as? T else {
                    throw InjectionError.mismatchedDependencyType(
                        actual: typeName(Swift.type(of: value)), expected: typeName(T.self))
                }
                return typed
            }
        }
    }
}

/// A registration whose factory is isolated to a global actor other than the main actor:
/// `register(on: DatabaseActor.self, scope:) { @DatabaseActor in Pool() }`.
///
/// `load` builds it on its actor (`await`); once cached, its `Sendable` instance resolves synchronously from anywhere.
/// A factory isolated elsewhere — or nowhere, a closure written without `@DatabaseActor in` — runs where its own
/// isolation says (Swift offers no way to call it synchronously on another actor), so its registration logs an error.
/// A synchronous resolve before that throws ``InjectionError/isolatedDependency(_:actor:)``: a synchronous call into
/// a function isolated to an arbitrary global actor cannot be expressed in Swift without awaiting it.
@usableFromInline
package final class GlobalActorEntry<Value: Sendable>: RegistrationEntry, @unchecked Sendable {
    // Immutable.
    @usableFromInline package let factory: @isolated(any) @Sendable () throws -> Value
    /// The actor's name, for errors.
    package let actorName: String
    /// The global actor's shared instance.
    package let actor: any Actor

    package init(
        attributes: consuming RegistrationAttributes,
        key: RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        actorName: String,
        actor: any Actor,
        factory: @escaping @isolated(any) @Sendable () throws -> Value
    ) {
        assert(attributes.valueType == Value.self, "a GlobalActorEntry must name its own value type")
        self.factory = factory
        self.actorName = actorName
        self.actor = actor
        super.init(
            attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache, kind: .globalActor)
    }

    /// Loads the value: its cached instance, or a new one from the factory, run on its actor.
    ///
    /// Inlinable, so that the construction runs specialised for `Value` where it is loaded.
    @inlinable
    nonisolated(nonsending) package func load(in environment: ResolutionEnvironment) async throws -> Value {
        let factory = factory
        guard let cache else { return try await Construction.produceAsync(self) { try await factory() } }
        let slot = try environment.cache(for: self, cache)
        return try await Construction.loadCached(of: self, in: slot, heldBy: slot) { try await factory() }
    }

    override package var registrationProblem: String? {
        if let isolation = factory.isolation, isolation === actor { return nil }
        let actual = factory.isolation.map { "isolated to \(typeName(type(of: $0)))" } ?? "not isolated to any actor"
        return "The factory of \(key) is registered on \(actorName) but is \(actual), so it runs there, not on "
            + "\(actorName); write the closure as `{ @\(actorName) in … }`."
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) throws -> Any {
        if let cache, let value = try environment.cache(for: self, cache).publishedValue(Value.self) { return value }
        throw InjectionError.isolatedDependency(failureContext, actor: actorName)
    }

    nonisolated(nonsending) override package func loadErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) async throws -> Any {
        try await load(in: environment)
    }
}
