public import LoomRuntime

/// The instance cache of one cached registration: one slot, or one slot per distinct argument tuple.
///
/// The cache is itself the slot of a registration without parameters, so a cached registration costs one allocation
/// for its cache. A registration with parameters keeps its argument tuples' slots in its ``SlotTableOwner/slotTable()``
/// (a ``GrowingTable`` keyed by the arguments' hash, made with the first tuple's slot, so registering costs no
/// allocation for it): a resolution with arguments it has seen before finds its instance without a lock or an
/// allocation.
@usableFromInline
package final class EntryCache: SlotTableOwner, @unchecked Sendable {
    // Immutable apart from the slot and table words (atomic; the table has its own lock) and `releaser`, which is
    // written only while nothing else refers to the cache (see its comment).
    /// `.shared` registrations hold their instance weakly.
    @usableFromInline package let isWeak: Bool
    /// Whether the registration takes arguments: its instances are in the slot table, one per argument tuple.
    @usableFromInline package let hasParameters: Bool
    /// The registration's release hook, run for each instance this cache lets go.
    ///
    /// Set only while nothing else refers to the cache: when it is made, when an ended request scope's cache is kept
    /// for reuse (``recycle(_:)`` sets it to `nil`), and when it is reused for a registration
    /// (``forRequestScope(of:)``). Unchecked exclusivity: that is the only writer, and
    /// a dynamic check on every read would cost more than the read.
    @exclusivity(unchecked) @usableFromInline package private(set) var releaser: Releaser?

    package init(isWeak: Bool, hasParameters: Bool, releaser: Releaser? = nil) {
        self.isWeak = isWeak
        self.hasParameters = hasParameters
        self.releaser = releaser
    }

    /// An empty cache for `entry` in a request scope: one the thread kept from a scope that ended, else a new one.
    ///
    /// A request scope makes a cache for each `.scoped` registration it uses; reusing the caches of the scope before
    /// saves an allocation and a free per registration per request.
    package static func forRequestScope(of entry: RegistrationEntry) -> EntryCache {
        if !entry.hasParameters, let reused = ThreadSpares.take(EntryCache.self) {
            reused.releaser = entry.releaser
            return reused
        }
        return EntryCache(isWeak: false, hasParameters: entry.hasParameters, releaser: entry.releaser)
    }

    /// Keeps `cache`, an ended request scope's, for the thread's next scope — emptied, its instance released now, as
    /// dropping it would — when nothing else refers to it and it has no argument slots; otherwise leaves it alone.
    package static func recycle(_ cache: inout EntryCache) {
        guard isKnownUniquelyReferenced(&cache), !cache.hasParameters, !cache.isWeak, cache.emptyForReuse()
        else { return }
        cache.releaser = nil
        ThreadSpares.keep(cache)
    }

    /// The published value for `arguments`, if that tuple's instance exists (the lock-free path).
    @inlinable @inline(__always)
    package func publishedValue<Value, each Parameter: Hashable & Sendable>(
        _ type: Value.Type, forArguments arguments: repeat each Parameter, hash: UInt
    ) -> Value? {
        guard let slots = slotTableIfMade else { return nil }
        // `find` answers `nil` without a slot for the tuple, `.some(nil)` for a slot without an instance. The table
        // lives as long as this cache.
        let found = slots.withObject(in: .empty) { slots in
            slots.find(
                hash: hash,
                matching: {
                    unsafeDowncast($0, to: ArgumentSlot<repeat each Parameter>.self).matches(repeat each arguments)
                },
                { $0.publishedValue(Value.self) })
        }
        return found ?? nil
    }

    /// The table of argument-tuple slots, unretained, read under the caller's `lease`; `nil` before the first
    /// tuple's slot exists (or for a registration without parameters).
    @inlinable @inline(__always)
    package func argumentTable(in lease: borrowing ReadLease) -> Leased<ConcurrentTable<OnceSlot>>? {
        slotTableIfMade?.withObject(in: lease) { $0.table(in: lease) }
    }

    /// The published box of the slot in `table` for `arguments` (whose ``argumentHash(_:)`` is `hash`), unretained,
    /// read under the caller's `lease`; `nil` while that tuple has no instance.
    ///
    /// Takes the table rather than the cache: a caller holding the cache across the comparison's call would retain it.
    @inlinable @inline(__always)
    package static func publishedBox<each Parameter: Hashable & Sendable>(
        in table: Leased<ConcurrentTable<OnceSlot>>, forArguments arguments: repeat each Parameter, hash: UInt,
        lease: borrowing ReadLease
    ) -> Leased<InstanceBox>? {
        table.withObject(in: lease) { table in
            table.find(hash: hash, in: lease) { node in
                unsafeDowncast(node, to: ArgumentSlot<repeat each Parameter>.self).matches(repeat each arguments)
            }?.withObject(in: lease) { $0.publishedBox(in: lease) }
        }
    }

    /// The slot for `arguments`, created on first use.
    @usableFromInline
    package func slot<each Parameter: Hashable & Sendable>(forArguments arguments: repeat each Parameter, hash: UInt)
        -> OnceSlot
    {
        guard hasParameters else { return self }
        return slotTable().node(hash: hash) { node in
            unsafeDowncast(node, to: ArgumentSlot<repeat each Parameter>.self).matches(repeat each arguments)
        } make: {
            ArgumentSlot(repeat each arguments)
        }
    }

    /// Drops every cached instance and runs its release hook (never call inside a read section or under a lock).
    package func reset() {
        Release.run(takeReleases())
    }

    /// Closes the cache's slots without emptying them — a request scope's, at its end: a build still in progress then
    /// releases its instance itself instead of publishing it where the ended scope no longer looks.
    package func closeKeepingInstances() {
        closeKeepingBox()
        if let table = currentSlotTable?.currentTable {
            for slot in table.slotsInAddressOrder() { slot.node.closeKeepingBox() }
        }
    }

    /// Appends the releases of the instances this cache holds to `releases`, without emptying it: for a cache that is
    /// itself being dropped (a request scope's), whose instances go with the last holder of the cache — no grace period
    /// to wait for.
    package func appendSettledReleases(to releases: inout [PendingRelease]) {
        guard let releaser else { return }
        if let box, let release = PendingRelease(box: box, releaser: releaser) { releases.append(release) }
        if let table = currentSlotTable?.currentTable {
            for slot in table.slotsInAddressOrder() {
                if let box = slot.node.box, let release = PendingRelease(box: box, releaser: releaser) {
                    releases.append(release)
                }
            }
        }
    }

    /// Drops every cached instance and returns the releases its hook still has to run (never call inside a read
    /// section).
    ///
    /// Each slot is emptied with one atomic exchange, so however many threads reset at once, each instance is handed
    /// to exactly one of them. A build in progress does not publish afterwards (it releases its instance itself):
    /// with `closing` — the cache is being dropped — nothing is ever kept in it again. Argument slots leave the table
    /// and are always closed. Never called on a request scope's caches, whose boxes the scope's release reads
    /// without a read section (`RequestScope.appendCache(for:key:)`).
    package func takeReleases(closing: Bool = false) -> [PendingRelease] {
        var retired: [InstanceBox?] = [clear(closing: closing)]
        if let slots = currentSlotTable {
            for slot in slots.removeAll() { retired.append(slot.clear(closing: true)) }
        }
        // A remembered `[T]` may hold a cleared instance (`clear()` counted the change first).
        if retired[0] != nil { SettledCollections.invalidate() }
        var releases: [PendingRelease] = []
        if let releaser {
            for case let box? in retired {
                if let release = PendingRelease(box: box, releaser: releaser) { releases.append(release) }
            }
        }
        Reclamation.release(afterGracePeriod: retired)
        return releases
    }

    /// Drops `.shared` argument slots whose instance was released.
    package func releaseUnusedStorage() {
        guard isWeak, let slots = currentSlotTable else { return }
        let removed = slots.removeAll { slot in
            guard let box = slot.box else { return !slot.isBeingBuilt }
            return (box as? WeakBox)?.object == nil
        }
        // A build that claimed one of them meanwhile must not publish where nothing reaches.
        for slot in removed { _ = slot.clear(closing: true) }
    }
}

/// The slot of one argument tuple of a parameterised registration.
@usableFromInline
final class ArgumentSlot<each Parameter: Hashable & Sendable>: OnceSlot, @unchecked Sendable {
    // Immutable apart from the slot words.
    @usableFromInline let arguments: (repeat each Parameter)

    init(_ arguments: repeat each Parameter) {
        self.arguments = (repeat each arguments)
    }

    /// Whether this slot's arguments equal `other`, element by element.
    @inlinable
    func matches(_ other: repeat each Parameter) -> Bool {
        var isEqual = true
        func compare<Argument: Equatable>(_ stored: Argument, _ requested: Argument) {
            if stored != requested { isEqual = false }
        }
        repeat compare(each arguments, each other)
        return isEqual
    }
}

extension EntryCache {
    /// Where ``argumentHash(_:)`` starts folding.
    @inlinable package static var argumentHashSeed: UInt { 0x6172_6773 }

    /// The hash of an argument tuple: each argument's own hash, folded in order.
    ///
    /// The hash only places a tuple in its registration's slot table, so any function equal arguments agree on will
    /// do: an integer or `Bool` argument (the common ones) is its own bits, spread by `combine`, which spares the
    /// seeded SipHash that `hashValue` costs; everything else uses `hashValue`. Each argument is folded by a generic
    /// local function rather than a `for … in repeat` loop, which would read each element through its metadata
    /// instead of specialising for it.
    @inlinable @inline(__always)
    package static func argumentHash<each Parameter: Hashable>(_ arguments: repeat each Parameter) -> UInt {
        var hash = argumentHashSeed
        func fold<Argument: Hashable>(_ argument: Argument) {
            hash = TableHash.combine(hash, hashPart(of: argument, remembered: false))
        }
        repeat fold(each arguments)
        return hash
    }

    /// ``argumentHash(_:)`` as the lock-free read computes it: a short string or a plain value (an enum) that the
    /// calling thread passed a moment ago is not hashed again (``ThreadHashMemo``).
    ///
    /// The lock-free read is the only user: a miss is settled, and a slot created, by the registration's own resolve
    /// under ``argumentHash(_:)``, so no slot is ever placed by a remembered hash.
    ///
    /// Written out rather than sharing a fold with ``argumentHash(_:)`` through a `remembered` flag: the fold captured
    /// the flag, and the two-argument read cost 30 more instructions.
    @inlinable @inline(__always)
    package static func lookupHash<each Parameter: Hashable>(_ arguments: repeat each Parameter) -> UInt {
        var hash = argumentHashSeed
        func fold<Argument: Hashable>(_ argument: Argument) {
            hash = TableHash.combine(hash, hashPart(of: argument, remembered: true))
        }
        repeat fold(each arguments)
        return hash
    }

    /// One argument's part of ``argumentHash(_:)``, or of ``lookupHash(_:)`` when `remembered`.
    @inlinable @inline(__always)
    static func hashPart<Argument: Hashable>(of argument: Argument, remembered: Bool) -> UInt {
        if let value = TypeShape.value(argument, as: Int.self) { return TableHash.part(value) }
        if let value = TypeShape.value(argument, as: UInt.self) { return value }
        if let value = TypeShape.value(argument, as: Int64.self) { return UInt(truncatingIfNeeded: value) }
        if let value = TypeShape.value(argument, as: UInt64.self) { return UInt(truncatingIfNeeded: value) }
        if let value = TypeShape.value(argument, as: Int32.self) { return UInt(truncatingIfNeeded: value) }
        if let value = TypeShape.value(argument, as: UInt32.self) { return UInt(truncatingIfNeeded: value) }
        if let value = TypeShape.value(argument, as: Bool.self) { return value ? 1 : 0 }
        return remembered ? rememberedHash(of: argument) : TableHash.part(argument.hashValue)
    }

    /// An argument's remembered `hashValue`, out of line: inlined, the memo's code made the folds of
    /// ``lookupHash(_:)`` too large to inline into their callers, which then ran them unspecialised for every argument
    /// (integers included).
    @inlinable @inline(never)
    static func rememberedHash<Argument: Hashable>(of argument: Argument) -> UInt {
        ThreadHashMemo.hashValue(of: argument)
    }
}
