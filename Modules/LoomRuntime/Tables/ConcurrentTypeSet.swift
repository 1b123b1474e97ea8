/// A growing set of types, read without locks: a memo of run-time type facts that are expensive to recompute, such
/// as "instances of this class do not conform to that protocol" (a failed conformance check costs a dynamic cast on
/// every construction otherwise).
///
/// Readers probe the published table inside a read section; writers (rare: once per new type) copy it under a lock
/// and publish the copy. Types are never removed. A set lives in a ``ProcessWord``, so reading it costs no
/// lazily initialised global's once-check.
///
/// ```swift
/// let notAware = ConcurrentTypeSet(.notPostInstantiationAware)
/// if !notAware.contains(type(of: value)) {
///     if let aware = value as? any Aware { aware.notify() } else { notAware.insert(type(of: value)) }
/// }
/// ```
@usableFromInline @frozen
package struct ConcurrentTypeSet: Sendable {
    /// One type in the set.
    @usableFromInline
    final class Member: Sendable {
        @usableFromInline let typeBits: UInt

        init(typeBits: UInt) { self.typeBits = typeBits }
    }

    @usableFromInline let table: ProcessReference<ConcurrentTable<Member>>

    /// Writers of every set: a new type is rare.
    private static let lock = LoomLock(false)

    /// The set kept in `word` (empty until a first ``insert(_:)``).
    @inlinable
    package init(_ word: ProcessWord) {
        table = ProcessReference(word)
    }

    /// Whether `type` is in the set (one probe, no lock).
    @inlinable @inline(__always)
    package func contains(_ type: Any.Type) -> Bool {
        let typeBits = UInt(bitPattern: ObjectIdentifier(type))
        let section = ReadSection.enter()
        let found =
            table.load(in: section)?.withObject { table in
                table.find(hash: TableHash.word(typeBits), in: section) { $0.typeBits == typeBits } != nil
            } ?? false
        ReadSection.exit(section)
        return found
    }

    /// Adds `type`.
    @usableFromInline
    package func insert(_ type: Any.Type) {
        let typeBits = UInt(bitPattern: ObjectIdentifier(type))
        let hash = TableHash.word(typeBits)
        let retired: ConcurrentTable<Member>? = Self.lock.withLock { _ in
            guard let current = table.loadRetained() else {
                let first = ConcurrentTable<Member>(minimumCapacity: 16)
                let member = Member(typeBits: typeBits)
                _ = first.store(member, hash: hash) { $0 === member }
                return table.exchange(first)
            }
            guard current.node(hash: hash, matching: { $0.typeBits == typeBits }) == nil else { return nil }
            let member = Member(typeBits: typeBits)
            if current.hasRoom(forAdditional: 1) {
                _ = current.store(member, hash: hash) { $0 === member }
                return nil
            }
            let grown = current.grown(toFit: 1)
            _ = grown.store(member, hash: hash) { $0 === member }
            return table.exchange(grown)
        }
        Reclamation.release(afterGracePeriod: [retired])
    }
}
