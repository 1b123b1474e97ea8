/// A container's registrations: a ``LookupTable`` readers probe without locks, and the bookkeeping writers
/// update under one lock.
///
/// `primaries` (key → registration) and `aliasIndex` (alias key → registrations declaring it) are the source of
/// truth; every table node is derived from them. Each mutation is one transaction under the lock: the nodes of
/// all affected keys are rebuilt and stored before the lock is released, so a concurrent reader sees each key
/// before or after the change, never half of it. Replaced nodes, tables and cached instances are released after
/// the lock is dropped and a grace period has passed, so user code (deinitialisers) never runs under the lock.
@usableFromInline
package final class Registry: @unchecked Sendable {
    // `tableWord` is accessed atomically; everything else mutable lives in `state`, behind `lock`.
    private struct State {
        var table = LookupTable()
        var primaries: [LookupKey: RegistrationEntry] = [:]
        var aliasIndex: [LookupKey: [RegistrationEntry]] = [:]
        var isLocked = false
    }

    /// A change made by one transaction, reported to observers (the dependency graph) once it is visible.
    package struct Change: Sendable {
        package let added: [RegistrationEntry]
        package let removed: [RegistrationEntry]
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
        lock.withLock { Array($0.primaries.values) }.sorted { $0.sequence < $1.sequence }
    }

    /// The number of registrations.
    package var count: Int { lock.withLock { $0.primaries.count } }

    package var isLocked: Bool {
        get { lock.withLock { $0.isLocked } }
        set { lock.withLock { $0.isLocked = newValue } }
    }

    // MARK: Writing

    /// Adds `additions` (each replacing the registration under its key and under its `alsoReplacing` keys) and removes
    /// `removals`, in one transaction.
    ///
    /// Returns `nil`, changing nothing, when the registry is locked.
    @discardableResult
    package func apply(
        adding additions: [(entry: RegistrationEntry, alsoReplacing: [LookupKey])],
        removing removals: [RegistrationEntry] = []
    ) -> [Outcome]? {
        var retiredNodes: [Unmanaged<LookupNode>] = []
        var retiredTables: [LookupTable] = []
        var removed: [RegistrationEntry] = []
        let outcomes: [Outcome]? = lock.withLock { state in
            guard !state.isLocked else { return nil }
            var dirtyKeys: Set<LookupKey> = []
            func unlink(_ entry: RegistrationEntry) {
                state.primaries[entry.key] = nil
                dirtyKeys.insert(entry.key)
                for aliasKey in entry.aliasKeys {
                    state.aliasIndex[aliasKey]?.removeAll { $0 === entry }
                    if state.aliasIndex[aliasKey]?.isEmpty == true { state.aliasIndex[aliasKey] = nil }
                    dirtyKeys.insert(aliasKey)
                }
                removed.append(entry)
            }
            for entry in removals where state.primaries[entry.key] === entry { unlink(entry) }
            var outcomes: [Outcome] = []
            for (entry, alsoReplacing) in additions {
                for key in alsoReplacing { if let previous = state.primaries[key] { unlink(previous) } }
                if let previous = state.primaries[entry.key] {
                    unlink(previous)
                    outcomes.append(.replaced(old: previous, new: entry))
                } else {
                    outcomes.append(.added(entry))
                }
                state.primaries[entry.key] = entry
                dirtyKeys.insert(entry.key)
                for aliasKey in entry.aliasKeys {
                    state.aliasIndex[aliasKey, default: []].append(entry)
                    dirtyKeys.insert(aliasKey)
                }
            }
            let needed = state.table.occupied + dirtyKeys.count
            if needed * 2 > state.table.capacity {
                retiredTables.append(state.table)
                state.table = state.table.grown(toFit: dirtyKeys.count)
            }
            for key in dirtyKeys {
                if let replaced = state.table.store(Self.node(for: key, in: state), for: key) {
                    retiredNodes.append(replaced)
                }
            }
            publish(state.table)
            return outcomes
        }
        guard let outcomes else { return nil }
        finish(retiredNodes: retiredNodes, retiredTables: retiredTables, removed: removed)
        notify(Change(added: additions.map(\.entry), removed: removed))
        return outcomes
    }

    /// Removes every registration and drops every cached instance; the locked state is kept.
    @discardableResult
    package func removeAll() -> [RegistrationEntry] {
        let (removed, retiredTable): ([RegistrationEntry], LookupTable) = lock.withLock { state in
            let removed = Array(state.primaries.values)
            let old = state.table
            state = State(isLocked: state.isLocked)
            publish(state.table)
            return (removed, old)
        }
        finish(retiredNodes: [], retiredTables: [retiredTable], removed: removed)
        notify(Change(added: [], removed: removed))
        return removed.sorted { $0.sequence < $1.sequence }
    }

    /// Calls `observer` after every transaction; returns a token for ``removeObserver(_:)``.
    package func addObserver(_ observer: @escaping @Sendable (Change) -> Void) -> UInt {
        let token = observerCounter.increment()
        observers.withLock { $0[token] = observer }
        return token
    }

    package func removeObserver(_ token: UInt) {
        observers.withLock { _ = $0.removeValue(forKey: token) }
    }

    // MARK: Steps

    private func publish(_ table: LookupTable) {
        tableWord.atomicStoreRelease(UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()))
    }

    /// The node a key should hold: its registration alone, or a list with the registrations declaring it as alias.
    private static func node(for key: LookupKey, in state: State) -> LookupNode? {
        let primary = state.primaries[key]
        let aliased = state.aliasIndex[key] ?? []
        if aliased.isEmpty { return primary }
        let candidates = ((primary.map { [$0] } ?? []) + aliased).sorted { $0.sequence < $1.sequence }
        return CandidateList(key: key, entries: candidates)
    }

    private func finish(
        retiredNodes: [Unmanaged<LookupNode>], retiredTables: [LookupTable], removed: [RegistrationEntry]
    ) {
        guard !retiredNodes.isEmpty || !retiredTables.isEmpty || !removed.isEmpty else { return }
        ReadSection.synchronize()
        for node in retiredNodes { node.release() }
        // Drop instances now, even if a running resolution still holds the entry.
        for entry in removed { entry.cache?.reset() }
        withExtendedLifetime(retiredTables) {}
    }

    private func notify(_ change: Change) {
        let observers = observers.withLock { Array($0.values) }
        for observer in observers { observer(change) }
    }
}
