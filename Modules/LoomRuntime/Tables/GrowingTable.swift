/// A ``ConcurrentTable`` made on first use and replaced by a larger copy when it fills up: readers load the current
/// table without a lock; writers add and remove nodes under the object's own spin lock — the argument-tuple slots of
/// one cached registration with parameters.
///
/// One allocation until the first node: the current table's reference, the writers' lock and the node count are the
/// object's own stored words. Every registration with parameters makes one at registration, and most are never
/// resolved, so neither a table nor a mutex is made for them. A replaced table is released after a grace period
/// (readers may still be probing it).
///
/// Words: `[current table (+1, 0 before the first node; atomic), writers' lock, node count (under the lock)]`.
///
/// ```swift
/// let slots = GrowingTable<Slot>()
/// let slot = slots.node(hash: 42, matching: { $0.key == 42 }, make: { Slot(key: 42) })   // under the lock
/// ReadSection.run { section in slots.table(in: section)?.withObject { $0.count } }        // 1, without it
/// ```
@usableFromInline
package final class GrowingTable<Node: AnyObject>: @unchecked Sendable {
    // Every word is accessed atomically or under the lock word, as described above; `storage` must stay the class's
    // first stored property, as in `OnceSlot`, since `words` points at the stored-property area.
    private var storage: (UInt, UInt, UInt) = (0, 0, 0)

    @usableFromInline static var tableWord: Int { 0 }
    static var lockWord: Int { 1 }
    static var countWord: Int { 2 }

    /// Creates an empty table (no ``ConcurrentTable`` yet).
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

    /// The current table, unretained, for use inside `section`; `nil` before the first node.
    @inlinable @inline(__always)
    package func table(in section: ReadSection.Token) -> Unretained<ConcurrentTable<Node>>? {
        guard let raw = UnsafeRawPointer(bitPattern: (words + Self.tableWord).atomicAcquire) else { return nil }
        return Unretained(reference: .fromOpaque(raw))
    }

    /// The current table, retained; `nil` before the first node.
    package var currentTable: ConcurrentTable<Node>? {
        ReadSection.run { section in table(in: section)?.object }
    }

    // MARK: Writing

    /// The node stored under `hash` that `matches`, or a new one from `make`, stored under `hash`.
    ///
    /// `make` runs under the lock, so it must only create the node (no user code, nothing that blocks).
    package func node(hash: UInt, matching matches: (Node) -> Bool, make: () -> Node) -> Node {
        if let existing = currentTable?.node(hash: hash, matching: matches) { return existing }
        var retired: ConcurrentTable<Node>?
        let node = (words + Self.lockWord).withSpinLock { () -> Node in
            // Only this lock's holder replaces the table, so reading it here needs no read section.
            guard let current = currentTable else {
                let created = make()
                let first = ConcurrentTable<Node>(minimumCapacity: 8)
                _ = first.store(created, hash: hash, matching: { $0 === created })
                retired = publish(first)
                words[Self.countWord] = 1
                return created
            }
            if let existing = current.node(hash: hash, matching: matches) { return existing }
            let created = make()
            if current.hasRoom(forAdditional: 1) {
                _ = current.store(created, hash: hash, matching: { $0 === created })
            } else {
                let grown = current.grown(toFit: Int(words[Self.countWord]) + 1)
                _ = grown.store(created, hash: hash, matching: { $0 === created })
                retired = publish(grown)
            }
            words[Self.countWord] += 1
            return created
        }
        if let retired { Reclamation.release(afterGracePeriod: [retired]) }
        return node
    }

    /// Removes every node (or those `shouldRemove` picks) and returns them; readers keep seeing the old table until
    /// its grace period has passed.
    ///
    /// `shouldRemove` runs under the lock, so it must only inspect the node.
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
            words[Self.countWord] = UInt(kept.count)
            return publish(replacement)
        }
        if let retired { Reclamation.release(afterGracePeriod: [retired]) }
        return removed
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
