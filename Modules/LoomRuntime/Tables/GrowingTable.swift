/// A reference to a ``ConcurrentTable`` made on first use and replaced by a larger copy when it fills up: readers load
/// the current table without a lock; writers add and remove nodes under the object's own spin lock — the
/// argument-tuple slots of one cache of a registration with parameters.
///
/// One allocation until the first node: the current table's reference, the writers' lock and a change count are the
/// object's own stored words, and no mutex is made. A cache of a registration with parameters makes one with its
/// first argument tuple's slot (``SlotTableOwner``). A replaced table is released after a grace period (readers may
/// still be probing it).
///
/// Nodes are matched outside the lock: the match compares user arguments (their `==`), and no user code runs under a
/// Loom lock. A writer that finds no match takes the lock and adds its node only if the table is unchanged since its
/// search (same table, same change count); otherwise it searches again.
///
/// Words: `[current table (+1, 0 before the first node; atomic), writers' lock, changes (atomic, written under the
/// lock)]`.
///
/// ```swift
/// let slots = GrowingTable<Slot>()
/// let slot = slots.node(hash: 42) { $0.key == 42 } make: { Slot(key: 42) }   // added under the lock
/// ReadLease.run { lease in                                               // found without it
///     slots.table(in: lease)?.withObject(in: lease) { $0.find(hash: 42, in: lease) { $0.key == 42 } }
/// }
/// ```
@usableFromInline
package final class GrowingTable<Node: AnyObject>: @unchecked Sendable {
    // Every word is accessed atomically or under the lock word, as described above; `storage` must stay the class's
    // first stored property, as in `OnceSlot`, since `words` points at the stored-property area.
    private var storage: (UInt, UInt, UInt) = (0, 0, 0)

    @usableFromInline static var tableWord: Int { 0 }
    static var lockWord: Int { 1 }
    static var changesWord: Int { 2 }

    /// Creates an empty table (no ``ConcurrentTable`` yet).
    ///
    /// ```swift
    /// let slots = GrowingTable<Slot>()   // slots.currentTable == nil
    /// ```
    package init() {}

    deinit {
        let bits = words[Self.tableWord]
        if bits != 0 { Unmanaged<ConcurrentTable<Node>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// The object's words.
    @inlinable
    var words: UnsafeMutablePointer<UInt> {
        _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: UInt.self)
    }

    // MARK: Reading

    /// The current table, unretained, for use while `lease` is held; `nil` before the first node.
    ///
    /// ```swift
    /// ReadLease.run { lease in slots.table(in: lease)?.withObject(in: lease) { $0.capacity } }
    /// ```
    @inlinable @inline(__always)
    package func table(in lease: borrowing ReadLease) -> Leased<ConcurrentTable<Node>>? {
        guard let raw = UnsafeRawPointer(bitPattern: (words + Self.tableWord).atomicAcquire) else { return nil }
        return Leased(reference: .fromOpaque(raw))
    }

    /// Runs `body` with the node under `hash` that `matches`, borrowed inside a read section this call enters and
    /// leaves.
    ///
    /// `nil` when no node answers. `body` must not keep the node beyond what it retains.
    ///
    /// ```swift
    /// let isBuilt = slots.find(hash: hash, matching: { $0 === slot }, { $0.isBeingBuilt })
    /// ```
    @inlinable
    package func find<Result>(hash: UInt, matching matches: (Node) -> Bool, _ body: (Node) throws -> Result) rethrows
        -> Result?
    {
        try ReadLease.run { lease in
            try table(in: lease)?.withObject(in: lease) { table in
                try table.find(hash: hash, in: lease, matching: matches)?.withObject(in: lease, body)
            }
        }
    }

    /// The current table, retained; `nil` before the first node.
    ///
    /// ```swift
    /// slots.currentTable?.forEachNode { print($0) }
    /// ```
    package var currentTable: ConcurrentTable<Node>? {
        ReadLease.run { lease in table(in: lease)?.object(in: lease) }
    }

    // MARK: Writing

    /// The node stored under `hash` that `matches`, or a new one from `make`, stored under `hash`.
    ///
    /// `matches` runs without the lock (it may call user code); `make` runs under it, at most once, so it must only
    /// create the node.
    ///
    /// ```swift
    /// let slot = slots.node(hash: 42) { $0.key == 42 } make: { Slot(key: 42) }
    /// ```
    package func node(hash: UInt, matching matches: (Node) -> Bool, make: () -> Node) -> Node {
        while true {
            // The change count first: a change after this load makes the check under the lock fail.
            let changes = (words + Self.changesWord).atomicAcquire
            let searched = currentTable
            if let existing = searched?.node(hash: hash, matching: matches) { return existing }
            var retired: ConcurrentTable<Node>?
            let added: Node? = (words + Self.lockWord).withSpinLock {
                // `searched` is retained, so a replaced table cannot come back at the same address.
                guard (words + Self.changesWord).atomicRelaxed == changes, tableBits == bits(of: searched) else {
                    return nil
                }
                let created = make()
                if let searched, searched.hasRoom(forAdditional: 1) {
                    _ = searched.store(created, hash: hash, matching: { $0 === created })
                } else {
                    let table = searched?.grown(toFit: 1) ?? ConcurrentTable<Node>(minimumCapacity: 8)
                    _ = table.store(created, hash: hash, matching: { $0 === created })
                    retired = publish(table)
                }
                (words + Self.changesWord).atomicStoreRelease(changes &+ 1)
                return created
            }
            if let retired { Reclamation.release(afterGracePeriod: [retired]) }
            if let added { return added }
        }
    }

    /// Removes every node (or those `shouldRemove` picks) and returns them; readers keep seeing the old table until
    /// its grace period has passed.
    ///
    /// `shouldRemove` runs under the lock, so it must only inspect the node (no user code).
    ///
    /// ```swift
    /// let dropped = slots.removeAll { $0.isEmpty }
    /// ```
    @discardableResult
    package func removeAll(where shouldRemove: ((Node) -> Bool)? = nil) -> [Node] {
        var removed: [Node] = []
        let retired: ConcurrentTable<Node>? = (words + Self.lockWord).withSpinLock {
            guard let current = currentTable else { return nil }
            var kept: [(hash: UInt, node: Node)] = []
            for slot in current.slotsInAddressOrder() {
                if shouldRemove?(slot.node) ?? true { removed.append(slot.node) } else { kept.append(slot) }
            }
            guard !removed.isEmpty else { return nil }
            let replacement = ConcurrentTable<Node>(minimumCapacity: max(8, kept.count * 2))
            for slot in kept { _ = replacement.store(slot.node, hash: slot.hash, matching: { $0 === slot.node }) }
            (words + Self.changesWord).atomicStoreRelease((words + Self.changesWord).atomicRelaxed &+ 1)
            return publish(replacement)
        }
        if let retired { Reclamation.release(afterGracePeriod: [retired]) }
        return removed
    }

    /// The current table's word (under the lock, where only this object's writers change it).
    private var tableBits: UInt { (words + Self.tableWord).atomicRelaxed }

    private func bits(of table: ConcurrentTable<Node>?) -> UInt {
        table.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0
    }

    /// Publishes `table` (retained) as the current one and returns the previous one (under the lock).
    ///
    /// Readers may still be probing the previous table: release it after a grace period.
    private func publish(_ table: ConcurrentTable<Node>) -> ConcurrentTable<Node>? {
        let old = (words + Self.tableWord).atomicExchange(UInt(bitPattern: Unmanaged.passRetained(table).toOpaque()))
        guard let raw = UnsafeRawPointer(bitPattern: old) else { return nil }
        return Unmanaged<ConcurrentTable<Node>>.fromOpaque(raw).takeRetainedValue()
    }
}
