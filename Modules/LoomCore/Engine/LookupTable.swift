/// An open-addressing hash table from lookup keys to lookup nodes, read without locks.
///
/// Readers probe inside a ``ReadSection`` and never write. Writers are serialised by the owner's lock; they
/// publish a node by storing its pointer (release) before its slot's hash word, so a reader that sees the hash
/// sees the node. A slot's hash word never changes once written; its node word is replaced or cleared atomically,
/// and the previous node is released by the writer only after ``ReadSection/synchronize()``.
///
/// The table holds one strong reference to each node it stores. When it fills up the owner copies it into a
/// larger table and retires this one.
package final class LookupTable: @unchecked Sendable {
    // Slot words are accessed only atomically; `occupied` only by the single writer, under the owner's lock.
    package let capacity: Int
    private let mask: Int
    /// `2 * capacity` words: `[hash, node]` per slot.
    private let slots: UnsafeMutablePointer<UInt>
    /// Slots whose hash word is set (live or cleared).
    // Single writer under the owner's lock, so the dynamic exclusivity check would only cost time.
    @exclusivity(unchecked) package private(set) var occupied = 0

    package init(minimumCapacity: Int = 8) {
        var capacity = 8
        while capacity < minimumCapacity { capacity <<= 1 }
        self.capacity = capacity
        mask = capacity - 1
        slots = .allocateAtomicWords(2 * capacity)
    }

    deinit {
        for index in 0..<capacity {
            let node = slots[2 * index + 1]
            if node != 0 { Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: node)!).release() }
        }
        slots.deallocate()
    }

    /// Whether `additional` new keys keep the load factor at or below three quarters.
    ///
    /// Linear probing stays short at that load, and growth doubles the capacity (back to three eighths), so a
    /// table spends about 16 / 0.56 ≈ 29 bytes per key on average.
    package func hasRoom(forAdditional additional: Int) -> Bool { (occupied + additional) * 4 <= capacity * 3 }

    /// The unretained node stored under `hash` for which `matches` holds, or `0`.
    ///
    /// Call inside a read section.
    @inline(__always)
    package func nodeBits(hash: UInt, matching matches: (LookupNode) -> Bool) -> UInt {
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots + 2 * index
            let storedHash = slot.atomicAcquire
            if storedHash == 0 { return 0 }
            if storedHash == hash {
                let bits = (slot + 1).atomicAcquire
                if bits != 0,
                    Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
                        ._withUnsafeGuaranteedRef(matches)
                {
                    return bits
                }
            }
            index = (index + 1) & mask
        }
    }

    /// The node stored for `key`, retained, or `nil`.
    ///
    /// Call inside a read section.
    package func node(for key: LookupKey) -> LookupNode? {
        let bits = nodeBits(hash: key.tableHash) { $0.key == key }
        guard bits != 0 else { return nil }
        return Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    /// Stores `node` under its key (or clears the key when `node` is nil), returning the replaced node, which the
    /// caller releases after a grace period.
    ///
    /// Writer only; the owner keeps the load factor low (``hasRoom(forAdditional:)``) when the key is new.
    package func store(_ node: LookupNode?, for key: LookupKey) -> Unmanaged<LookupNode>? {
        let hash = key.tableHash
        var index = Int(truncatingIfNeeded: hash) & mask
        var reusable: UnsafeMutablePointer<UInt>?
        while true {
            let slot = slots + 2 * index
            let storedHash = slot.atomicRelaxed
            if storedHash == 0 { break }
            if storedHash == hash {
                let bits = (slot + 1).atomicRelaxed
                if bits == 0 {
                    if reusable == nil { reusable = slot }
                } else if Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
                    .takeUnretainedValue().key == key
                {
                    let newBits = node.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0
                    (slot + 1).atomicStoreRelease(newBits)
                    return Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
                }
            }
            index = (index + 1) & mask
        }
        guard let node else { return nil }
        let newBits = UInt(bitPattern: Unmanaged.passRetained(node).toOpaque())
        if let reusable {
            (reusable + 1).atomicStoreRelease(newBits)
        } else {
            // Owners keep the load at or below 80 %; probing only needs one empty slot to end.
            precondition(occupied + 1 < capacity, "LookupTable is full; the owner must grow it first")
            let slot = slots + 2 * index
            (slot + 1).atomicStoreRelease(newBits)
            slot.atomicStoreRelease(hash)
            occupied += 1
        }
        return nil
    }

    /// Calls `body` with every live node (writer, or inside a read section).
    package func forEachNode(_ body: (LookupNode) -> Void) {
        for index in 0..<capacity {
            let bits = (slots + 2 * index + 1).atomicAcquire
            if bits != 0 {
                Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// Every live slot's hash and node, each node retained for the caller, in the nodes' address order.
    ///
    /// Writer, or inside a read section. Retaining is the first touch of each node, and on a large table hash order
    /// scatters those touches over the whole heap, each a cache and TLB miss; a registry's nodes were mostly
    /// allocated one after another, so in address order the touches mostly fall on memory just fetched.
    package func retainedSlotsInAddressOrder() -> [(hash: UInt, node: Unmanaged<LookupNode>)] {
        // No reservation by `occupied`: a reader must not read the writer's counter.
        var live: [(hash: UInt, bits: UInt)] = []
        for index in 0..<capacity {
            let bits = (slots + 2 * index + 1).atomicAcquire
            if bits != 0 { live.append(((slots + 2 * index).atomicRelaxed, bits)) }
        }
        live.sort { $0.bits < $1.bits }
        return live.map { slot in
            (slot.hash, Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: slot.bits)!).retain())
        }
    }

    /// Stores `node` under `hash`, taking over the caller's reference, when no node with its key is stored yet.
    ///
    /// Writer only, on a table being filled (not yet published) with room for the node. Returns the unretained
    /// node already stored for the key instead, leaving `node` to the caller.
    package func insertIfAbsent(hash: UInt, node: Unmanaged<LookupNode>) -> UInt {
        // Keys are compared only on equal hashes, so most insertions never read a stored node.
        let existing = nodeBits(hash: hash) { stored in node._withUnsafeGuaranteedRef { stored.key == $0.key } }
        if existing == 0 { insertUnique(hash: hash, nodeBits: UInt(bitPattern: node.toOpaque())) }
        return existing
    }

    /// A copy with room for `additional` more keys, holding its own references to the live nodes.
    ///
    /// Writer only. Keys are unique, so live slots are re-inserted by hash without comparing keys.
    package func grown(toFit additional: Int) -> LookupTable {
        var live = 0
        for index in 0..<capacity where (slots + 2 * index + 1).atomicRelaxed != 0 { live += 1 }
        let table = LookupTable(minimumCapacity: max(8, (live + additional) * 2))
        for index in 0..<capacity {
            let bits = (slots + 2 * index + 1).atomicRelaxed
            guard bits != 0 else { continue }
            _ = Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).retain()
            table.insertUnique(hash: (slots + 2 * index).atomicRelaxed, nodeBits: bits)
        }
        return table
    }

    /// Inserts a node whose key is not in the table yet (a fresh, unpublished table being filled).
    private func insertUnique(hash: UInt, nodeBits: UInt) {
        var index = Int(truncatingIfNeeded: hash) & mask
        while (slots + 2 * index).atomicRelaxed != 0 { index = (index + 1) & mask }
        (slots + 2 * index + 1).atomicStoreRelaxed(nodeBits)
        (slots + 2 * index).atomicStoreRelaxed(hash)
        occupied += 1
    }
}
