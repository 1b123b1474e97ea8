public import LoomRuntime

/// What a lock-free probe found for a request: the registration answering it and, for a registration without
/// arguments, its published instance — or nothing the fast path can use.
///
/// Returned by value from a non-generic function (four words, in registers), so the generic front doors that read it
/// are specialised in the caller's module and never instantiate generic metadata at run time. The probe entered a
/// read section; the typed readers below leave it once they have copied the value out (or retained the entry whose
/// factory must run).
@usableFromInline
package struct ProbeResult {
    /// The read section the probe entered.
    @usableFromInline package let section: ReadSection.Token
    /// The published instance of the registration's only slot, if the registration takes no arguments and has one.
    @usableFromInline package let box: Unretained<InstanceBox>?
    /// The registration answering the request when it is the only candidate and produces exactly the requested type.
    @usableFromInline package let entry: Unretained<RegistrationEntry>?
    /// The test overlay's isolated caches, where the registration's cached instances live inside an overlay; `nil`
    /// for its own caches.
    ///
    /// Unretained: the current task's resolution context holds the overlay, and the overlay its caches, for as long
    /// as the resolution this probe serves runs (an overlay ends only when the closure that opened it returns).
    /// Holding them strongly cost every resolve inside an overlay a retain and a release of one shared object.
    @usableFromInline package let isolatedCaches: Unretained<IsolatedCaches>?

    @inlinable
    package init(
        section: ReadSection.Token, box: Unretained<InstanceBox>?, entry: Unretained<RegistrationEntry>?,
        isolatedCaches: Unretained<IsolatedCaches>?
    ) {
        self.section = section
        self.box = box
        self.entry = entry
        self.isolatedCaches = isolatedCaches
    }

    /// A probe that found nothing the fast path can use.
    package init(section: ReadSection.Token) {
        self.init(section: section, box: nil, entry: nil, isolatedCaches: nil)
    }

    /// Leaves the probe's read section: after this, nothing the probe found may be read.
    @inlinable @inline(__always)
    package func end() { ReadSection.exit(section) }

    /// `entry` as the `Registration` the caller knows it to be, retained, having left the read section: what a
    /// factory that runs outside the section needs.
    @inlinable @inline(__always)
    package func retainingEntry<Registration: RegistrationEntry>(
        _ entry: Unretained<RegistrationEntry>, as _: Registration.Type
    ) -> Registration {
        let registration = entry.assumingType(Registration.self).object
        end()
        return registration
    }

    /// Where the registration's cached instances live, held strongly: what a factory that runs needs.
    @inlinable
    package var environment: ResolutionEnvironment { ResolutionEnvironment(isolatedCaches: isolatedCaches?.object) }

    /// The table of argument-tuple slots of `entry`, a registration with a cache that is not `.scoped`, where this
    /// probe reads instances; `nil` for any other registration.
    @inlinable @inline(__always)
    func argumentTable(ofCached entry: Unretained<RegistrationEntry>) -> Unretained<ConcurrentTable<OnceSlot>>? {
        entry.withObject { entry in
            guard !entry.isScoped, entry.cache != nil else { return nil }
            return argumentTable(of: entry)
        }
    }

    /// The table of `entry`'s argument-tuple slots where this probe reads instances (`cache` is the entry's own),
    /// unretained, read inside the probe's section; for a registration known not to be `.scoped`.
    ///
    /// The first half of the settled read of a resolution with arguments
    /// (``EntryCache/publishedBox(in:forArguments:hash:section:)`` is the second): no registration, cache or table
    /// is retained.
    @inlinable @inline(__always)
    func argumentTable(of entry: RegistrationEntry) -> Unretained<ConcurrentTable<OnceSlot>>? {
        // The cache is read where it is used: bound first, it was retained and released around the read of its table.
        guard let isolatedCaches else { return entry.cache?.argumentTable(in: section) }
        return isolatedCaches.withObject { $0.argumentTable(of: entry, in: section) }
    }
}

// MARK: - Probing

/// Where a probe looks: a registry and its parents, or a table standing for several (the graph's index).
///
/// Unretained: a probe runs while its caller keeps the registry alive (or, for a published table, inside the read
/// section that protects it), and retaining a table every two threads read would make them contend on its count.
package enum ProbeTables {
    case chain(Unretained<Registry>)
    case table(Unretained<RegistryTable>)
}

extension ProbeResult {
    /// Probes `tables` inside `section` for the node under `hash` that `matches`; `nil` when no node answers.
    ///
    /// A node that answers but cannot serve the fast path (several candidates, another produced type) ends the probe
    /// with an empty result, so the general path reports it exactly.
    @inline(__always)
    package init?(
        section: ReadSection.Token, tables: ProbeTables, hash: UInt, valueType: TypeKey,
        isolatedCaches: Unretained<IsolatedCaches>?, matching matches: (RegistrationKey) -> Bool
    ) {
        let node: Unretained<RegistryNode>?
        switch tables {
        case .table(let table):
            node = table.withObject { $0.find(hash: hash, in: section) { matches($0.key) } }
        case .chain(let registry):
            var found: Unretained<RegistryNode>?
            var current: Unretained<Registry>? = registry
            while let registry = current, found == nil {
                found = registry.withObject { registry in
                    registry.table.load(in: section)?.withObject { table in
                        table.find(hash: hash, in: section) { matches($0.key) }
                    }
                }
                current = registry.withObject { registry in registry.parent.map { Unretained($0) } }
            }
            node = found
        }
        guard let node else { return nil }
        guard !node.withObject({ $0.needsGeneralPath }) else {
            self = ProbeResult(section: section)
            return
        }
        // The entry is read through its own `withObject` rather than downcast inside the node's: with the downcast,
        // the optimiser retained and released the entry around the reads below (two atomic operations per probe).
        let found = node.assumingType(RegistrationEntry.self)
        self = found.withObject { entry in
            // The typed readers below reinterpret the entry (and its box) as producing the requested type; every entry
            // class names its own produced type in its attributes.
            guard TypeKey(entry.attributes.valueType) == valueType else {
                return ProbeResult(section: section)
            }
            var box: Unretained<InstanceBox>?
            // An instance that must stay on its actor (not `Sendable`) is handed out here only on that actor.
            // The entry's own cache is read only where it is used: held across the isolated caches' lookup (a call),
            // it would be retained.
            if entry.isSharable || (entry.kind == .mainActor && MainThread.isCurrent), entry.hasPlainSlot {
                if let isolatedCaches {
                    box = isolatedCaches.withObject { $0.publishedBox(of: entry, in: section) }
                } else {
                    box = entry.cache?.publishedBox(in: section)
                }
            }
            return ProbeResult(section: section, box: box, entry: found, isolatedCaches: isolatedCaches)
        }
    }

    /// Probes `tables` inside `section` (which the result carries) as the current task sees it: through its test
    /// overlay while one exists in the process.
    ///
    /// `fastID` is the requested key's ``RegistrationKey/fastID`` when that word alone identifies it (`0` otherwise):
    /// the overlay's out-of-line probe then compares it inline instead of calling `matches` per node.
    @inline(__always)
    package static func probe(
        _ tables: ProbeTables, in section: ReadSection.Token, hash: UInt, valueType: TypeKey, fastID: TypeKey = .none,
        matching matches: (RegistrationKey) -> Bool
    ) -> ProbeResult {
        if ProcessCounter.activeOverlays.isNonZero {
            if fastID != .none {
                return probeThroughOverlay(
                    tables, section: section, hash: hash, valueType: valueType, fastID: fastID)
            }
            return probeThroughOverlay(
                tables, section: section, hash: hash, valueType: valueType, matching: matches)
        }
        return ProbeResult(
            section: section, tables: tables, hash: hash, valueType: valueType, isolatedCaches: nil,
            matching: matches) ?? ProbeResult(section: section)
    }

    /// Probes the overlay's registrations first (its container's chain), then — unless it hides them — `tables`'.
    ///
    /// Cached instances come from the overlay's environment. Verification sandboxes record every resolution, so they
    /// take the general path. Never inlined: it reads the task-local context, which would bloat every probe that
    /// inlines ``probe(_:in:hash:valueType:fastID:matching:)`` and keep the common case's table probe out of line.
    @inline(never)
    private static func probeThroughOverlay(
        _ tables: ProbeTables, section: ReadSection.Token, hash: UInt, valueType: TypeKey,
        matching matches: (RegistrationKey) -> Bool
    ) -> ProbeResult {
        probeThroughOverlay(tables, section, hash, valueType, matches)
    }

    /// ``probeThroughOverlay(_:section:hash:valueType:matching:)`` for a key its fast word identifies, compared
    /// inline.
    @inline(never)
    private static func probeThroughOverlay(
        _ tables: ProbeTables, section: ReadSection.Token, hash: UInt, valueType: TypeKey, fastID: TypeKey
    ) -> ProbeResult {
        probeThroughOverlay(tables, section, hash, valueType) { $0.fastID == fastID }
    }

    @inline(__always)
    private static func probeThroughOverlay(
        _ tables: ProbeTables, _ section: ReadSection.Token, _ hash: UInt, _ valueType: TypeKey,
        _ matches: (RegistrationKey) -> Bool
    ) -> ProbeResult {
        // The overlay and its container are read unretained: the task's context holds them for as long as this
        // call runs, and binding them strongly cost a retain and a release each per probe.
        let overlay: Unretained<ResolutionOverlay>? = ResolutionContext.withCurrent { context in
            context.flatMap { context in context.overlay.map { Unretained($0) } }
        }
        guard let overlay else {
            return ProbeResult(
                section: section, tables: tables, hash: hash, valueType: valueType, isolatedCaches: nil,
                matching: matches) ?? ProbeResult(section: section)
        }
        return overlay.withObject { overlay in
            guard overlay.recorder == nil else { return ProbeResult(section: section) }
            let registry = Unretained(overlay.container.registry)
            let isolatedCaches = overlay.environment.isolatedCaches.map { Unretained($0) }
            if let probe = ProbeResult(
                section: section, tables: .chain(registry), hash: hash, valueType: valueType,
                isolatedCaches: isolatedCaches, matching: matches)
            {
                return probe
            }
            guard overlay.probesLiveRegistrations else { return ProbeResult(section: section) }
            return ProbeResult(
                section: section, tables: tables, hash: hash, valueType: valueType,
                isolatedCaches: isolatedCaches, matching: matches) ?? ProbeResult(section: section)
        }
    }
}

extension Registry {
    /// Enters a read section and finds the plain registration for a type in this registry's chain.
    @usableFromInline
    package func probePlain(typeKey: TypeKey) -> ProbeResult {
        ProbeResult.probe(
            .chain(Unretained(self)), in: ReadSection.enter(), hash: typeKey.tableHash,
            valueType: typeKey, fastID: typeKey
        ) { $0.fastID == typeKey }
    }

    /// Enters a read section and finds the enclosing-object resolver (with `alternative`) of the type whose key
    /// is `typeKey` in this registry's chain.
    ///
    /// Non-generic, hashing included: the front door that inlines a call to it stays small. Without an alternative
    /// the key's fast word identifies it, compared inline instead of through a matcher called per node.
    @usableFromInline
    package func probeEnclosingObjectResolver(typeKey: TypeKey, alternative: RegistrationAlternative?) -> ProbeResult {
        let hash = RegistrationKey.enclosingObjectResolverHash(typeKey: typeKey, alternative: alternative)
        if alternative == nil, let fastID = RegistrationKey.enclosingObjectFastID(typeKey) {
            return ProbeResult.probe(
                .chain(Unretained(self)), in: ReadSection.enter(), hash: hash, valueType: typeKey, fastID: fastID
            ) { $0.fastID == fastID }
        }
        return ProbeResult.probe(
            .chain(Unretained(self)), in: ReadSection.enter(), hash: hash, valueType: typeKey
        ) { $0.matchesEnclosingObject(typeKey, alternative: alternative) }
    }

    /// Enters a read section and finds the registration under `hash` that `matches` in this registry's chain, usable
    /// only when it produces exactly the type whose key is `valueType`.
    @usableFromInline
    package func probe(hash: UInt, valueType: TypeKey, matching matches: (RegistrationKey) -> Bool) -> ProbeResult {
        ProbeResult.probe(
            .chain(Unretained(self)), in: ReadSection.enter(), hash: hash, valueType: valueType,
            matching: matches)
    }

    /// Enters a read section and finds the registration named `name` (without parameters) in this registry's chain.
    @usableFromInline
    package func probeNamed(_ name: String, valueType: TypeKey) -> ProbeResult {
        ProbeResult.probe(
            .chain(Unretained(self)), in: ReadSection.enter(), hash: RegistrationKey.nameHash(name),
            valueType: valueType
        ) { $0.isPlainName(name) }
    }
}

// MARK: - Typed readers

extension ProbeResult {
    /// The kind of `entry`'s factory.
    ///
    /// Read here rather than in the inlined readers: read from another module's specialisation, the field costs a
    /// dynamic exclusivity check (`swift_beginAccess`, about fifty instructions) where this call costs five.
    @usableFromInline
    package static func kind(of entry: Unretained<RegistrationEntry>) -> EntryKind {
        entry.withObject { $0.kind }
    }

    /// The key a request scope files `entry`'s cache under (see ``RequestScope``) when `entry` is a synchronous
    /// `.scoped` registration, else `0`; out of line for the reason ``kind(of:)`` is.
    @usableFromInline
    package static func scopedCacheKey(of entry: Unretained<RegistrationEntry>) -> UInt {
        entry.withObject { entry in entry.isScoped && entry.kind == .synchronous ? entry.scopedCacheKey : 0 }
    }

    /// Reads the probed registration's value and leaves the read section.
    ///
    /// The value is its published instance, or a new one from its synchronous factory (a main-actor factory runs only
    /// on the main thread). The registration takes no arguments. Returns `nil` (having left the section) when only the
    /// general path can answer — which is also where an unsettled `async` registration reports its error.
    @inlinable @inline(__always)
    package func resolve<T>(_ type: T.Type) throws -> T? {
        if let box, let value = box.value(as: T.self) {
            end()
            return value
        }
        guard let entry else {
            end()
            return nil
        }
        switch ProbeResult.kind(of: entry) {
        case .synchronous:
            // Retain the entry before leaving the section: its factory runs outside it.
            let registration = retainingEntry(entry, as: PlainEntry<T>.self)
            return try registration.resolve(in: environment)
        case .mainActor:
            let registration = retainingEntry(entry, as: MainActorEntry<T>.self)
            return try registration.resolveOnMainActor(in: environment)
        case .asynchronous, .globalActor:
            end()
            return nil
        }
    }

    /// Reads the probed registration's value for `arguments` and leaves the read section.
    ///
    /// The value is its cached instance for that tuple, or a new one. The registration's key has exactly the
    /// argument types; without arguments this is ``resolve(_:)``.
    @inlinable @inline(__always)
    package func resolve<T, each Parameter: Hashable & Sendable>(_ type: T.Type, _ arguments: repeat each Parameter)
        throws -> T?
    {
        if isEmptyPack(repeat each arguments) { return try resolve(T.self) }
        guard let entry, ProbeResult.kind(of: entry) == .synchronous else {
            end()
            return nil
        }
        // The instance for these arguments, when it exists, is read inside this probe's section: nothing retained
        // but the value handed out. The arguments are hashed only when the registration has a table of argument
        // tuples (never for `.instance`), with the thread's remembered hashes; a miss is settled by the
        // registration's own resolve, which hashes afresh and creates the slot.
        if let table = argumentTable(ofCached: entry),
            let box = EntryCache.publishedBox(
                in: table, forArguments: repeat each arguments, hash: EntryCache.lookupHash(repeat each arguments),
                section: section),
            let value = box.value(as: T.self)
        {
            end()
            return value
        }
        let registration = retainingEntry(entry, as: ParameterizedEntry<T, repeat each Parameter>.self)
        return try registration.resolve(repeat each arguments, in: environment)
    }

    /// Runs the probed enclosing-object resolver with `parameter` and leaves the read section.
    @inlinable @inline(__always)
    package func resolve<T>(_ type: T.Type, parameter: Any) throws -> T? {
        guard let entry, entry.withObject({ $0.kind == .synchronous }) else {
            end()
            return nil
        }
        let registration = retainingEntry(entry, as: EnclosingObjectEntry<T>.self)
        return try registration.resolve(parameter: parameter)
    }

    /// The published instance, having left the read section; `nil` (still inside it) when the probe found none.
    ///
    /// The settled half of ``load(_:)``, read synchronously before it is called (by the pack reader
    /// ``load(_:_:)``, always inlined into the `load` front doors): an `async` call that does not suspend still
    /// allocates its frame from the task's allocator (about a fifth of a settled `load()`).
    @inlinable @inline(__always)
    package func publishedValue<T>(_ type: T.Type) -> T? {
        guard let box, let value = box.value(as: T.self) else { return nil }
        end()
        return value
    }

    /// Loads the probed registration's value and leaves the read section before any suspension.
    ///
    /// A published instance returns without suspending (callers on the settled path read it first with
    /// ``publishedValue(_:)``); otherwise the registration's factory runs as its kind needs: synchronously, awaited, or
    /// on its actor.
    @inlinable
    nonisolated(nonsending) package func load<T: Sendable>(_ type: T.Type) async throws -> T? {
        if let value = publishedValue(T.self) { return value }
        guard let entry else {
            end()
            return nil
        }
        let environment = environment
        switch ProbeResult.kind(of: entry) {
        case .synchronous:
            let registration = retainingEntry(entry, as: PlainEntry<T>.self)
            return try registration.resolve(in: environment)
        case .asynchronous:
            let registration = retainingEntry(entry, as: AsyncEntry<T>.self)
            return try await registration.load(in: environment)
        case .mainActor:
            let registration = retainingEntry(entry, as: RegistrationEntry.self)
            return try await registration.load(as: T.self, arguments: [], enclosing: nil, in: environment)
        case .globalActor:
            let registration = retainingEntry(entry, as: GlobalActorEntry<T>.self)
            return try await registration.load(in: environment)
        }
    }

    /// Loads the probed registration's value for `arguments`, leaving the read section before any suspension;
    /// without arguments, its published instance first (see ``publishedValue(_:)``), then ``load(_:)``.
    @inlinable @inline(__always)
    nonisolated(nonsending) package func load<T: Sendable, each Parameter: Hashable & Sendable>(
        _ type: T.Type, _ arguments: repeat each Parameter
    ) async throws -> T? {
        if isEmptyPack(repeat each arguments) {
            if let value = publishedValue(T.self) { return value }
            return try await load(T.self)
        }
        guard let entry else {
            end()
            return nil
        }
        let environment = environment
        switch ProbeResult.kind(of: entry) {
        case .synchronous:
            let registration = retainingEntry(entry, as: ParameterizedEntry<T, repeat each Parameter>.self)
            return try registration.resolve(repeat each arguments, in: environment)
        case .asynchronous:
            let registration = retainingEntry(entry, as: AsyncParameterizedEntry<T, repeat each Parameter>.self)
            return try await registration.load(repeat each arguments, in: environment)
        case .mainActor, .globalActor:
            end()
            return nil
        }
    }
}

// MARK: - Request hashes and predicates

extension RegistrationKey {
    /// Whether this is the key of a type locator `typeKey` with `alternative` and exactly the parameter types given.
    @inlinable
    package func matchesParameters<each Parameter>(
        typeKey: TypeKey, alternative: RegistrationAlternative?, _ types: repeat (each Parameter).Type
    ) -> Bool {
        switch payload {
        case .typeParameters(let type, let list):
            return alternative == nil && TypeKey(type) == typeKey
                && list.hasParameters(repeat each types)
        case .detail(let detail):
            // The alternative (which may call out to compare names) is compared last: reading the detail after that
            // call would copy the key, a retain and a release per probe.
            return detail.typeKey == typeKey && detail.parametersTag == Detail.Tag.of(repeat each types)
                && detail.hasParameters(repeat each types)
                && RegistrationAlternative.same(detail.alternative, alternative)
        case .type, .name, .typeAlternative:
            return false
        }
    }

    /// Whether this is the key of the name locator `name` with exactly the parameter types given.
    @inlinable
    package func matchesParameters<each Parameter>(name: String, _ types: repeat (each Parameter).Type) -> Bool {
        guard case .detail(let detail) = payload,
            detail.matches(typeKey: .none, alternative: nil, tag: Detail.Tag.of(repeat each types)),
            case .name(let own) = detail.locator.storage, TableHash.sameName(own, name)
        else { return false }
        return detail.hasParameters(repeat each types)
    }

    /// The table hash of a key with `base` (a locator's hash, with any alternative folded in) and these parameter
    /// types.
    @inlinable @inline(__always)
    package static func parametersHash<each Parameter>(_ base: UInt, _ types: repeat (each Parameter).Type) -> UInt {
        var hash = base
        for type in repeat each types { hash = TypeKey(type).folded(into: hash) }
        return hash
    }
}
