public import LoomRuntime

/// What a lock-free probe found for a request — the registration answering it and, for a registration without
/// arguments, its published instance, or nothing the fast path can use — with the read lease it was found under.
///
/// Returned by value from a non-generic function (four words, in registers), so the generic front doors that read it
/// are specialised in the caller's module and never instantiate generic metadata at run time. Non-copyable, like its
/// lease: each typed reader below consumes it, leaving the read section once it has copied the value out (or retained
/// the entry whose factory must run); a reader that returns early ends the lease as the result goes away.
@usableFromInline
package struct ProbeResult: ~Copyable {
    /// The read section the probe entered.
    @usableFromInline package let lease: ReadLease
    /// What the probe found under `lease`.
    @usableFromInline package let found: Found

    /// The references a probe found, valid while its lease is held.
    @usableFromInline @frozen
    package struct Found {
        /// The published instance of the registration's only slot, if the registration takes no arguments and has
        /// one.
        @usableFromInline package let box: Leased<InstanceBox>?
        /// The registration answering the request when it is the only candidate and produces exactly the requested
        /// type.
        @usableFromInline package let entry: Leased<RegistrationEntry>?
        /// The test overlay's isolated caches, where the registration's cached instances live inside an overlay;
        /// `nil` for its own caches.
        ///
        /// Not retained: the current task's resolution context holds the overlay, and the overlay its caches, for as
        /// long as the resolution this probe serves runs (an overlay ends only when the closure that opened it
        /// returns). Holding them strongly cost every resolve inside an overlay a retain and a release of one shared
        /// object.
        @usableFromInline package let isolatedCaches: Leased<IsolatedCaches>?

        @inlinable
        init(
            box: Leased<InstanceBox>?, entry: Leased<RegistrationEntry>?,
            isolatedCaches: Leased<IsolatedCaches>?
        ) {
            self.box = box
            self.entry = entry
            self.isolatedCaches = isolatedCaches
        }

        /// Nothing the fast path can use.
        @inlinable
        static var nothing: Found { Found(box: nil, entry: nil, isolatedCaches: nil) }

        /// Where the registration's cached instances live, held strongly: what a factory that runs needs.
        ///
        /// Readable after the probe's lease has ended: the task's context keeps the overlay's caches alive (see
        /// ``isolatedCaches``).
        @inlinable
        package var environment: ResolutionEnvironment {
            ResolutionEnvironment(isolatedCaches: isolatedCaches?.object(in: .empty))
        }
    }

    @inlinable
    package init(lease: consuming ReadLease, found: Found) {
        self.lease = lease
        self.found = found
    }

    /// The published instance found (see ``Found/box``).
    @inlinable package var box: Leased<InstanceBox>? { found.box }
    /// The registration found (see ``Found/entry``).
    @inlinable package var entry: Leased<RegistrationEntry>? { found.entry }

    /// Leaves the probe's read section: after this, nothing the probe found may be read.
    @inlinable @inline(__always)
    package consuming func end() { lease.end() }

    /// `entry` as the `Registration` the caller knows it to be, retained, having left the read section: what a
    /// factory that runs outside the section needs (with ``Found/environment``).
    @inlinable @inline(__always)
    package consuming func retainingEntry<Registration: RegistrationEntry>(
        _ entry: Leased<RegistrationEntry>, as _: Registration.Type
    ) -> Registration {
        let registration = entry.assumingType(Registration.self).object(in: lease)
        end()
        return registration
    }

    /// The table of argument-tuple slots of `entry`, a registration with a cache that is not `.scoped`, where this
    /// probe reads instances; `nil` for any other registration.
    @inlinable @inline(__always)
    func argumentTable(ofCached entry: Leased<RegistrationEntry>) -> Leased<ConcurrentTable<OnceSlot>>? {
        entry.withObject(in: lease) { entry in
            guard !entry.isScoped, entry.cache != nil else { return nil }
            return argumentTable(of: entry)
        }
    }

    /// The table of `entry`'s argument-tuple slots where this probe reads instances (`cache` is the entry's own),
    /// unretained, read under the probe's lease; for a registration known not to be `.scoped`.
    ///
    /// The first half of the settled read of a resolution with arguments
    /// (``EntryCache/publishedBox(in:forArguments:hash:lease:)`` is the second): no registration, cache or table
    /// is retained.
    @inlinable @inline(__always)
    func argumentTable(of entry: RegistrationEntry) -> Leased<ConcurrentTable<OnceSlot>>? {
        // The cache is read where it is used: bound first, it was retained and released around the read of its table.
        guard let isolatedCaches = found.isolatedCaches else { return entry.cache?.argumentTable(in: lease) }
        return isolatedCaches.withObject(in: lease) { $0.argumentTable(of: entry, in: lease) }
    }
}

// MARK: - Probing

/// Where a probe looks: a registry and its parents, or a table standing for several (the graph's index).
///
/// Not retained: a probe runs while its caller keeps the registry alive (or, for a published table, under the lease
/// that protects it), and retaining a table every two threads read would make them contend on its count.
package enum ProbeTables {
    case chain(Leased<Registry>)
    case table(Leased<RegistryTable>)
}

extension ProbeResult.Found {
    /// Probes `tables` under `lease` for the node under `hash` that `matches`; `nil` when no node answers.
    ///
    /// A node that answers but cannot serve the fast path (several candidates, another produced type) gives
    /// ``nothing``, so the general path reports it exactly.
    @inline(__always)
    init?(
        _ tables: ProbeTables, in lease: borrowing ReadLease, hash: UInt, valueType: TypeKey,
        isolatedCaches: Leased<IsolatedCaches>?, matching matches: (RegistrationKey) -> Bool
    ) {
        let node: Leased<RegistryNode>?
        switch tables {
        case .table(let table):
            node = table.withObject(in: lease) { $0.find(hash: hash, in: lease) { matches($0.key) } }
        case .chain(let registry):
            var found: Leased<RegistryNode>?
            var current: Leased<Registry>? = registry
            while let registry = current, found == nil {
                found = registry.withObject(in: lease) { registry in
                    registry.table.load(in: lease)?.withObject(in: lease) { table in
                        table.find(hash: hash, in: lease) { matches($0.key) }
                    }
                }
                current = registry.withObject(in: lease) { registry in registry.parent.map { Leased($0) } }
            }
            node = found
        }
        guard let node else { return nil }
        guard !node.withObject(in: lease, { $0.needsGeneralPath }) else {
            self = .nothing
            return
        }
        // The entry is read through its own `withObject` rather than downcast inside the node's: with the downcast,
        // the optimiser retained and released the entry around the reads below (two atomic operations per probe).
        let found = node.assumingType(RegistrationEntry.self)
        self = found.withObject(in: lease) { entry in
            // The typed readers below reinterpret the entry (and its box) as producing the requested type; every entry
            // class names its own produced type in its attributes.
            guard TypeKey(entry.attributes.valueType) == valueType else { return .nothing }
            var box: Leased<InstanceBox>?
            // An instance that must stay on its actor (not `Sendable`) is handed out here only on that actor.
            // The entry's own cache is read only where it is used: held across the isolated caches' lookup (a call),
            // it would be retained.
            if entry.isSharable || (entry.kind == .mainActor && MainThread.isCurrent), entry.hasPlainSlot {
                if let isolatedCaches {
                    box = isolatedCaches.withObject(in: lease) { $0.publishedBox(of: entry, in: lease) }
                } else {
                    box = entry.cache?.publishedBox(in: lease)
                }
            }
            return ProbeResult.Found(box: box, entry: found, isolatedCaches: isolatedCaches)
        }
    }
}

extension ProbeResult {
    /// Enters a read section and probes `tables` under it as the current task sees them: through its test overlay
    /// while one exists in the process.
    ///
    /// `fastID` is the requested key's ``RegistrationKey/fastID`` when that word alone identifies it (`0` otherwise):
    /// the overlay's out-of-line probe then compares it inline instead of calling `matches` per node.
    @inline(__always)
    package static func probe(
        _ tables: ProbeTables, hash: UInt, valueType: TypeKey, fastID: TypeKey = .none,
        matching matches: (RegistrationKey) -> Bool
    ) -> ProbeResult {
        let lease = ReadLease()
        let found = find(tables, in: lease, hash: hash, valueType: valueType, fastID: fastID, matching: matches)
        return ProbeResult(lease: lease, found: found)
    }

    /// ``probe(_:hash:valueType:fastID:matching:)`` under a lease the caller holds.
    @inline(__always)
    package static func find(
        _ tables: ProbeTables, in lease: borrowing ReadLease, hash: UInt, valueType: TypeKey, fastID: TypeKey = .none,
        matching matches: (RegistrationKey) -> Bool
    ) -> Found {
        if ProcessCounter.activeOverlays.isNonZero {
            if fastID != .none {
                return findThroughOverlay(tables, in: lease, hash: hash, valueType: valueType, fastID: fastID)
            }
            return findThroughOverlay(tables, in: lease, hash: hash, valueType: valueType, matching: matches)
        }
        return Found(
            tables, in: lease, hash: hash, valueType: valueType, isolatedCaches: nil, matching: matches) ?? .nothing
    }

    /// Probes the overlay's registrations first (its container's chain), then — unless it hides them — `tables`'.
    ///
    /// Cached instances come from the overlay's environment. Verification sandboxes record every resolution, so they
    /// take the general path. Never inlined: it reads the task-local context, which would bloat every probe that
    /// inlines ``find(_:in:hash:valueType:fastID:matching:)`` and keep the common case's table probe out of line.
    @inline(never)
    private static func findThroughOverlay(
        _ tables: ProbeTables, in lease: borrowing ReadLease, hash: UInt, valueType: TypeKey,
        matching matches: (RegistrationKey) -> Bool
    ) -> Found {
        findThroughOverlay(tables, lease, hash, valueType, matches)
    }

    /// ``findThroughOverlay(_:in:hash:valueType:matching:)`` for a key its fast word identifies, compared inline.
    @inline(never)
    private static func findThroughOverlay(
        _ tables: ProbeTables, in lease: borrowing ReadLease, hash: UInt, valueType: TypeKey, fastID: TypeKey
    ) -> Found {
        findThroughOverlay(tables, lease, hash, valueType) { $0.fastID == fastID }
    }

    @inline(__always)
    private static func findThroughOverlay(
        _ tables: ProbeTables, _ lease: borrowing ReadLease, _ hash: UInt, _ valueType: TypeKey,
        _ matches: (RegistrationKey) -> Bool
    ) -> Found {
        // The overlay and its container are read unretained: the task's context holds them for as long as this
        // call runs, and binding them strongly cost a retain and a release each per probe.
        let overlay: Leased<ResolutionOverlay>? = ResolutionContext.withCurrent { context in
            context.flatMap { context in context.overlay.map { Leased($0) } }
        }
        guard let overlay else {
            return Found(
                tables, in: lease, hash: hash, valueType: valueType, isolatedCaches: nil, matching: matches)
                ?? .nothing
        }
        return overlay.withObject(in: lease) { overlay in
            guard overlay.recorder == nil else { return .nothing }
            let registry = Leased(overlay.container.registry)
            let isolatedCaches = overlay.environment.isolatedCaches.map { Leased($0) }
            if let found = Found(
                .chain(registry), in: lease, hash: hash, valueType: valueType, isolatedCaches: isolatedCaches,
                matching: matches)
            {
                return found
            }
            guard overlay.probesLiveRegistrations else { return .nothing }
            return Found(
                tables, in: lease, hash: hash, valueType: valueType, isolatedCaches: isolatedCaches,
                matching: matches) ?? .nothing
        }
    }
}

extension Registry {
    /// Enters a read section and finds the plain registration for a type in this registry's chain.
    @usableFromInline
    package func probePlain(typeKey: TypeKey) -> ProbeResult {
        ProbeResult.probe(
            .chain(Leased(self)), hash: typeKey.tableHash, valueType: typeKey, fastID: typeKey
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
        let fastID = alternative == nil ? RegistrationKey.enclosingObjectFastID(typeKey) : nil
        // One call of the inlined probe: with a second one for the other matcher, the optimiser kept the first out of
        // line, its matcher a closure called per node.
        return ProbeResult.probe(.chain(Leased(self)), hash: hash, valueType: typeKey, fastID: fastID ?? .none) {
            if let fastID { return $0.fastID == fastID }
            return $0.matchesEnclosingObject(typeKey, alternative: alternative)
        }
    }

    /// Enters a read section and finds the registration under `hash` that `matches` in this registry's chain, usable
    /// only when it produces exactly the type whose key is `valueType`.
    @usableFromInline
    package func probe(hash: UInt, valueType: TypeKey, matching matches: (RegistrationKey) -> Bool) -> ProbeResult {
        ProbeResult.probe(.chain(Leased(self)), hash: hash, valueType: valueType, matching: matches)
    }

    /// Enters a read section and finds the registration named `name` (without parameters) in this registry's chain.
    @usableFromInline
    package func probeNamed(_ name: String, valueType: TypeKey) -> ProbeResult {
        ProbeResult.probe(.chain(Leased(self)), hash: RegistrationKey.nameHash(name), valueType: valueType) {
            $0.isPlainName(name)
        }
    }
}

// MARK: - Typed readers

extension ProbeResult {
    /// The kind of `entry`'s factory.
    ///
    /// Read here rather than in the inlined readers: read from another module's specialisation, the field costs a
    /// dynamic exclusivity check (`swift_beginAccess`, about fifty instructions) where this call costs five.
    @usableFromInline
    package static func kind(of entry: Leased<RegistrationEntry>, in lease: borrowing ReadLease) -> EntryKind {
        entry.withObject(in: lease) { $0.kind }
    }

    /// The key a request scope files `entry`'s cache under (see ``RequestScope``) when `entry` is a synchronous
    /// `.scoped` registration, else `0`; out of line for the reason ``kind(of:in:)`` is.
    @usableFromInline
    package static func scopedCacheKey(of entry: Leased<RegistrationEntry>, in lease: borrowing ReadLease) -> UInt {
        entry.withObject(in: lease) { entry in entry.isScoped && entry.kind == .synchronous ? entry.scopedCacheKey : 0 }
    }

    /// Reads the probed registration's value and leaves the read section.
    ///
    /// The value is its published instance, or a new one from its synchronous factory (a main-actor factory runs only
    /// on the main thread). The registration takes no arguments. Returns `nil` (having left the section) when only the
    /// general path can answer — which is also where an unsettled `async` registration reports its error.
    @inlinable @inline(__always)
    package consuming func resolve<T>(_ type: T.Type) throws -> T? {
        if let box, let value = box.value(as: T.self, in: lease) {
            end()
            return value
        }
        guard let entry else {
            end()
            return nil
        }
        let found = found
        switch ProbeResult.kind(of: entry, in: lease) {
        case .synchronous:
            // Retain the entry before leaving the section: its factory runs outside it.
            let registration = retainingEntry(entry, as: PlainEntry<T>.self)
            return try registration.resolve(in: found.environment)
        case .mainActor:
            let registration = retainingEntry(entry, as: MainActorEntry<T>.self)
            return try registration.resolveOnMainActor(in: found.environment)
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
    package consuming func resolve<T, each Parameter: Hashable & Sendable>(
        _ type: T.Type, _ arguments: repeat each Parameter
    )
        throws -> T?
    {
        if isEmptyPack(repeat each arguments) { return try resolve(T.self) }
        guard let entry, ProbeResult.kind(of: entry, in: lease) == .synchronous else {
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
                lease: lease),
            let value = box.value(as: T.self, in: lease)
        {
            end()
            return value
        }
        let found = found
        let registration = retainingEntry(entry, as: ParameterizedEntry<T, repeat each Parameter>.self)
        return try registration.resolve(repeat each arguments, in: found.environment)
    }

    /// Runs the probed enclosing-object resolver with `parameter` and leaves the read section.
    @inlinable @inline(__always)
    package consuming func resolve<T>(_ type: T.Type, parameter: Any) throws -> T? {
        guard let entry, entry.withObject(in: lease, { $0.kind == .synchronous }) else {
            end()
            return nil
        }
        let registration = retainingEntry(entry, as: EnclosingObjectEntry<T>.self)
        return try registration.resolve(parameter: parameter)
    }

    /// The published instance, read under the probe's lease (which the caller still ends); `nil` when the probe
    /// found none.
    ///
    /// The settled half of ``load(_:)``, read synchronously before it is called (by the pack reader
    /// ``load(_:_:)``, always inlined into the `load` front doors): an `async` call that does not suspend still
    /// allocates its frame from the task's allocator (about a fifth of a settled `load()`).
    @inlinable @inline(__always)
    package func publishedValue<T>(_ type: T.Type) -> T? {
        guard let box else { return nil }
        return box.value(as: T.self, in: lease)
    }

    /// Loads the probed registration's value and leaves the read section before any suspension.
    ///
    /// A published instance returns without suspending (callers on the settled path read it first with
    /// ``publishedValue(_:)``); otherwise the registration's factory runs as its kind needs: synchronously, awaited, or
    /// on its actor.
    @inlinable
    nonisolated(nonsending) package consuming func load<T: Sendable>(_ type: T.Type) async throws -> T? {
        if let value = publishedValue(T.self) {
            end()
            return value
        }
        guard let entry else {
            end()
            return nil
        }
        let found = found
        switch ProbeResult.kind(of: entry, in: lease) {
        case .synchronous:
            let registration = retainingEntry(entry, as: PlainEntry<T>.self)
            return try registration.resolve(in: found.environment)
        case .asynchronous:
            let registration = retainingEntry(entry, as: AsyncEntry<T>.self)
            return try await registration.load(in: found.environment)
        case .mainActor:
            let registration = retainingEntry(entry, as: RegistrationEntry.self)
            return try await registration.load(as: T.self, arguments: [], enclosing: nil, in: found.environment)
        case .globalActor:
            let registration = retainingEntry(entry, as: GlobalActorEntry<T>.self)
            return try await registration.load(in: found.environment)
        }
    }

    /// Loads the probed registration's value for `arguments`, leaving the read section before any suspension;
    /// without arguments, its published instance first (see ``publishedValue(_:)``), then ``load(_:)``.
    @inlinable @inline(__always)
    nonisolated(nonsending) package consuming func load<T: Sendable, each Parameter: Hashable & Sendable>(
        _ type: T.Type, _ arguments: repeat each Parameter
    ) async throws -> T? {
        if isEmptyPack(repeat each arguments) {
            if let value = publishedValue(T.self) {
                end()
                return value
            }
            // The lease goes into `load(_:)`, which ends it before its first suspension: being `nonisolated(nonsending)`,
            // the call itself does not leave this thread.
            return try await load(T.self)
        }
        guard let entry else {
            end()
            return nil
        }
        let found = found
        switch ProbeResult.kind(of: entry, in: lease) {
        case .synchronous:
            let registration = retainingEntry(entry, as: ParameterizedEntry<T, repeat each Parameter>.self)
            return try registration.resolve(repeat each arguments, in: found.environment)
        case .asynchronous:
            let registration = retainingEntry(entry, as: AsyncParameterizedEntry<T, repeat each Parameter>.self)
            return try await registration.load(repeat each arguments, in: found.environment)
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
