/// A container's registrations: a ``LookupTable`` readers probe without locks, and the bookkeeping writers
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
        /// Room for 12 registrations before the first growth: most feature containers never grow.
        var table = LookupTable(minimumCapacity: 16)
        var aliasIndex: [LookupKey: [RegistrationEntry]] = [:]
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
            if entry.locatesOptional { optionalLocatorCount += change }
            if entry.eagerness == .eager { eagerCount += change }
        }

        /// The registration stored under its own `key`, if any.
        func primary(for key: LookupKey) -> RegistrationEntry? {
            table.node(for: key)?.candidates.first { $0.key == key }
        }

        /// The node `key` should hold: its primary plus the registrations aliasing it.
        func node(for key: LookupKey, primary: RegistrationEntry?) -> LookupNode? {
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
    /// The current table, unretained: the state's strong reference keeps it alive until a grace period after
    /// it is replaced.
    private let tableWord: UnsafeMutablePointer<UInt> = .allocateAtomicWords(1)
    package let parent: Registry?
    /// `parent`, unretained, for walking the chain on the hot path.
    package let parentBits: Unmanaged<Registry>?
    private let observers = LoomLock<[UInt: @Sendable (Change) -> Void]>([:])
    private let observerCounter = AtomicWord()
    /// How many observers are registered; lets a transaction skip building its change when nobody listens.
    private let observerCount = AtomicWord()

    package init(parent: Registry?) {
        self.parent = parent
        parentBits = parent.map { Unmanaged.passUnretained($0) }
        let state = State()
        tableWord.atomicStoreRelease(UInt(bitPattern: Unmanaged.passUnretained(state.table).toOpaque()))
        lock = LoomLock(state)
    }

    deinit { tableWord.deallocate() }

    // MARK: Reading

    /// The current table, for probing inside a read section (unretained).
    @inline(__always)
    package var tableBits: UInt { tableWord.atomicAcquire }

    /// The node for `key` in this registry only, retained.
    package func node(for key: LookupKey) -> LookupNode? {
        ReadSection.run {
            Unmanaged<LookupTable>.fromOpaque(UnsafeRawPointer(bitPattern: tableBits)!)
                ._withUnsafeGuaranteedRef { $0.node(for: key) }
        }
    }

    /// The registrations answering `key` here (by registration order), or `nil` when none does.
    package func candidates(for key: LookupKey) -> [RegistrationEntry]? {
        node(for: key)?.candidates
    }

    /// Every registration, in registration order.
    package var entries: [RegistrationEntry] {
        unorderedEntries.sorted { $0.sequence < $1.sequence }
    }

    /// Every registration, in table order (cheaper, for bulk work such as indexing).
    package var unorderedEntries: [RegistrationEntry] {
        var result: [RegistrationEntry] = []
        ReadSection.run {
            Unmanaged<LookupTable>.fromOpaque(UnsafeRawPointer(bitPattern: tableBits)!)._withUnsafeGuaranteedRef {
                $0.forEachNode { node in
                    if node.isCandidateList {
                        for entry in node.candidates where entry.key == node.key { result.append(entry) }
                    } else {
                        result.append(unsafeDowncast(node, to: RegistrationEntry.self))
                    }
                }
            }
        }
        return result
    }

    /// Every node of the current table with its hash, each retained for the caller, in address order (see
    /// ``LookupTable/retainedSlotsInAddressOrder()``) — for building an index.
    package func retainedSlotsInAddressOrder() -> [(hash: UInt, node: Unmanaged<LookupNode>)] {
        ReadSection.run {
            Unmanaged<LookupTable>.fromOpaque(UnsafeRawPointer(bitPattern: tableBits)!)
                ._withUnsafeGuaranteedRef { $0.retainedSlotsInAddressOrder() }
        }
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
        var retiredNodes: [Unmanaged<LookupNode>] = []
        var retiredTables: [LookupTable] = []
        var emptyRetiredTable: LookupTable?
        var removed: [RegistrationEntry] = []
        let outcomes: [Outcome]? = lock.withLock { state in
            guard !state.isLocked || ignoringLock else { return nil }
            if state.count == 0, state.aliasIndex.isEmpty, removals.isEmpty,
                !additions.contains(where: { $0.entry.hasAliases })
            {
                emptyRetiredTable = state.table
                return fill(&state, with: additions, removed: &removed)
            }
            // The final primary of every key this transaction touches (`nil`: the key loses its primary).
            var pending: [LookupKey: RegistrationEntry?] = [:]
            pending.reserveCapacity(additions.count + removals.count)
            var aliasKeys: Set<LookupKey> = []
            func current(_ key: LookupKey) -> RegistrationEntry? {
                if let entry = pending[key] { return entry }
                return state.primary(for: key)
            }
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
            func finalNode(for key: LookupKey) -> LookupNode? {
                state.node(for: key, primary: pending[key] ?? state.primary(for: key))
            }
            let fitsInPlace = state.table.hasRoom(forAdditional: touched.count)
            if touched.count <= 1, fitsInPlace {
                for key in touched {
                    if let replaced = state.table.store(finalNode(for: key), for: key) { retiredNodes.append(replaced) }
                }
            } else {
                let table = state.table.grown(toFit: touched.count)
                // The copy's references to replaced nodes were never published: release them at once.
                for key in touched { table.store(finalNode(for: key), for: key)?.release() }
                retiredTables.append(state.table)
                state.table = table
                publish(table)
            }
            return outcomes
        }
        guard let outcomes else { return nil }
        // A removed entry whose cache an added one took over keeps its instances.
        let keptCaches =
            removed.isEmpty ? [] : Set(additions.compactMap { $0.entry.cache.map(ObjectIdentifier.init) })
        // A table that held no registration owns no node: it can wait for a batched grace period like a node.
        if let emptyRetiredTable { DeferredReclamation.retire(Unmanaged.passRetained(emptyRetiredTable)) }
        finish(
            retiredNodes: retiredNodes,
            retiredTables: retiredTables,
            dropping: removed.filter { $0.cache.map { !keptCaches.contains(ObjectIdentifier($0)) } ?? false }
        )
        if observerCount.acquire != 0 {
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
        let table = LookupTable(minimumCapacity: max(16, additions.count * 2))
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(additions.count)
        // Every node of this table is an entry (no alias, so no candidate list), and the table is not published:
        // the reference the table held on a replaced entry passes to the caller at once.
        func takeReplaced(_ node: Unmanaged<LookupNode>) -> RegistrationEntry {
            let previous = unsafeDowncast(node.takeRetainedValue(), to: RegistrationEntry.self)
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
        state.table = table
        publish(table)
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
        var retired: (Unmanaged<LookupNode>?, Unmanaged<LookupNode>?)
        var retiredTable: LookupTable?
        let attempt: Attempt = lock.withLock { state in
            guard !state.isLocked else { return .locked }
            guard !entry.hasAliases, state.aliasIndex.isEmpty else { return .needsGeneralPath }
            let twinKey = state.optionalLocatorCount > 0 ? entry.optionalTwinKey : nil
            let previous = state.primary(for: entry.key)
            let twin = twinKey.flatMap { state.primary(for: $0) }
            // A full table is copied, filled and published with one store; readers keep probing the old one
            // until then, and it is released after a grace period.
            var table = state.table
            if !table.hasRoom(forAdditional: 2) {
                retiredTable = table
                table = table.grown(toFit: 2)
            }
            retired.0 = table.store(entry, for: entry.key)
            if let twin { retired.1 = table.store(nil, for: twin.key) }
            if retiredTable != nil {
                // The copy's references to replaced nodes were never published: release them at once.
                retired.0?.release()
                retired.1?.release()
                retired = (nil, nil)
                state.table = table
                publish(table)
            }
            // Two optionals rather than an array literal: this path must not allocate.
            if let previous { state.tally(previous, -1) }
            if let twin { state.tally(twin, -1) }
            state.tally(entry, 1)
            return .stored(previous: previous, twin: twin)
        }
        switch attempt {
        case .locked:
            return nil
        case .needsGeneralPath:
            return apply(adding: [(entry, true)])?.first
        case .stored(let previous, let twin):
            if let retiredTable { DeferredReclamation.retire(Unmanaged.passRetained(retiredTable)) }
            if let node = retired.0 { DeferredReclamation.retire(node) }
            if let node = retired.1 { DeferredReclamation.retire(node) }
            previous?.cache?.reset()
            twin?.cache?.reset()
            if observerCount.acquire != 0 {
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
        let retiredTable: LookupTable = lock.withLock { state in
            let old = state.table
            state = State(isLocked: state.isLocked)
            publish(state.table)
            return old
        }
        finish(retiredNodes: [], retiredTables: [retiredTable], dropping: removed)
        if observerCount.acquire != 0 { notify(Change(added: [], removed: removed, reason: .cleanup)) }
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

    private func publish(_ table: LookupTable) {
        tableWord.atomicStoreRelease(UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()))
    }

    private func finish(
        retiredNodes: [Unmanaged<LookupNode>], retiredTables: [LookupTable], dropping removed: [RegistrationEntry]
    ) {
        // Replaced nodes own no instance once their caches are reset below: their release can wait for a batch.
        for node in retiredNodes { DeferredReclamation.retire(node) }
        if !retiredTables.isEmpty {
            ReadSection.synchronize()
            withExtendedLifetime(retiredTables) {}
        }
        // Drop instances now, even if a running resolution still holds the entry.
        for entry in removed { entry.cache?.reset() }
    }

    private func notify(_ change: Change) {
        let observers = observers.withLock { Array($0.values) }
        for observer in observers { observer(change) }
    }
}
