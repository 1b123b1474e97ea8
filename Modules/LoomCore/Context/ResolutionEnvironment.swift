public import LoomRuntime

/// Where a resolution keeps cached instances: in each registration's own cache (live), or in a separate store that
/// starts empty (test isolation), so nothing created inside an isolated scope is visible outside it.
@usableFromInline
package struct ResolutionEnvironment: Sendable {
    @usableFromInline package let isolatedCaches: IsolatedCaches?

    @usableFromInline
    package init(isolatedCaches: IsolatedCaches?) {
        self.isolatedCaches = isolatedCaches
    }

    /// Registrations' own caches.
    @usableFromInline package static let live = ResolutionEnvironment(isolatedCaches: nil)

    /// The environment of the current task: its test overlay's, else the live one.
    package static var current: ResolutionEnvironment { ResolutionOverlay.active?.environment ?? .live }

    /// Drops `entry`'s cached instances in this environment, running its release hook (never under a lock).
    package func reset(_ entry: RegistrationEntry) {
        Release.run(takeReleases(of: entry))
    }

    /// Drops `entry`'s cached instances in this environment and returns the releases still to run.
    package func takeReleases(of entry: RegistrationEntry) -> [PendingRelease] {
        guard let isolatedCaches else { return entry.cache?.takeReleases() ?? [] }
        return isolatedCaches.takeReleases(of: entry)
    }

    /// The cache that holds `entry`'s instances in this environment (`cache` is the entry's own); for a `.scoped`
    /// registration, the current request scope's.
    ///
    /// - Throws: ``InjectionError/outsideRequestScope(_:)`` for a `.scoped` registration outside any request scope.
    @inlinable @inline(__always)
    package func cache(for entry: RegistrationEntry, _ cache: EntryCache) throws -> EntryCache {
        if _slowPath(entry.isScoped) { return try RequestScope.currentCache(for: entry) }
        return unscopedCache(for: entry, cache)
    }

    /// ``cache(for:_:)`` for a registration known not to be `.scoped` (the lock-free probes read only those).
    @inlinable @inline(__always)
    package func unscopedCache(for entry: RegistrationEntry, _ cache: EntryCache) -> EntryCache {
        guard let isolatedCaches else { return cache }
        return isolatedCaches.cache(for: entry)
    }
}

/// Instance caches private to one isolated scope, created on demand per registration and found without a lock.
@usableFromInline
package final class IsolatedCaches: Sendable {
    /// One registration's cache in this scope.
    @usableFromInline
    final class Node: Sendable {
        @usableFromInline let entry: RegistrationEntry
        @usableFromInline let cache: EntryCache

        init(entry: RegistrationEntry, cache: EntryCache) {
            self.entry = entry
            self.cache = cache
        }
    }

    @usableFromInline let table = AtomicReference<ConcurrentTable<Node>>(ConcurrentTable(minimumCapacity: 16))
    /// The writers' lock; holds the number of caches.
    private let lock = LoomLock(0)
    /// Whether the scope ended (``takeReleases()``): a resolution still running in it gets a closed cache, which
    /// keeps nothing — an instance built there is released at once instead of staying where nothing reaches.
    private let isEnded = AtomicCounter()
    /// The owner of the scope's own registrations (its overlay's container), whose caches serve as their caches
    /// here: that container lives only as long as the scope, so its registrations' caches are already private to
    /// it, and reading them directly spares the settled probe a table lookup.
    @usableFromInline let owner: RegistrationOwner?

    /// Creates an empty store; `owner`'s registrations keep their instances in their own caches (see ``owner``).
    package init(owner: RegistrationOwner? = nil) {
        self.owner = owner
    }

    /// `entry`'s cache in this scope, created empty on first use — for a registration of the ``owner``, its own cache.
    @inlinable
    package func cache(for entry: RegistrationEntry) -> EntryCache {
        let hash = Self.hash(of: entry)
        return table.find(hash: hash, matching: { $0.entry === entry }, { $0.cache })
            ?? makeCache(for: entry, hash: hash)
    }

    /// The published box of `entry`'s plain slot in this scope, unretained, read under the caller's `lease`;
    /// `nil` while this scope has no instance of it (the caller's general path then creates its cache).
    ///
    /// The overlay's settled fast path: no nested read section and no cache handed back owned.
    @inlinable @inline(__always)
    package func publishedBox(of entry: RegistrationEntry, in lease: borrowing ReadLease) -> Leased<InstanceBox>? {
        // The same cache ``makeCache(for:hash:)`` files for an owned registration (an instance there was built through
        // this store, or outside any scope, as it would be without one).
        if entry.owner === owner, let cache = entry.cache { return cache.publishedBox(in: lease) }
        return table.load(in: lease)?.withObject(in: lease) { table in
            table.find(hash: Self.hash(of: entry), in: lease) { $0.entry === entry }?.withObject(in: lease) { node in
                node.cache.publishedBox(in: lease)
            }
        }
    }

    /// The table of `entry`'s argument-tuple slots in this scope, unretained, read under the caller's `lease`;
    /// `nil` while this scope has no cache for `entry` or no argument tuple in it yet (a table does not mean the
    /// requested tuple has an instance).
    @inlinable
    package func argumentTable(of entry: RegistrationEntry, in lease: borrowing ReadLease)
        -> Leased<ConcurrentTable<OnceSlot>>?
    {
        if entry.owner === owner, let cache = entry.cache { return cache.argumentTable(in: lease) }
        return table.load(in: lease)?.withObject(in: lease) { table in
            table.find(hash: Self.hash(of: entry), in: lease) { $0.entry === entry }?.withObject(in: lease) { node in
                node.cache.argumentTable(in: lease)
            }
        }
    }

    @inlinable @inline(__always)
    static func hash(of entry: RegistrationEntry) -> UInt {
        TableHash.identity(ObjectIdentifier(entry))
    }

    @usableFromInline
    func makeCache(for entry: RegistrationEntry, hash: UInt) -> EntryCache {
        var retired: ConcurrentTable<Node>?
        let cache = lock.withLock { count in
            let current = table.loadRetained()!
            if let existing = current.node(hash: hash, matching: { $0.entry === entry }) { return existing.cache }
            if isEnded.value != 0 {
                let closed = EntryCache(
                    isWeak: entry.cache?.isWeak ?? false, hasParameters: entry.hasParameters, releaser: entry.releaser)
                closed.closeKeepingBox()
                return closed
            }
            // An owned registration's node files its own cache, so its instances are released with this scope's.
            let ownCache = entry.owner === owner ? entry.cache : nil
            let node = Node(
                entry: entry,
                cache: ownCache
                    ?? EntryCache(
                        isWeak: entry.cache?.isWeak ?? false, hasParameters: entry.hasParameters,
                        releaser: entry.releaser))
            if current.hasRoom(forAdditional: 1) {
                _ = current.store(node, hash: hash) { $0 === node }
            } else {
                let grown = current.grown(toFit: count + 1)
                _ = grown.store(node, hash: hash) { $0 === node }
                retired = table.exchange(grown)
            }
            count += 1
            return node.cache
        }
        if let retired { Reclamation.release(afterGracePeriod: [retired]) }
        return cache
    }

    /// Drops the instances of `entry` created in this scope and returns the releases still to run.
    package func takeReleases(of entry: RegistrationEntry) -> [PendingRelease] {
        let hash = Self.hash(of: entry)
        let removed = lock.withLock { count -> Node? in
            guard let node = table.loadRetained()!.store(nil, hash: hash, matching: { $0.entry === entry }) else {
                return nil
            }
            count -= 1
            return node
        }
        // An owned registration's cache may hold an instance without a node (built outside any scope, then read
        // here through the shortcut): it is this scope's instance all the same.
        guard let removed else { return entry.owner === owner ? entry.cache?.takeReleases() ?? [] : [] }
        // The node's cache is gone from this scope (a new one is made on next use).
        let releases = removed.cache.takeReleases(closing: true)
        Reclamation.release(afterGracePeriod: [removed])
        return releases
    }

    /// Drops every instance created in this scope, running release hooks (never under a lock).
    package func reset() {
        Release.run(takeReleases())
    }

    /// Ends the scope: drops every instance created in it and returns the releases still to run.
    ///
    /// A resolution still running in the scope afterwards keeps nothing here.
    package func takeReleases() -> [PendingRelease] {
        let (retired, nodes) = lock.withLock { count -> (ConcurrentTable<Node>?, [Node]) in
            isEnded.increment()
            let old = table.exchange(ConcurrentTable(minimumCapacity: 16))
            count = 0
            return (old, old?.slotsInAddressOrder().map(\.node) ?? [])
        }
        let releases = nodes.flatMap { $0.cache.takeReleases(closing: true) }
        Reclamation.release(afterGracePeriod: [retired])
        return releases
    }
}
