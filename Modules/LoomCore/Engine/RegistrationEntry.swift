/// Where a registration was written.
package struct SourceOrigin: Sendable, Equatable, CustomStringConvertible {
    package let fileID: StaticString
    /// 32 bits fill the padding after `fileID`, which saves a word in every registration.
    private let storedLine: UInt32

    package var line: UInt { UInt(storedLine) }

    package init(fileID: StaticString, line: UInt) {
        self.fileID = fileID
        storedLine = UInt32(clamping: line)
    }

    package var description: String { "\(fileID):\(line)" }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.line == rhs.line && lhs.fileID.utf8Start == rhs.fileID.utf8Start
            || (lhs.line == rhs.line && "\(lhs.fileID)" == "\(rhs.fileID)")
    }
}

/// A type a registration also answers for (`conforms(to:)` / `inherits(from:)`).
package struct RegistrationAlias: Sendable {
    package let type: Any.Type
    /// Whether a produced value really is an instance of `type`.
    package let admits: @Sendable (Any) -> Bool

    package init<Alias>(_ type: Alias.Type) {
        self.type = type
        admits = { $0 is Alias }
    }

    /// The key this alias answers for a registration with `key`: same alternative and parameter list.
    package func key(aliasing key: LookupKey) -> LookupKey {
        LookupKey(
            locator: DependencyLocator(storage: .type(ObjectIdentifier(type), type)),
            alternative: key.alternative,
            parameters: key.parameters
        )
    }
}

/// The container a registration belongs to, as errors and logs name it.
///
/// One shared object per container, so each registration stores a single reference to it.
@usableFromInline
package final class RegistrationOwner: Sendable {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

/// Everything about a registration except its factory.
@usableFromInline
package struct RegistrationAttributes: Sendable {
    // Declared widest first, so the odd-sized fields pack at the end (Swift lays fields out in declaration order).
    package var valueType: Any.Type
    package var parameterTypes: [Any.Type]
    package var aliases: [RegistrationAlias]
    package var scope: DependencyScope
    package var origin: SourceOrigin
    package var locator: DependencyLocator
    package var alternative: RegistrationAlternative?
    package var takesEnclosingObject: Bool
    package var eagerness: DependencyEagerness

    package init(
        locator: DependencyLocator,
        alternative: RegistrationAlternative? = nil,
        valueType: Any.Type,
        parameterTypes: [Any.Type] = [],
        takesEnclosingObject: Bool = false,
        aliases: [RegistrationAlias] = [],
        scope: DependencyScope,
        eagerness: DependencyEagerness = .lazy,
        origin: SourceOrigin
    ) {
        self.locator = locator
        self.alternative = alternative
        self.valueType = valueType
        self.parameterTypes = parameterTypes
        self.takesEnclosingObject = takesEnclosingObject
        self.aliases = aliases
        self.scope = scope
        self.eagerness = eagerness
        self.origin = origin
    }

    /// The same declaration (file and line) with the same key, produced type, scope and eagerness: such
    /// registrations are interchangeable and collapse into one (STI-9).
    ///
    /// Stitcher compared the attributes only. Two *different* declarations with equal attributes (two features each
    /// registering their own `any NoteStore` singleton) are not interchangeable, so Loom keeps them apart and a
    /// single-value request for them is ambiguous instead of silently picking one.
    package func isIdentical(to other: RegistrationAttributes) -> Bool {
        origin == other.origin && key == other.key && ObjectIdentifier(valueType) == ObjectIdentifier(other.valueType)
            && scope.kindTag == other.scope.kindTag && scope.identityTag == other.scope.identityTag
            && eagerness == other.eagerness
    }

    package var key: LookupKey {
        if !takesEnclosingObject, parameterTypes.isEmpty, alternative == nil,
            case .type(let id, let type) = locator.storage
        {
            return LookupKey(plainTypeID: id, type: type)
        }
        let parameters: LookupKey.Parameters =
            takesEnclosingObject
            ? .enclosingObject
            : parameterTypes.isEmpty ? .none : .types(parameterTypes.map(ObjectIdentifier.init))
        // Alternatives qualify type slots only; names and values are already unique.
        let typeAlternative = locator.locatedType == nil ? nil : alternative
        return LookupKey(locator: locator, alternative: typeAlternative, parameters: parameters)
    }
}

/// One registration: its identity, attributes, cache and (in subclasses) its typed factory.
///
/// Entries are immutable once built; the only mutable state is the instance cache, which synchronises itself.
/// Subclasses are generic over the produced type, so the hot path reads cached values without dynamic casts.
@usableFromInline
package class RegistrationEntry: LookupNode, @unchecked Sendable {
    // Immutable apart from `cache`, which is internally synchronised.
    package let attributes: RegistrationAttributes
    /// The container that holds the registration.
    package let owner: RegistrationOwner
    /// Registration order within the process, for deterministic iteration.
    package let sequence: UInt
    /// `nil` for `.instance`.
    @usableFromInline package let cache: EntryCache?
    /// The `.managed` scope's invalidation subscription, boxed so other registrations pay one word for it.
    private let receipt: ManagedReceiptBox?
    /// The published-box word of a cached registration without parameters (its cache is the slot), for the lock-free
    /// probes.
    ///
    /// A raw address, so reading it retains nothing. `nil` otherwise; kept alive by `cache`.
    @usableFromInline package let fastSlotWords: UnsafeMutablePointer<UInt>?
    // The flags come last so they share one word.
    /// Whether `conforms(to:)` / `inherits(from:)` declared alias types to check on each new instance.
    @usableFromInline package let hasAliases: Bool
    /// Whether the registration is located by an `Optional` type (an explicit `T?` registration).
    package let locatesOptional: Bool
    /// Whether `cache` holds its instance weakly (`.shared`), for the lock-free probes.
    @usableFromInline package let hasWeakCache: Bool

    private static let sequenceCounter = AtomicWord()

    /// Creates an entry; `reusedCache` carries an identical predecessor's instances over (builder
    /// re-evaluation keeps the singletons of registrations that did not change).
    package init(
        attributes: consuming RegistrationAttributes,
        key: LookupKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil
    ) {
        // Everything is derived from `attributes` before it is moved into the entry, so it is never copied.
        let key = key ?? attributes.key
        let hasParameters = !attributes.parameterTypes.isEmpty
        let cache: EntryCache?
        let scope = attributes.scope
        switch scope {
        case .instance:
            cache = nil
            receipt = nil
        case .shared:
            cache = reusedCache?.isWeak == true ? reusedCache : EntryCache(isWeak: true, hasParameters: hasParameters)
            receipt = nil
        case .singleton:
            cache = reusedCache?.isWeak == false ? reusedCache : EntryCache(isWeak: false, hasParameters: hasParameters)
            receipt = nil
        case .managed(let provider):
            let managedCache =
                reusedCache?.isWeak == false ? reusedCache! : EntryCache(isWeak: false, hasParameters: hasParameters)
            cache = managedCache
            receipt = ManagedReceiptBox(provider.onScopeInvalidated { [weak managedCache] in managedCache?.reset() })
        }
        self.cache = cache
        fastSlotWords = !hasParameters && !attributes.takesEnclosingObject ? cache?.words : nil
        hasWeakCache = cache?.isWeak ?? false
        hasAliases = !attributes.aliases.isEmpty
        if case .type(_, let type) = attributes.locator.storage {
            locatesOptional = isOptionalType(type)
        } else {
            locatesOptional = false
        }
        self.owner = owner
        sequence = Self.sequenceCounter.increment()
        self.attributes = attributes
        super.init(key: key, isCandidateList: false)
    }

    deinit {
        receipt?.receipt.cancel()
    }

    package var locator: DependencyLocator { attributes.locator }
    /// The produced type's identity.
    package var valueTypeID: ObjectIdentifier { ObjectIdentifier(attributes.valueType) }
    /// The container that holds the registration, as it prints (`Container(app)`).
    package var ownerDescription: String { owner.description }
    package var scope: DependencyScope { attributes.scope }
    package var eagerness: DependencyEagerness { attributes.eagerness }

    /// The keys this registration answers besides its own: one per declared alias type.
    package var aliasKeys: [LookupKey] {
        attributes.locator.locatedType == nil ? [] : attributes.aliases.map { $0.key(aliasing: key) }
    }

    /// For a registration located by its type `T`, the key an explicit registration of `T?` with the same alternative
    /// and parameters has — the registration this one replaces, since registering `T` serves `T?` too; `nil` for
    /// other locators.
    ///
    /// It looks `Optional<T>`'s metadata up at run time, so registries ask only while some registration is located by
    /// an `Optional` type.
    package var optionalTwinKey: LookupKey? {
        guard case .type(_, let type) = attributes.locator.storage else { return nil }
        return LookupKey(
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

    /// Resolves the registration with type-erased arguments; subclasses override.
    ///
    /// `arguments` were already matched against the parameter types; `enclosing` is the enclosing object or
    /// `parameter:` of a Macaroni-style parametrized resolver; `environment` says where cached instances live.
    package func resolveErased(arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment)
        throws -> Any
    {
        preconditionFailure("RegistrationEntry.resolveErased must be overridden")
    }
}

/// Holds a `.managed` registration's invalidation subscription.
private final class ManagedReceiptBox: Sendable {
    let receipt: any ManagedDependencyScopeReceipt
    init(_ receipt: any ManagedDependencyScopeReceipt) { self.receipt = receipt }
}

/// A registration whose factory takes no arguments.
@usableFromInline
package final class PlainEntry<Value>: RegistrationEntry, @unchecked Sendable {
    // Immutable.
    @usableFromInline package let factory: @Sendable () throws -> Value

    @usableFromInline
    package init(
        attributes: consuming RegistrationAttributes,
        key: LookupKey? = nil,
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
        guard let cache else { return try Resolver.produce(self) { try factory() } }
        return try resolveCached(cache, in: environment)
    }

    @usableFromInline
    package func resolveCached(_ cache: EntryCache, in environment: ResolutionEnvironment) throws -> Value {
        try Resolver.cachedValue(of: self, in: environment.slot(for: self, cache: cache, arguments: nil)) {
            try Resolver.produce(self) { try factory() }
        }
    }

    override package func resolveErased(
        arguments: [any Sendable], enclosing: Any?, in environment: ResolutionEnvironment
    )
        throws -> Any
    {
        try resolve(in: environment)
    }
}

/// A Macaroni-style parametrized resolver: `register { (parameter: Any) -> T in … }`.
package final class EnclosingObjectEntry<Value>: RegistrationEntry, @unchecked Sendable {
    // Immutable.
    package let factory: @Sendable (Any) throws -> Value

    package init(
        attributes: consuming RegistrationAttributes,
        owner: RegistrationOwner,
        factory: @escaping @Sendable (Any) throws -> Value
    ) {
        self.factory = factory
        super.init(attributes: consume attributes, owner: owner)
    }

    package func resolve(parameter: Any) throws -> Value {
        try Resolver.produce(self) { try factory(parameter) }
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
package final class ParameterizedEntry<Value, each Parameter: Hashable & Sendable>: RegistrationEntry,
    @unchecked Sendable
{
    // Immutable.
    package let factory: @Sendable (repeat each Parameter) throws -> Value

    package init(
        attributes: consuming RegistrationAttributes,
        key: LookupKey? = nil,
        owner: RegistrationOwner,
        reusedCache: EntryCache? = nil,
        factory: @escaping @Sendable (repeat each Parameter) throws -> Value
    ) {
        self.factory = factory
        super.init(attributes: consume attributes, key: key, owner: owner, reusedCache: reusedCache)
    }

    /// Resolves the value for these arguments, caching per distinct argument tuple in cached scopes.
    package func resolve(_ arguments: repeat each Parameter, in environment: ResolutionEnvironment) throws -> Value {
        guard let cache else { return try Resolver.produce(self) { try factory(repeat each arguments) } }
        var key: [AnySendableHashable] = []
        for argument in repeat each arguments { key.append(AnySendableHashable(argument)) }
        return try Resolver.cachedValue(of: self, in: environment.slot(for: self, cache: cache, arguments: key)) {
            try Resolver.produce(self) { try factory(repeat each arguments) }
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

/// The instance cache of one cached registration: one slot, or one slot per distinct argument tuple.
///
/// The cache is itself the slot of a registration without parameters, so a cached registration costs one
/// allocation for its cache.
@usableFromInline
package final class EntryCache: InstanceSlot, @unchecked Sendable {
    // Immutable apart from the slot words (atomic) and `argumentSlots` (behind its lock).
    /// `.shared` registrations hold their instance weakly.
    package let isWeak: Bool
    /// Slots per argument tuple; allocated only for registrations with parameters.
    private let argumentSlots: LoomLock<[[AnySendableHashable]: InstanceSlot]>?

    package init(isWeak: Bool, hasParameters: Bool) {
        self.isWeak = isWeak
        argumentSlots = hasParameters ? LoomLock([:]) : nil
    }

    /// The slot of a registration without parameters: the cache itself.
    package var slot: InstanceSlot { self }
    /// The slot for one argument tuple (`nil`: no parameters).
    package func slot(for arguments: [AnySendableHashable]?) -> InstanceSlot {
        guard let arguments, let argumentSlots else { return slot }
        return argumentSlots.withLock { slots in
            if let existing = slots[arguments] { return existing }
            let created = InstanceSlot()
            slots[arguments] = created
            return created
        }
    }

    /// Drops every cached instance (writer; never call inside a read section).
    package func reset() {
        var retired: [Unmanaged<InstanceBox>] = []
        if let box = slot.clear() { retired.append(box) }
        let slots: [InstanceSlot] =
            argumentSlots?.withLock { slots in
                defer { slots.removeAll() }
                return Array(slots.values)
            } ?? []
        for slot in slots {
            if let box = slot.clear() { retired.append(box) }
        }
        releaseAfterGracePeriod(retired)
    }

    /// Drops `.shared` cache cells whose instance was released.
    package func releaseUnusedStorage() {
        guard isWeak, let argumentSlots else { return }
        argumentSlots.withLock { slots in
            slots = slots.filter { _, slot in
                guard let box = slot.box else { return false }
                return (box as? WeakBox)?.object != nil
            }
        }
    }
}

/// Releases unlinked objects once no reader can still hold them, together with any deferred ones.
package func releaseAfterGracePeriod(_ objects: [Unmanaged<InstanceBox>]) {
    guard !objects.isEmpty else { return }
    // Only objects unlinked before the grace period starts may be released after it.
    let deferred = DeferredReclamation.takeAll()
    ReadSection.synchronize()
    for object in objects { object.release() }
    for object in deferred { object.release() }
}

/// Unlinked objects whose release may wait: they own no instance, so holding them a little longer only costs a
/// few bytes, and batching them saves a grace period per `.shared` rebuild.
package enum DeferredReclamation {
    private static let pending = LoomLock<[Unmanaged<AnyObject>]>([])
    private static let batchSize = 256

    /// Queues an unlinked object that owns no instance (a ``WeakBox``, a replaced lookup node whose cache was
    /// reset) for release after a later grace period.
    package static func retire<Object: AnyObject>(_ object: Unmanaged<Object>) {
        let erased = Unmanaged<AnyObject>.fromOpaque(object.toOpaque())
        let isFull = pending.withLock { pending in
            pending.append(erased)
            return pending.count >= batchSize
        }
        guard isFull else { return }
        let batch = takeAll()
        ReadSection.synchronize()
        for object in batch { object.release() }
    }

    /// Removes and returns everything queued so far.
    package static func takeAll() -> [Unmanaged<AnyObject>] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}

/// The locator of `Optional<T>`, for a type known only at run time.
private func optionalLocator<T>(of _: T.Type) -> DependencyLocator {
    .type(Optional<T>.self)
}
