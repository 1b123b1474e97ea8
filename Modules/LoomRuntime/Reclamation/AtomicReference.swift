/// A strong reference that one writer replaces and many readers load without locks — the published snapshot of a
/// registry's table, the dependency graph's index, the key store's root values.
///
/// Readers load it under a ``ReadLease`` as an ``Leased`` reference (one acquire load). A writer, serialised
/// by its owner's lock, ``exchange(_:)``s in a new object and gets the old one back; it must keep the old object until
/// ``ReadSection/synchronize()`` has returned (``Reclamation/release(afterGracePeriod:)`` does both), because a
/// reader may still be using it.
///
/// Non-copyable: the reference owns its word and releases the object it holds when it goes.
///
/// ```swift
/// let current = AtomicReference(Table())
/// let lease = ReadLease()
/// let table = current.load(in: lease)          // Leased<Table>?
/// lease.end()
/// let old = current.exchange(Table())          // writer, under its lock
/// Reclamation.release(afterGracePeriod: [old])
/// ```
@usableFromInline
package struct AtomicReference<Object: AnyObject>: ~Copyable, @unchecked Sendable {
    // The word holds a +1 reference (or 0) and is only accessed atomically.
    @usableFromInline let word: UnsafeMutablePointer<UInt>

    /// Creates a reference holding `object` (retained).
    package init(_ object: Object?) {
        word = .allocateAtomicWords(1)
        word.atomicStoreRelease(Self.retainedBits(object))
    }

    deinit {
        let bits = word.atomicRelaxed
        if bits != 0 { Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
        word.deallocate()
    }

    /// The current object, unretained, for use while `lease` is held.
    @inlinable @inline(__always)
    package func load(in lease: borrowing ReadLease) -> Leased<Object>? {
        let bits = word.atomicAcquire
        guard let raw = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Leased(reference: .fromOpaque(raw))
    }

    /// Runs `body` with the current object, borrowed inside a read section this call enters and leaves; `nil` when
    /// no object is published.
    ///
    /// `body` must not keep the object: copy out what it needs (a retained node, a value).
    @inlinable
    package func read<Result>(_ body: (Object) throws -> Result) rethrows -> Result? {
        try ReadLease.run { lease in try load(in: lease)?.withObject(in: lease, body) }
    }

    /// Runs `body` with the node under `hash` that `matches` in the published table, borrowed inside a read section
    /// this call enters and leaves; `nil` when no node answers.
    @inlinable
    package func find<Node, Result>(
        hash: UInt, matching matches: (Node) -> Bool, _ body: (Node) throws -> Result
    ) rethrows -> Result? where Object == ConcurrentTable<Node> {
        try ReadLease.run { lease in
            try load(in: lease)?.withObject(in: lease) { table in
                try table.find(hash: hash, in: lease, matching: matches)?.withObject(in: lease, body)
            }
        }
    }

    /// The current object, retained (enters and leaves a read section).
    package func loadRetained() -> Object? {
        ReadLease.run { _ in
            let bits = word.atomicAcquire
            guard let raw = UnsafeRawPointer(bitPattern: bits) else { return nil }
            return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
        }
    }

    /// Publishes `object` and returns the previous one, which readers may still be using: keep it until a grace
    /// period has passed.
    ///
    /// Writer only (serialised by the owner).
    package func exchange(_ object: Object?) -> Object? {
        let old = word.atomicExchange(Self.retainedBits(object))
        guard let raw = UnsafeRawPointer(bitPattern: old) else { return nil }
        return Unmanaged<Object>.fromOpaque(raw).takeRetainedValue()
    }

    private static func retainedBits(_ object: Object?) -> UInt {
        guard let object else { return 0 }
        return UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    }
}
