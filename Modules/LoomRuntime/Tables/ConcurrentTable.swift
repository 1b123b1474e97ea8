/// An open-addressing hash table from hash words to nodes, read without locks — the one concurrent table behind a
/// registry's registrations, the dependency graph's index, an argument-keyed cache and the key store.
///
/// Readers probe under a ``ReadLease`` and never write. One writer at a time (serialised by the owner's lock)
/// publishes a node by storing its pointer (release) before its slot's hash word, so a reader that sees the hash sees
/// the node. A slot's hash word never changes once written; its node word is replaced or cleared atomically, and the
/// writer keeps the node it replaced until a grace period has passed (``Reclamation``). Keys live in the nodes: a
/// lookup gives the hash (``TableHash``) and a predicate recognising its node, evaluated only on equal hashes.
///
/// The table holds one strong reference to each node it stores. When it fills up its owner copies it into a larger
/// table (``grown(toFit:)``), publishes the copy and retires this one.
///
/// ```swift
/// let table = ConcurrentTable<Node>(minimumCapacity: 16)
/// _ = table.store(node, hash: node.hash) { $0 === node }         // writer, under the owner's lock
/// let found = ReadLease.run { lease in table.find(hash: hash, in: lease) { $0.key == key }?.object(in: lease) }
/// ```
@usableFromInline
package final class ConcurrentTable<Node: AnyObject>: @unchecked Sendable {
    // Slot words are accessed only atomically; `occupied` only by the single writer, under the owner's lock.
    @usableFromInline package let capacity: Int
    @usableFromInline let mask: Int
    /// `2 * capacity` words: `[hash, node]` per slot.
    @usableFromInline let slots: UnsafeMutablePointer<UInt>
    /// Slots whose hash word is set (live or cleared).
    // Single writer under the owner's lock, so the dynamic exclusivity check would only cost time.
    @exclusivity(unchecked) @usableFromInline var occupied = 0

    /// Creates an empty table with room for at least `minimumCapacity` slots (a power of two).
    @inlinable
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
            if node != 0 { Unmanaged<Node>.fromOpaque(UnsafeRawPointer(bitPattern: node)!).release() }
        }
        slots.deallocate()
    }

    /// Whether `additional` new keys keep the load factor at or below three quarters (writer only).
    ///
    /// Linear probing stays short at that load, and growth doubles the capacity (back to three eighths), so a table
    /// spends about 16 / 0.56 ≈ 29 bytes per key on average.
    @inlinable
    package func hasRoom(forAdditional additional: Int) -> Bool { (occupied + additional) * 4 <= capacity * 3 }

    // MARK: Reading

    /// The node stored under `hash` for which `matches` holds, unretained, for use while `lease` is held.
    @inlinable @inline(__always)
    package func find(hash: UInt, in lease: borrowing ReadLease, matching matches: (Node) -> Bool)
        -> Leased<Node>?
    {
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots + 2 * index
            let storedHash = slot.atomicAcquire
            if storedHash == 0 { return nil }
            if storedHash == hash, let raw = UnsafeRawPointer(bitPattern: (slot + 1).atomicAcquire) {
                let node = Leased<Node>(reference: .fromOpaque(raw))
                if node.withObject(in: lease, matches) { return node }
            }
            index = (index + 1) & mask
        }
    }

    /// The node stored under `hash` for which `matches` holds, unretained, outside a read section (read it under
    /// ``ReadLease/empty``): for a table that no longer changes (built, published and never written again) and that
    /// the caller keeps alive, or for its writer.
    @inlinable @inline(__always)
    package func lookUp(hash: UInt, matching matches: (Node) -> Bool) -> Leased<Node>? {
        find(hash: hash, in: .empty, matching: matches)
    }

    /// The node stored under `hash` for which `matches` holds, retained (enters its own read section).
    @inlinable
    package func node(hash: UInt, matching matches: (Node) -> Bool) -> Node? {
        ReadLease.run { lease in find(hash: hash, in: lease, matching: matches)?.object(in: lease) }
    }

    /// Calls `body` with every live node (writer, or inside a read section).
    @inlinable
    package func forEachNode(_ body: (Node) -> Void) {
        for index in 0..<capacity {
            let bits = (slots + 2 * index + 1).atomicAcquire
            if let raw = UnsafeRawPointer(bitPattern: bits) {
                Unmanaged<Node>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// Every live slot's hash and node (retained), in the nodes' address order (writer, or inside a read section).
    ///
    /// Retaining is the first touch of each node, and on a large table hash order scatters those touches over the
    /// whole heap, each a cache and TLB miss; nodes allocated one after another are close in memory, so in address
    /// order the touches mostly fall on memory just fetched.
    @inlinable
    package func slotsInAddressOrder() -> [(hash: UInt, node: Node)] {
        // No reservation by `occupied`: a reader must not read the writer's counter. The hash word is loaded first:
        // a writer stores a new slot's node before its hash, so a slot whose hash is set has its node, and one whose
        // hash is still `0` is not listed yet.
        var live: [(hash: UInt, bits: UInt)] = []
        for index in 0..<capacity {
            let hash = (slots + 2 * index).atomicAcquire
            guard hash != 0 else { continue }
            let bits = (slots + 2 * index + 1).atomicAcquire
            if bits != 0 { live.append((hash, bits)) }
        }
        live.sort { $0.bits < $1.bits }
        return live.map { slot in
            (slot.hash, Unmanaged<Node>.fromOpaque(UnsafeRawPointer(bitPattern: slot.bits)!).takeUnretainedValue())
        }
    }

    // MARK: Writing (one writer at a time)

    /// Stores `node` under `hash`, replacing the node for which `matches` holds (or clears that slot when `node` is
    /// `nil`), and returns the replaced node — which readers may still hold: release it after a grace period unless
    /// this table was never published.
    ///
    /// The owner keeps the load factor low (``hasRoom(forAdditional:)``) before storing a new key.
    @inlinable
    package func store(_ node: Node?, hash: UInt, matching matches: (Node) -> Bool) -> Node? {
        var index = Int(truncatingIfNeeded: hash) & mask
        var reusable: UnsafeMutablePointer<UInt>?
        while true {
            let slot = slots + 2 * index
            let storedHash = slot.atomicRelaxed
            if storedHash == 0 { break }
            if storedHash == hash {
                let bits = (slot + 1).atomicRelaxed
                if let raw = UnsafeRawPointer(bitPattern: bits) {
                    let stored = Unmanaged<Node>.fromOpaque(raw)
                    if stored._withUnsafeGuaranteedRef(matches) {
                        (slot + 1).atomicStoreRelease(Self.retainedBits(node))
                        return stored.takeRetainedValue()
                    }
                } else if reusable == nil {
                    reusable = slot
                }
            }
            index = (index + 1) & mask
        }
        guard let node else { return nil }
        if let reusable {
            (reusable + 1).atomicStoreRelease(Self.retainedBits(node))
        } else {
            // Owners keep the load at or below 75 %; probing only needs one empty slot to end.
            precondition(occupied + 1 < capacity, "ConcurrentTable is full; the owner must grow it first")
            let slot = slots + 2 * index
            (slot + 1).atomicStoreRelease(Self.retainedBits(node))
            slot.atomicStoreRelease(hash)
            occupied += 1
        }
        return nil
    }

    /// Stores `node` under `hash` unless a node for which `matches` holds is stored already; returns that node then.
    ///
    /// For a table being filled before it is published, with room for the node.
    @inlinable
    package func insertIfAbsent(_ node: Node, hash: UInt, matching matches: (Node) -> Bool) -> Node? {
        if let existing = lookUp(hash: hash, matching: matches) { return existing.object(in: .empty) }
        insertUnique(hash: hash, nodeBits: Self.retainedBits(node))
        return nil
    }

    /// A copy with room for `additional` more keys, holding its own references to the live nodes.
    ///
    /// Keys are unique, so live slots are re-inserted by hash without comparing keys.
    @inlinable
    package func grown(toFit additional: Int) -> ConcurrentTable {
        var live = 0
        for index in 0..<capacity where (slots + 2 * index + 1).atomicRelaxed != 0 { live += 1 }
        let table = ConcurrentTable(minimumCapacity: max(8, (live + additional) * 2))
        for index in 0..<capacity {
            let bits = (slots + 2 * index + 1).atomicRelaxed
            guard bits != 0 else { continue }
            _ = Unmanaged<Node>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).retain()
            table.insertUnique(hash: (slots + 2 * index).atomicRelaxed, nodeBits: bits)
        }
        return table
    }

    /// Inserts a retained node whose key is not in the table yet (a fresh, unpublished table being filled).
    @inlinable
    func insertUnique(hash: UInt, nodeBits: UInt) {
        var index = Int(truncatingIfNeeded: hash) & mask
        while (slots + 2 * index).atomicRelaxed != 0 { index = (index + 1) & mask }
        (slots + 2 * index + 1).atomicStoreRelaxed(nodeBits)
        (slots + 2 * index).atomicStoreRelaxed(hash)
        occupied += 1
    }

    @inlinable
    static func retainedBits(_ node: Node?) -> UInt {
        guard let node else { return 0 }
        return UInt(bitPattern: Unmanaged.passRetained(node).toOpaque())
    }
}

/// The one hash function of Loom's tables: cheap mixes of machine words (type identities, precomputed part hashes)
/// and a pass over a name's UTF-8 bytes a word at a time, all non-zero (`0` marks an empty slot).
///
/// ```swift
/// let typeHash = TypeKey(Service.self).tableHash
/// let keyHash = TableHash.combine(typeHash, alternativeHash)
/// ```
@usableFromInline
package enum TableHash {
    /// The bits of an identity — a type's or an object's — as one word; above the runtime a type's is a ``TypeKey``.
    @inlinable @inline(__always)
    static func bits(of identity: ObjectIdentifier) -> UInt { UInt(bitPattern: identity) }

    /// The bits of a hash value (or any `Int`) as one word.
    @inlinable @inline(__always)
    static func bits(of value: Int) -> UInt { UInt(bitPattern: value) }

    /// A `hashValue` (or any `Int` hashed as itself) as a part to ``combine(_:_:)``.
    @inlinable @inline(__always)
    package static func part(_ hashValue: Int) -> UInt { bits(of: hashValue) }

    /// The table hash of an object's identity (a table keyed by objects, such as a scope's caches by registration).
    @inlinable @inline(__always)
    package static func identity(_ identity: ObjectIdentifier) -> UInt { word(bits(of: identity)) }

    /// A 64-bit finaliser mix (MurmurHash3's) of one word, spreading type-metadata addresses over every bit.
    @inlinable @inline(__always)
    package static func word(_ word: UInt) -> UInt {
        var bits = UInt64(word)
        bits ^= bits >> 33
        bits &*= 0xff51_afd7_ed55_8ccd
        bits ^= bits >> 33
        return nonZero(UInt(truncatingIfNeeded: bits))
    }

    /// The word ``word(_:)`` mixed, for a non-zero word: `unmixedWord(word(x)) == x` for every `x != 0`.
    package static func unmixedWord(_ hash: UInt) -> UInt {
        var bits = UInt64(hash)
        bits ^= bits >> 33
        bits &*= 0x4f74_430c_22a5_4005  // The multiplicative inverse of `word`'s constant, modulo 2⁶⁴.
        bits ^= bits >> 33
        return UInt(truncatingIfNeeded: bits)
    }

    /// Folds `part` into `hash` (order matters).
    @inlinable @inline(__always)
    package static func combine(_ hash: UInt, _ part: UInt) -> UInt {
        word((hash &* 0x9E37_79B9_7F4A_7C15) ^ part)
    }

    /// The hash of a name: its UTF-8 bytes read eight at a time (little-endian, the last word zero-padded), each
    /// word folded in with a multiply and a shift, then the byte count and the finaliser.
    ///
    /// Names are identities compared byte for byte (``sameName(_:_:)``), not `String`'s canonical equivalence: a name
    /// spelled with the Kelvin sign is not the name spelled with `K`. That keeps equal names' hashes equal without
    /// normalising. A small name (15 bytes at most, the usual alternative or name) is hashed from its two inline
    /// words without copying it; a longer one is read from its contiguous bytes. Both read the same words, so a name
    /// hashes alike however it is stored.
    @inlinable
    package static func name(_ name: String) -> UInt {
        if let (low, high, count) = StringShape.inlineBytes(of: name) {
            var hash = nameSeed
            if count > 0 { hash = foldName(hash, low) }
            if count > 8 { hash = foldName(hash, high) }
            return word(UInt(truncatingIfNeeded: hash) ^ UInt(count))
        }
        return storedName(name)
    }

    /// ``name(_:)`` of a name stored out of line.
    @usableFromInline
    static func storedName(_ name: String) -> UInt {
        var name = name
        return name.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var hash = nameSeed
            var offset = 0
            while offset + 8 <= bytes.count {
                hash = foldName(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            if offset < bytes.count {
                var last: UInt64 = 0
                for index in offset..<bytes.count { last |= UInt64(bytes[index]) << (UInt64(index - offset) * 8) }
                hash = foldName(hash, last)
            }
            return word(UInt(truncatingIfNeeded: hash) ^ UInt(bytes.count))
        }
    }

    @usableFromInline static let nameSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Folds one word of a name's bytes into its hash.
    @inlinable @inline(__always)
    static func foldName(_ hash: UInt64, _ bytes: UInt64) -> UInt64 {
        let mixed = (hash ^ bytes) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }

    /// Whether two names are the same identity: the same UTF-8 bytes.
    ///
    /// Strings stored word for word alike are the same bytes, and two small strings with the same bytes are always
    /// stored alike, so the usual comparison — a name or alternative spelled as a literal against the registered
    /// one — is two word comparisons. Otherwise it compares contiguous bytes (every native string's, small ones
    /// copied to the stack), not `String.UTF8View`'s generic iteration, which costs about 70 instructions a byte.
    @inlinable
    package static func sameName(_ left: String, _ right: String) -> Bool {
        if StringShape.identical(left, right) { return true }
        if StringShape.inlineBytes(of: left) != nil, StringShape.inlineBytes(of: right) != nil { return false }
        return sameStoredName(left, right)
    }

    /// ``sameName(_:_:)`` of names not both small.
    @usableFromInline
    static func sameStoredName(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        let equal = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in leftBytes.elementsEqual(rightBytes) }
        }
        return (equal ?? nil) ?? left.utf8.elementsEqual(right.utf8)
    }

    /// `hash`, or `1` in place of `0`.
    @inlinable @inline(__always)
    package static func nonZero(_ hash: UInt) -> UInt { hash == 0 ? 1 : hash }
}
