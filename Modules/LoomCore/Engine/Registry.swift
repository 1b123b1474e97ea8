internal import LoomRuntime

/// A container's registrations: a ``RegistryTable`` readers probe without locks, and the bookkeeping writers
/// update under one lock.
///
/// The table is the source of truth for each key's own registration (its *primary*); `aliasIndex` records which
/// registrations declared a key as an alias (`conforms(to:)` / `inherits(from:)`), so a key's node can be rebuilt
/// as "its primary plus its aliasing registrations". Each mutation is one transaction under the lock: every touched
/// key is stored exactly once, with its final node, before the lock is released, so a concurrent reader sees each
/// key before or after the change, never in between. Replaced nodes, tables and cached instances are released after
/// the lock is dropped and a grace period has passed, so user code (deinitialisers) never runs under the lock.
@usableFromInline
package final class Registry: @unchecked Sendable {
    // `tableWord` is accessed atomically; everything else mutable lives in `state`, behind `lock`.
    private struct State {
        /// The published table (the registry's `table` reference holds it too).
        ///
        /// Room for 12 registrations before the first growth: most feature containers never grow.
        var table = RegistryTable(minimumCapacity: 16)
        var aliasIndex: [RegistrationKey: [RegistrationEntry]] = [:]
        var count = 0
        /// How many registrations are located by an `Optional` type; while there are none, registering `T` need
        /// not look for an explicit `T?` registration to replace.
        var optionalLocatorCount = 0
        /// How many registrations are eager; while there are none, activation need not walk the table for them.
        var eagerCount = 0
        var isLocked = false

        /// Counts `entry` in (`change` 1) or out (`change` -1) of the tallies kept beside the table.
        mutating func tally(_ entry: RegistrationEntry, _ change: Int) {
            count += change
            if entry.locatesOptional {
                optionalLocatorCount += change
                if change > 0 {
                    ProcessCounter.optionalLocators.increment()
                } else {
                    ProcessCounter.optionalLocators.decrement()
                }
            }
            if entry.eagerness == .eager { eagerCount += change }
        }

        /// The registration stored under its own `key`, if any.
        func primary(for key: RegistrationKey) -> RegistrationEntry? {
            table.node(for: key)?.candidates.first { $0.key == key }
        }

        /// The node `key` should hold: its primary plus the registrations aliasing it.
        func node(for key: RegistrationKey, primary: RegistrationEntry?) -> RegistryNode? {
            let aliased = aliasIndex[key] ?? []
            if aliased.isEmpty { return primary }
            let candidates = ((primary.map { [$0] } ?? []) + aliased).sorted { $0.sequence < $1.sequence }
            return CandidateList(key: key, entries: candidates)
        }
    }

    /// A change made by one transaction, reported to observers (the dependency graph) once it is visible.
    package struct Change: Sendable {
        /// Why the registrations changed.
        package enum Reason: Sendable {
            case registration, invalidation, cleanup, mirroring
        }

        package let added: [RegistrationEntry]
        package let removed: [RegistrationEntry]
        package let reason: Reason
    }

    /// What happened to one added registration.
    package enum Outcome {
        case added(RegistrationEntry)
        case replaced(old: RegistrationEntry, new: RegistrationEntry)
    }

    private let lock: LoomLock<State>
    /// The published table, for lock-free probes.
    let table: AtomicReference<RegistryTable>
    @usableFromInline package let parent: Registry?
    private let observers = LoomLock<[UInt: @Sendable (Change) -> Void]>([:])
    private let observerCounter = AtomicCounter()
    /// How many observers are registered; lets a transaction skip building its change when nobody listens.
    private let observerCount = AtomicCounter()

    package init(parent: Registry?) {
        self.parent = parent
        let state = State()
        table = AtomicReference(state.table)
        lock = LoomLock(state)
    }

    deinit {
        // A registry at this address later must not find this one's remembered `[T]` answers.
        SettledCollections.forget(ObjectIdentifier(self))
    }

    // MARK: Reading

    /// The node for `key` in this registry only, retained.
    package func node(for key: RegistrationKey) -> RegistryNode? {
        table.find(hash: key.tableHash, matching: { $0.key == key }, { $0 })
    }

    /// The registrations answering `key` here (by registration order), or `nil` when none does.
    package func candidates(for key: RegistrationKey) -> [RegistrationEntry]? {
        node(for: key)?.candidates
    }

    /// Every registration, in registration order.
    package var entries: [RegistrationEntry] {
        unorderedEntries.sorted { $0.sequence < $1.sequence }
    }

    /// Every registration, in table order (cheaper, for bulk work such as indexing).
    package var unorderedEntries: [RegistrationEntry] {
        var result: [RegistrationEntry] = []
        table.read { table in
            table.forEachNode { node in
                if node.isCandidateList {
                    for entry in node.candidates where entry.key == node.key { result.append(entry) }
                } else {
                    result.append(unsafeDowncast(node, to: RegistrationEntry.self))
                }
            }
        }
        return result
    }

    /// Every node of the current table with its hash, in address order (see
    /// ``ConcurrentTable/slotsInAddressOrder()``) — for building an index.
    package func slotsInAddressOrder() -> [(hash: UInt, node: RegistryNode)] {
        table.read { $0.slotsInAddressOrder() } ?? []
    }

    /// The number of registrations.
    package var count: Int { lock.withLock { $0.count } }

    /// Whether any registration here is eager, so activation walks the table only when there is one to create.
    package var hasEagerRegistrations: Bool { lock.withLock { $0.eagerCount > 0 } }

    package var isLocked: Bool {
        get { lock.withLock { $0.isLocked } }
        set { lock.withLock { $0.isLocked = newValue } }
    }

    // MARK: Writing

    /// Adds `additions` (each replacing the registration under its key and, when `replacesOptionalTwin`, an explicit
    /// registration of its type's `Optional` — see ``RegistrationEntry/optionalTwinKey``) and
    /// removes `removals`, in one transaction.
    ///
    /// A transaction touching one key updates the table in place; a larger one builds a new table and publishes
    /// it with one store, so readers see the whole batch or none of it. Returns `nil`, changing nothing, when the
    /// registry is locked (unless `ignoringLock`).
    @discardableResult
    package func apply(
        adding additions: [(entry: RegistrationEntry, replacesOptionalTwin: Bool)],
        removing removals: [RegistrationEntry] = [],
        reason: Change.Reason = .registration,
        ignoringLock: Bool = false
    ) -> [Outcome]? {
        var retiredNodes: [RegistryNode] = []
        var retiredTable: RegistryTable?
        var emptyRetiredTable: RegistryTable?
        var removed: [RegistrationEntry] = []
        // A change to settled answers from before the table is stored until after (see `SettledChange`).
        SettledChange.begin()
        let outcomes: [Outcome]? = lock.withLock { state in
            guard !state.isLocked || ignoringLock else { return nil }
            if state.count == 0, state.aliasIndex.isEmpty, removals.isEmpty,
                !additions.contains(where: { $0.entry.hasAliases })
            {
                emptyRetiredTable = state.table
                return fill(&state, with: additions, removed: &removed)
            }
            // The final primary of every key this transaction touches (`nil`: the key loses its primary).
            var pending: [RegistrationKey: RegistrationEntry?] = [:]
            pending.reserveCapacity(additions.count + removals.count)
            var aliasKeys: Set<RegistrationKey> = []
            func current(_ key: RegistrationKey) -> RegistrationEntry? { pending[key] ?? state.primary(for: key) }
            func unlink(_ entry: RegistrationEntry) {
                for aliasKey in entry.aliasKeys {
                    state.aliasIndex[aliasKey]?.removeAll { $0 === entry }
                    if state.aliasIndex[aliasKey]?.isEmpty == true { state.aliasIndex[aliasKey] = nil }
                    aliasKeys.insert(aliasKey)
                }
                pending[entry.key] = .some(nil)
                removed.append(entry)
                state.tally(entry, -1)
            }
            for entry in removals where current(entry.key) === entry { unlink(entry) }
            var outcomes: [Outcome] = []
            outcomes.reserveCapacity(additions.count)
            for (entry, replacesOptionalTwin) in additions {
                if replacesOptionalTwin, state.optionalLocatorCount > 0, let key = entry.optionalTwinKey,
                    let previous = current(key)
                {
                    unlink(previous)
                }
                if let previous = current(entry.key) {
                    // As in `add`: a factory for another run mode than `.live` joins the registration it replaces,
                    // which keeps its other factories (and their instances).
                    if entry.attributes.runMode != .live {
                        var variants = ModeVariants.variants(of: previous)
                        variants[previous.attributes.runMode] = previous
                        variants[entry.attributes.runMode] = nil
                        ModeVariants.attach(variants, to: entry)
                    }
                    unlink(previous)
                    outcomes.append(.replaced(old: previous, new: entry))
                } else {
                    outcomes.append(.added(entry))
                }
                pending[entry.key] = .some(entry)
                state.tally(entry, 1)
                for aliasKey in entry.aliasKeys {
                    state.aliasIndex[aliasKey, default: []].append(entry)
                    aliasKeys.insert(aliasKey)
                }
            }
            var touched = Array(pending.keys)
            touched += aliasKeys.filter { pending[$0] == nil }
            func finalNode(for key: RegistrationKey) -> RegistryNode? {
                state.node(for: key, primary: current(key))
            }
            if touched.count <= 1, state.table.hasRoom(forAdditional: touched.count) {
                for key in touched {
                    if let replaced = state.table.store(finalNode(for: key), for: key) { retiredNodes.append(replaced) }
                }
            } else {
                // The copy is not published yet: the nodes it replaces were never visible in it and go at once.
                let table = state.table.grown(toFit: touched.count)
                for key in touched { _ = table.store(finalNode(for: key), for: key) }
                retiredTable = publish(table, in: &state)
            }
            return outcomes
        }
        SettledChange.end()
        guard let outcomes else { return nil }
        SettledCollections.invalidate()
        // A removed entry whose cache an added one took over keeps its instances; its factories for other run modes
        // (whose caches no addition takes over) are dropped with it, their instances released.
        let keptCaches =
            removed.isEmpty
            ? [] : Set(additions.flatMap(\.entry.withModeVariants).compactMap { $0.cache.map(ObjectIdentifier.init) })
        // A table that held no registration owns no node: it can wait for a batched grace period like a node.
        if let emptyRetiredTable { Reclamation.retire(emptyRetiredTable) }
        finish(
            retiredNodes: retiredNodes,
            retiredTable: retiredTable,
            dropping: removed.flatMap(\.withModeVariants).filter {
                $0.cache.map { !keptCaches.contains(ObjectIdentifier($0)) } ?? false
            }
        )
        if observerCount.value != 0 {
            notify(Change(added: additions.map(\.entry), removed: removed, reason: reason))
        }
        return outcomes
    }

    /// Stores the first registrations of an empty registry (typically a container's first builder evaluation) in
    /// a new table and publishes it — the same outcome as the general path of ``apply(adding:removing:reason:ignoringLock:)``,
    /// without its bookkeeping: with nothing registered and no alias there is no earlier primary to look up and no
    /// candidate list to rebuild, so each key is stored straight into the (unpublished) table, a later addition
    /// under the same key replacing an earlier one exactly as in the general path.
    private func fill(
        _ state: inout State, with additions: [(entry: RegistrationEntry, replacesOptionalTwin: Bool)],
        removed: inout [RegistrationEntry]
    ) -> [Outcome] {
        // The capacity `grown(toFit:)` would give, so the table grows no sooner than one filled key by key.
        let table = RegistryTable(minimumCapacity: max(16, additions.count * 2))
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(additions.count)
        // Every node of this table is an entry (no alias, so no candidate list), and the table is not published: a
        // replaced entry was never visible in it.
        func takeReplaced(_ node: RegistryNode) -> RegistrationEntry {
            let previous = unsafeDowncast(node, to: RegistrationEntry.self)
            state.tally(previous, -1)
            removed.append(previous)
            return previous
        }
        for (entry, replacesOptionalTwin) in additions {
            if replacesOptionalTwin, state.optionalLocatorCount > 0, let key = entry.optionalTwinKey,
                let replaced = table.store(nil, for: key)
            {
                _ = takeReplaced(replaced)
            }
            if let replaced = table.store(entry, for: entry.key) {
                outcomes.append(.replaced(old: takeReplaced(replaced), new: entry))
            } else {
                outcomes.append(.added(entry))
            }
            state.tally(entry, 1)
        }
        // The replaced table is empty: the caller retires it (its reference is the one `publish` returns).
        _ = publish(table, in: &state)
        return outcomes
    }

    /// Adds one registration, replacing the one under its key and, when it is located by `T`, an explicit `T?`
    /// registration (``RegistrationEntry/optionalTwinKey``) — the imperative `register` path.
    ///
    /// The common case (no aliases involved, room in the table) is stored in place without the general path's
    /// bookkeeping; the twin's key is built only while some registration is located by an `Optional` type.
    /// Returns `nil`, changing nothing, when the registry is locked.
    package func add(_ entry: RegistrationEntry) -> Outcome? {
        enum Attempt {
            case locked
            case stored(previous: RegistrationEntry?, twin: RegistrationEntry?)
            case needsGeneralPath
        }
        // Replaced nodes (readers may still hold them) and a replaced table, retired after the lock is dropped.
        var retired: (RegistryNode?, RegistryNode?, RegistryTable?)
        // The factories for other run modes the entry joined (their instances stay), or those it replaced.
        var joined: [RunMode: RegistrationEntry] = [:]
        var dropped: [RegistrationEntry] = []
        SettledChange.begin()  // As in `apply`.
        let attempt: Attempt = lock.withLock { state in
            guard !state.isLocked else { return .locked }
            guard !entry.hasAliases, state.aliasIndex.isEmpty else { return .needsGeneralPath }
            let key = entry.key
            let twinKey = state.optionalLocatorCount > 0 ? entry.optionalTwinKey : nil
            let twin = twinKey.flatMap { state.primary(for: $0) }
            // A factory registered `for:` a run mode other than `.live` joins the registration under its key, which
            // keeps its other factories (and their instances); a `.live` one replaces all of them.
            if entry.attributes.runMode != .live, let current = state.primary(for: key) {
                var variants = ModeVariants.variants(of: current)
                variants[current.attributes.runMode] = current
                variants[entry.attributes.runMode] = nil
                ModeVariants.attach(variants, to: entry)
                joined = variants
            } else if let current = state.primary(for: key), current.needsGeneralPath {
                dropped = Array(ModeVariants.variants(of: current).values)
            }
            // The node the entry replaces answers for its key's previous primary: found by the store itself, not by
            // a lookup before it.
            let replaced: RegistryNode?
            if state.table.hasRoom(forAdditional: 2) {
                replaced = state.table.store(entry, for: key)
                retired.0 = replaced
                if let twin { retired.1 = state.table.store(nil, for: twin.key) }
            } else {
                // A full table is copied, filled and published with one store; readers keep probing the old one
                // until then, and it is released after a grace period. Nodes replaced in the unpublished copy go at
                // once.
                let table = state.table.grown(toFit: 2)
                replaced = table.store(entry, for: key)
                if let twin { _ = table.store(nil, for: twin.key) }
                retired.2 = publish(table, in: &state)
            }
            let previous = replaced.flatMap { node in
                node.isCandidateList
                    ? node.candidates.first { $0.key == key } : unsafeDowncast(node, to: RegistrationEntry.self)
            }
            if let previous { state.tally(previous, -1) }
            if let twin { state.tally(twin, -1) }
            state.tally(entry, 1)
            return .stored(previous: previous, twin: twin)
        }
        SettledChange.end()
        switch attempt {
        case .locked:
            return nil
        case .needsGeneralPath:
            return apply(adding: [(entry, true)])?.first
        case .stored(let previous, let twin):
            SettledCollections.invalidate()
            // A replaced table or node owns no instance once the caches below are reset: their release can wait.
            if let table = retired.2 { Reclamation.retire(table) }
            if let node = retired.0 { Reclamation.retire(node) }
            if let node = retired.1 { Reclamation.retire(node) }
            // Most registrations replace nothing: no arrays to build then.
            if previous != nil || twin != nil {
                let replaced = previous.flatMap { previous in
                    joined.values.contains { $0 === previous } ? nil : previous
                }
                Release.run(
                    ([replaced, twin].compactMap { $0 } + dropped).flatMap {
                        $0.cache?.takeReleases(closing: true) ?? []
                    })
            }
            if observerCount.value != 0 {
                let removed = [previous, twin].compactMap { $0 }
                notify(Change(added: [entry], removed: removed, reason: .registration))
            }
            return previous.map { .replaced(old: $0, new: entry) } ?? .added(entry)
        }
    }

    /// Removes every registration and drops every cached instance; the locked state is kept.
    @discardableResult
    package func removeAll() -> [RegistrationEntry] {
        let removed = entries
        SettledChange.begin()  // As in `apply`.
        let retiredTable: RegistryTable? = lock.withLock { state in
            for _ in 0..<state.optionalLocatorCount { ProcessCounter.optionalLocators.decrement() }
            state = State(isLocked: state.isLocked)
            return publish(state.table, in: &state)
        }
        SettledChange.end()
        SettledCollections.invalidate()
        finish(retiredNodes: [], retiredTable: retiredTable, dropping: removed.flatMap(\.withModeVariants))
        if observerCount.value != 0 { notify(Change(added: [], removed: removed, reason: .cleanup)) }
        return removed
    }

    /// Calls `observer` after every transaction; returns a token for ``removeObserver(_:)``.
    package func addObserver(_ observer: @escaping @Sendable (Change) -> Void) -> UInt {
        let token = observerCounter.increment()
        observers.withLock { $0[token] = observer }
        observerCount.increment()
        return token
    }

    package func removeObserver(_ token: UInt) {
        let removed = observers.withLock { $0.removeValue(forKey: token) != nil }
        if removed { observerCount.decrement() }
    }

    // MARK: Steps

    /// Makes `table` the state's and the readers' table; returns the table it replaces.
    private func publish(_ table: RegistryTable, in state: inout State) -> RegistryTable? {
        state.table = table
        return self.table.exchange(table)
    }

    private func finish(
        retiredNodes: [RegistryNode], retiredTable: RegistryTable?, dropping removed: [RegistrationEntry]
    ) {
        // Replaced nodes own no instance once their caches are reset below: their release can wait for a batch.
        for node in retiredNodes { Reclamation.retire(node) }
        if let retiredTable { Reclamation.release(afterGracePeriod: [retiredTable]) }
        // Drop instances now, even if a running resolution still holds the entry; hooks run dependents first.
        Release.run(removed.flatMap { $0.cache?.takeReleases(closing: true) ?? [] })
    }

    private func notify(_ change: Change) {
        let observers = observers.withLock { Array($0.values) }
        for observer in observers { observer(change) }
    }
}
