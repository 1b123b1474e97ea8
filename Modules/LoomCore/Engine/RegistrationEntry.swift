public import LoomRuntime

/// Where a registration was written.
@usableFromInline
package struct SourceOrigin: Sendable, Equatable, CustomStringConvertible {
    @usableFromInline package let fileID: StaticString
    /// 32 bits fill the padding after `fileID`, which saves a word in every registration.
    @usableFromInline let storedLine: UInt32

    package var line: UInt { UInt(storedLine) }

    @inlinable
    package init(fileID: StaticString, line: UInt) {
        self.fileID = fileID
        storedLine = UInt32(clamping: line)
    }

    @usableFromInline
    package var description: String { "\(fileID):\(line)" }

    @usableFromInline
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.line == rhs.line && lhs.fileID.utf8Start == rhs.fileID.utf8Start
            || (lhs.line == rhs.line && "\(lhs.fileID)" == "\(rhs.fileID)")
    }
}

/// A type a registration also answers for (`conforms(to:)` / `inherits(from:)`).
@usableFromInline
package struct RegistrationAlias: Sendable {
    package let type: Any.Type
    /// Whether a produced value really is an instance of `type`.
    package let admits: @Sendable (Any) -> Bool

    package init<Alias>(_ type: Alias.Type) {
        self.type = type
        admits = { $0 is Alias }
    }
}

/// The container a registration belongs to, as errors and logs name it.
///
/// One shared object per container, so each registration stores a single reference to it.
@usableFromInline
package final class RegistrationOwner: Sendable {
    package let description: String
    /// Where the container's events go; release failures that nobody awaits are logged here.
    package let logTarget: LogTarget

    package init(description: String, logTarget: LogTarget = LogTarget(nil)) {
        self.description = description
        self.logTarget = logTarget
    }
}

/// Everything about a registration except its factory.
@usableFromInline
package struct RegistrationAttributes: Sendable {
    // Declared widest first, so the odd-sized fields pack at the end (Swift lays fields out in declaration order): the
    // two 17-byte fields are split by the flags, which fill the first one's tail.
    // Constants: with variable fields, the optimised initialiser assembled the value twice and copied one of them
    // whole, a retain and a release of every field per registration (about a tenth of its cost).
    @usableFromInline package let valueType: Any.Type
    /// The factory's parameter types; `nil` for none (see ``parameterTypes``).
    @usableFromInline package let parameterList: ParameterTypeList?
    @usableFromInline package let aliases: [RegistrationAlias]
    @usableFromInline package let scope: DependencyScope
    @usableFromInline package let origin: SourceOrigin
    @usableFromInline package let alternative: RegistrationAlternative?
    /// What runs when a cached instance leaves its cache (`onRelease`); `nil` for most registrations.
    @usableFromInline package let releaseHook: ReleaseHook?
    @usableFromInline package let takesEnclosingObject: Bool
    @usableFromInline package let eagerness: DependencyEagerness
    /// The run mode this registration's own factory serves: `.live` unless it was registered `for:` another.
    @usableFromInline package let runMode: RunMode
    /// Whether factories for other run modes were declared with it (`Dependency { … }.test { … }`).
    @usableFromInline package let hasModeVariants: Bool
    /// Whether it was declared with `Dependency.unimplemented`: resolving it is a test's mistake.
    @usableFromInline package let isUnimplemented: Bool
    @usableFromInline package let locator: DependencyLocator

    @inlinable
    package init(
        locator: DependencyLocator,
        alternative: RegistrationAlternative? = nil,
        valueType: Any.Type,
        parameterList: ParameterTypeList? = nil,
        takesEnclosingObject: Bool = false,
        aliases: [RegistrationAlias] = [],
        scope: DependencyScope,
        eagerness: DependencyEagerness = .lazy,
        origin: SourceOrigin,
        releaseHook: ReleaseHook? = nil,
        runMode: RunMode = .live,
        hasModeVariants: Bool = false,
        isUnimplemented: Bool = false
    ) {
        self.releaseHook = releaseHook
        self.runMode = runMode
        self.hasModeVariants = hasModeVariants
        self.isUnimplemented = isUnimplemented
        self.locator = locator
        self.alternative = alternative
        self.valueType = valueType
        self.parameterList = parameterList
        self.takesEnclosingObject = takesEnclosingObject
        self.aliases = aliases
        self.scope = scope
        self.eagerness = eagerness
        self.origin = origin
    }

    /// Whether the registration always resolves through the general path: it has factories for several run modes (or
    /// for another mode than `.live` only), which the general path picks from, or it is unimplemented, which the
    /// general path reports at the resolving call's line.
    @inlinable
    package var takesGeneralPath: Bool { hasModeVariants || runMode != .live || isUnimplemented }

    /// The same registration's attributes for its factory serving `mode`.
    package func serving(_ mode: RunMode) -> RegistrationAttributes {
        RegistrationAttributes(
            locator: locator, alternative: alternative, valueType: valueType, parameterList: parameterList,
            takesEnclosingObject: takesEnclosingObject, aliases: aliases, scope: scope, eagerness: eagerness,
            origin: origin, releaseHook: releaseHook, runMode: mode, isUnimplemented: isUnimplemented)
    }

    /// The factory's parameter types, in order (empty for none).
    package var parameterTypes: [Any.Type] { parameterList?.types ?? [] }

    /// The same declaration (file and line) with the same key, produced type, scope and eagerness: such
    /// registrations are interchangeable and collapse into one (Documentation/Design/registration-identity.md).
    ///
    /// Stitcher compared the attributes only. Two *different* declarations with equal attributes (two features each
    /// registering their own `any NoteStore` singleton) are not interchangeable, so Loom keeps them apart and a
    /// single-value request for them is ambiguous instead of silently picking one.
    package func isIdentical(to other: RegistrationAttributes) -> Bool {
        origin == other.origin && key == other.key && ObjectIdentifier(valueType) == ObjectIdentifier(other.valueType)
            && scope.kindTag == other.scope.kindTag && scope.identityTag == other.scope.identityTag
            && eagerness == other.eagerness
    }

    package var key: RegistrationKey {
        if !takesEnclosingObject, parameterList == nil, alternative == nil,
            case .type(_, let type) = locator.storage
        {
            return RegistrationKey(plainType: type)
        }
        let parameters: RegistrationKey.Parameters =
            takesEnclosingObject
            ? .enclosingObject
            : parameterList.map { .types($0) } ?? .none
        // Alternatives qualify type slots only; names and values are already unique.
        let typeAlternative = locator.locatedType == nil ? nil : alternative
        return RegistrationKey(locator: locator, alternative: typeAlternative, parameters: parameters)
    }
}

/// How a registration builds its value — what the typed front doors must do with it.
@usableFromInline
package enum EntryKind: UInt8, Sendable {
    /// A synchronous factory, callable from anywhere: ``PlainEntry``, ``ParameterizedEntry``, ``EnclosingObjectEntry``.
    case synchronous
    /// An `async` factory: ``AsyncEntry``, ``AsyncParameterizedEntry``; built by `load`, read synchronously once settled.
    case asynchronous
    /// A factory isolated to the main actor: ``MainActorEntry``.
    case mainActor
    /// A factory isolated to another global actor: ``GlobalActorEntry``; built by `load`.
    case globalActor
}

/// One registration: its identity, attributes, cache and (in subclasses) its typed factory.
///
/// Entries are immutable once built; the only mutable state is the instance cache, which synchronises itself.
/// Subclasses are generic over the produced type, so the hot path reads cached values without dynamic casts.
@usableFromInline
package class RegistrationEntry: RegistryNode, @unchecked Sendable {
    // Immutable apart from `cache`, which is internally synchronised.
    @usableFromInline package let attributes: RegistrationAttributes
    /// The container that holds the registration.
    @usableFromInline package let owner: RegistrationOwner
    /// Registration order within the process, for deterministic iteration.
    package let sequence: UInt
    /// `nil` for `.instance`; for `.scoped`, never filled (each request scope keeps its own caches).
    @usableFromInline package let cache: EntryCache?
    // The flags come last so they share one word. Whatever can be derived from `cache` and a flag is not stored:
    // every registration's size counts (Documentation/Design/performance-targets.md#memory-per-registration).
    /// Whether `cache` is the registration's only slot, which the lock-free probes read (``plainSlot``).
    @usableFromInline package let hasPlainSlot: Bool
    /// How the factory runs.
    @usableFromInline package let kind: EntryKind
    /// Whether a cached instance may be handed to any caller: the value is `Sendable`, or the registration is not
    /// isolated to an actor.
    @usableFromInline package let isSharable: Bool
    /// Whether `conforms(to:)` / `inherits(from:)` declared alias types to check on each new instance.
    @usableFromInline package let hasAliases: Bool
    /// Whether the registration is located by an `Optional` type (an explicit `T?` registration).
    package let locatesOptional: Bool
    /// Whether the registration is `.scoped`: its instances live in request scopes, never in `cache`.
    @usableFromInline package let isScoped: Bool
    /// Whether the factory takes typed arguments (its caches then keep one slot per argument tuple).
    package let hasParameters: Bool

    private static let sequenceCounter = AtomicCounter()

    /// `cache`, when the registration takes no arguments (the cache is then its only slot), for the lock-free probes.
    @inlinable @inline(__always)
    package var plainSlot: EntryCache? { hasPlainSlot ? cache : nil }

    /// Runs the registration's release hook; `nil` without one (and for `.instance`, which Loom never releases).
    ///
    /// The cache's: a cache carried over from an identical predecessor keeps releasing with the hook it was made with.
    @inlinable
    package var releaser: Releaser? { cache?.releaser }

    /// The key a request scope files this registration's cache under: its ``sequence``, unique for the life of the
    /// process and never `0` — not its address, which a later registration can reuse while a scope is still open (the
    /// scope's list does not keep registrations alive).
    package var scopedCacheKey: UInt { sequence }

    /// Creates an entry; `reusedCache` carries an identical predecessor's instances over (builder
    /// re-evaluation keeps the singletons of registrations that did not change).
    package init(
        attributes: consuming RegistrationAttributes,
        key: consuming RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        kind: EntryKind = .synchronous,
        isSharable: Bool = true
    ) {
        self.kind = kind
        self.isSharable = isSharable
        // A `consuming` parameter is a variable: each read of it copied the whole attributes. Moved into a constant,
        // it is read in place; everything is derived from it before it is moved into the entry.
        let attributes = consume attributes
        let key = (consume key) ?? attributes.key
        let sequence = Self.sequenceCounter.increment()
        self.sequence = sequence
        let hasParameters = attributes.parameterList != nil
        self.hasParameters = hasParameters
        let cache: EntryCache?
        let scope = attributes.scope
        let releaser: Releaser? =
            scope.isCached
            ? attributes.releaseHook.map { Releaser($0, registration: key.description, logTarget: owner.logTarget) }
            : nil
        isScoped = scope.kindTag == DependencyScope.scoped.kindTag
        switch scope {
        case .instance:
            cache = nil
        case .shared:
            cache =
                reusedCache?.isWeak == true
                ? reusedCache : EntryCache(isWeak: true, hasParameters: hasParameters, releaser: releaser)
        case .singleton, .scoped:
            cache =
                reusedCache?.isWeak == false
                ? reusedCache : EntryCache(isWeak: false, hasParameters: hasParameters, releaser: releaser)
        case .managed(let provider):
            let managedCache =
                reusedCache?.isWeak == false
                ? reusedCache! : EntryCache(isWeak: false, hasParameters: hasParameters, releaser: releaser)
            cache = managedCache
            // Kept by sequence in a side table (see `ManagedReceipts`): most registrations have no receipt, and an
            // optional existential field or local costs every one of them its copy and destroy.
            ManagedReceipts.keep(
                provider.onScopeInvalidated { [weak managedCache] in managedCache?.reset() }, for: sequence)
        }
        self.cache = cache
        // A `.scoped` registration has no slot the lock-free probes could read: its instance depends on the scope.
        hasPlainSlot = cache != nil && !hasParameters && !attributes.takesEnclosingObject && !isScoped
        hasAliases = !attributes.aliases.isEmpty
        // Spelled out: reading `locator.locatedType` of the consumed attributes here crashes the 6.3 optimiser
        // (CopyPropagation: "Found outside of lifetime use").
        if case .type(_, let type) = attributes.locator.storage {
            locatesOptional = TypeShape.isOptional(type)
        } else {
            locatesOptional = false
        }
        self.owner = owner
        let takesGeneralPath = attributes.takesGeneralPath
        self.attributes = attributes
        // A registration with factories per run mode is answered by the general path, which picks the mode's factory
        // (and an unimplemented one, which it reports): the probes treat it as they treat a list of candidates, at no
        // cost to the others.
        super.init(key: key, isCandidateList: false, needsGeneralPath: takesGeneralPath)
    }

    deinit {
        if case .managed = attributes.scope { ManagedReceipts.cancel(for: sequence) }
        if needsGeneralPath {
            ModeVariants.remove(for: sequence)
            Placeholders.remove(for: sequence)
        }
    }

    package var locator: DependencyLocator { attributes.locator }
    /// The produced type's identity.
    package var valueTypeID: ObjectIdentifier { ObjectIdentifier(attributes.valueType) }
    /// The container that holds the registration, as it prints (`Container(app)`).
    package var ownerDescription: String { owner.description }
    package var scope: DependencyScope { attributes.scope }
    package var eagerness: DependencyEagerness { attributes.eagerness }
    /// Whether a synchronous call on this thread can build it: a synchronous factory, or a main-actor one on the main
    /// thread.
    package var isBuildableHere: Bool { kind == .synchronous || (kind == .mainActor && MainThread.isCurrent) }

    /// The keys this registration answers besides its own: one per declared alias type.
    package var aliasKeys: [RegistrationKey] {
        attributes.locator.locatedType == nil ? [] : attributes.aliases.map { key.located(by: $0.type) }
    }

    /// For a registration located by its type `T`, the key an explicit registration of `T?` with the same alternative
    /// and parameters has — the registration this one replaces, since registering `T` serves `T?` too; `nil` for
    /// other locators.
    ///
    /// It looks `Optional<T>`'s metadata up at run time, so registries ask only while some registration is located by
    /// an `Optional` type.
    package var optionalTwinKey: RegistrationKey? {
        guard case .type(_, let type) = attributes.locator.storage else { return nil }
        return RegistrationKey(
            locator: optionalLocator(of: type), alternative: attributes.alternative, parameters: key.parameters)
    }

    /// `Type[Service] in Container(app) (registered at App.swift:12)`.
    package var provenance: String {
        "\(key) → \(typeName(attributes.valueType)) in \(ownerDescription) (\(attributes.scope), registered at \(attributes.origin))"
    }

    /// Whether two registrations are interchangeable: same key, produced type, scope and eagerness.
    package func isIdentical(to other: RegistrationEntry) -> Bool {
        self === other || attributes.isIdentical(to: other.attributes)
    }

    /// What is wrong with the registration itself, logged as an error when it is registered; `nil` when nothing is.
    package var registrationProblem: String? { nil }

    /// Resolves the registration with type-erased arguments; subclasses override.
    ///
    /// `arguments` were already matched against the parameter types; `enclosing` is the enclosing object or
    /// `parameter:` of an enclosing-object resolver; `environment` says where cached instances live.
    package func resolveErased(arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment)
        throws -> Any
    {
        preconditionFailure("RegistrationEntry.resolveErased must be overridden")
    }

    /// Loads the registration with type-erased arguments.
    ///
    /// Builds it with its `async` factory, or on its actor, or synchronously for a synchronous factory. Subclasses
    /// with such factories override.
    nonisolated(nonsending) package func loadErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) async throws -> Any {
        try resolveErased(arguments: arguments, enclosing: enclosing, in: environment)
    }

    /// Builds (or finds) the registration's instance without handing it out — what eager activation and
    /// verification need, including for a main-actor registration whose value may not leave the main actor.
    nonisolated(nonsending) package func settle(in environment: ResolutionEnvironment) async throws {
        _ = try await loadErased(arguments: [], enclosing: nil, in: environment)
    }

    /// Loads the registration as a `T`; a main-actor registration overrides it to do the cast on the main actor, so
    /// that a value which is not `Sendable` never leaves it.
    ///
    /// - Throws: ``InjectionError/mismatchedDependencyType(actual:expected:)`` when the value is not a `T`.
    @usableFromInline
    nonisolated(nonsending) package func load<T: Sendable>(
        as type: T.Type, arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    ) async throws -> T {
        let value = try await loadErased(arguments: arguments, enclosing: enclosing, in: environment)
        guard let typed = value as? T else {
            throw InjectionError.mismatchedDependencyType(
                actual: typeName(Swift.type(of: value)), expected: typeName(T.self))
        }
        return typed
    }
}

/// The invalidation subscriptions of live `.managed` registrations, by registration ``RegistrationEntry/sequence``.
///
/// Kept here rather than in each registration: few registrations are `.managed`, and a field would cost every
/// registration a word.
private enum ManagedReceipts {
    private static let receipts = LoomLock<[UInt: any ManagedDependencyScopeReceipt]>([:])

    static func keep(_ receipt: any ManagedDependencyScopeReceipt, for sequence: UInt) {
        receipts.withLock { $0[sequence] = receipt }
    }

    /// Cancels the subscription of the registration `sequence` (outside the lock: it calls the provider).
    static func cancel(for sequence: UInt) {
        receipts.withLock { $0.removeValue(forKey: sequence) }?.cancel()
    }
}

/// A registration whose factory takes no arguments.
@usableFromInline
package final class PlainEntry<Value>: RegistrationEntry, @unchecked Sendable {
    // Immutable.
    @usableFromInline package let factory: @Sendable () throws -> Value

    @usableFromInline
    package init(
        attributes: consuming RegistrationAttributes,
        key: RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        factory: @escaping @Sendable () throws -> Value
    ) {
        // The lock-free probes rely on it: they check `attributes.valueType` before reading a box as `Value`.
        assert(attributes.valueType == Value.self, "a PlainEntry must name its own value type")
        self.factory = factory
        super.init(attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache)
    }

    /// Resolves the value, reusing or filling the cache.
    ///
    /// Inlinable: transient resolution runs specialised in the caller.
    @inlinable
    package func resolve(in environment: ResolutionEnvironment) throws -> Value {
        guard let cache else { return try Construction.produce(self, factory) }
        if _slowPath(isScoped), let scoped = RequestScope.existingCache(for: self) {
            // An instance the request scope already built, read with the box type known in the caller.
            if let value = scoped.publishedValue(Value.self) { return value }
        }
        return try resolveCached(cache, in: environment)
    }

    /// Builds (or finds) the instance in a request scope's `cache`; the scope is its task's current one.
    ///
    /// Inlinable, so that a request scope's construction is specialised for `Value` where the scope resolves it.
    @inlinable
    package func resolve(inScopeCache cache: EntryCache) throws -> Value {
        try Construction.cachedValue(of: self, in: cache) { try Construction.produce(self, factory) }
    }

    /// The cold half of ``resolve(in:)``: builds the instance exactly once, or reads what another resolver built.
    ///
    /// Inlinable but never inlined: specialised for `Value` in the caller's module, out of line at each resolve site.
    /// Unspecialised, every first resolve looked `StrongBox<Value>`'s and `Optional<Value>`'s metadata up (about
    /// four hundred instructions).
    @inlinable @inline(never)
    package func resolveCached(_ cache: EntryCache, in environment: ResolutionEnvironment) throws -> Value {
        try Construction.cachedValue(of: self, in: environment.cache(for: self, cache)) {
            try Construction.produce(self, factory)
        }
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    )
        throws -> Any
    {
        // A settled instance is read from its box, which erases it itself: the generic path below looked
        // `Optional<Value>`'s metadata up first (this runs unspecialised, for `[T]` and other general resolves).
        if let cache, !isScoped, let value = environment.unscopedCache(for: self, cache).box?.erasedValue {
            return value
        }
        return try resolve(in: environment)
    }
}

/// A enclosing-object resolver: `register { (parameter: Any) -> T in … }`.
@usableFromInline
package final class EnclosingObjectEntry<Value>: RegistrationEntry, @unchecked Sendable {
    // Immutable.
    @usableFromInline package let factory: @Sendable (Any) throws -> Value

    package init(
        attributes: consuming RegistrationAttributes,
        owner: RegistrationOwner,
        factory: @escaping @Sendable (Any) throws -> Value
    ) {
        assert(attributes.valueType == Value.self, "an EnclosingObjectEntry must name its own value type")
        self.factory = factory
        super.init(attributes: consume attributes, owner: owner)
    }

    @inlinable
    package func resolve(parameter: Any) throws -> Value {
        try Construction.produce(self) { try factory(parameter) }
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    )
        throws -> Any
    {
        // `enclosing` wraps the caller's `parameter: Any` once; unwrap exactly that layer.
        try resolve(parameter: enclosing.map { $0 } ?? ())
    }
}

/// A registration whose factory takes typed arguments: `Dependency { (context: Context) in Repository(context) }`.
///
/// Every registration keyed by parameter types is one of these, with `Value` its produced type and `Parameter` its
/// key's parameter types — the typed front doors rely on it to read one without a dynamic cast.
@usableFromInline
package final class ParameterizedEntry<Value, each Parameter: Hashable & Sendable>: RegistrationEntry,
    @unchecked Sendable
{
    // Immutable.
    @usableFromInline package let factory: @Sendable (repeat each Parameter) throws -> Value

    @usableFromInline
    package init(
        attributes: consuming RegistrationAttributes,
        key: RegistrationKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        factory: @escaping @Sendable (repeat each Parameter) throws -> Value
    ) {
        assert(attributes.valueType == Value.self, "a ParameterizedEntry must name its own value type")
        self.factory = factory
        super.init(attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache)
    }

    /// Resolves the value for these arguments, caching per distinct argument tuple in cached scopes.
    ///
    /// Inlinable: an argument tuple already cached is found without a lock, a dynamic cast or an allocation.
    @inlinable
    package func resolve(_ arguments: repeat each Parameter, in environment: ResolutionEnvironment) throws -> Value {
        // An uncached (`.instance`) registration never hashes its arguments.
        guard let cache else { return try Construction.produce(self) { try factory(repeat each arguments) } }
        let hash = EntryCache.argumentHash(repeat each arguments)
        let entryCache = try environment.cache(for: self, cache)
        if let value = entryCache.publishedValue(Value.self, forArguments: repeat each arguments, hash: hash) {
            return value
        }
        return try resolveCached(repeat each arguments, hash: hash, in: entryCache)
    }

    /// The cold half of a resolution with arguments: the tuple's slot, built exactly once.
    ///
    /// Inlinable but never inlined, for the reason ``PlainEntry/resolveCached(_:in:)`` is.
    @inlinable @inline(never)
    func resolveCached(_ arguments: repeat each Parameter, hash: UInt, in cache: EntryCache) throws -> Value {
        let slot = cache.slot(forArguments: repeat each arguments, hash: hash)
        return try Construction.cachedValue(of: self, in: slot, isWeak: cache.isWeak, releaser: cache.releaser) {
            try Construction.produce(self) { try factory(repeat each arguments) }
        }
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    )
        throws -> Any
    {
        var iterator = arguments.makeIterator()
        func next<Argument>(_ type: Argument.Type) -> Argument {
            // Arguments were matched against the parameter types before this call.
            iterator.next() as! Argument
        }
        return try resolve(repeat next((each Parameter).self), in: environment)
    }
}

/// The locator of `Optional<T>`, for a type known only at run time.
private func optionalLocator<T>(of _: T.Type) -> DependencyLocator {
    .type(Optional<T>.self)
}
