/// A reference to an object that does not keep it alive, read only under a ``ReadLease``.
///
/// Readers load pointers to shared structures (tables, nodes, published instances) without retaining them; what keeps
/// those objects alive is the read-section protocol: writers release an unlinked object only after
/// ``ReadSection/synchronize()``. So a `Leased` reference is read through the lease it was loaded under:
/// ``withObject(in:_:)`` and ``object(in:)`` borrow one, so every read names what keeps the object valid (the compiler
/// checks that a lease is held there, not that it is the one the reference was loaded under). Copy out or retain what
/// must outlive the lease.
///
/// A reference to an object that something else keeps alive (the caller's own registry, a request scope's caches,
/// the task's resolution context) is read under ``ReadLease/empty``, and the code says what keeps it alive.
///
/// ```swift
/// let lease = ReadLease()
/// let count = tableReference.load(in: lease)?.withObject(in: lease) { $0.capacity }
/// lease.end()
/// ```
@usableFromInline @frozen
package struct Leased<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>

    /// Refers to `object` without retaining it; the caller guarantees it stays alive while the result is used.
    @inlinable @inline(__always)
    package init(_ object: Object) {
        reference = .passUnretained(object)
    }

    @inlinable @inline(__always)
    init(reference: Unmanaged<Object>) {
        self.reference = reference
    }

    /// Calls `body` with the object, alive for the call because `lease` is held, without retaining it.
    @inlinable @inline(__always)
    package func withObject<Result>(in lease: borrowing ReadLease, _ body: (Object) throws -> Result) rethrows
        -> Result
    {
        try reference._withUnsafeGuaranteedRef(body)
    }

    /// The object, retained while `lease` is held: safe to keep after it ends.
    @inlinable @inline(__always)
    package func object(in lease: borrowing ReadLease) -> Object { reference.takeUnretainedValue() }

    /// The same reference seen as a subclass (or the class it really is) that the caller knows it to be.
    ///
    /// Unchecked, like `unsafeDowncast`: callers check a type tag first (a registration's produced type, a box's kind).
    @inlinable @inline(__always)
    package func assumingType<Other: AnyObject>(_ type: Other.Type) -> Leased<Other> {
        Leased<Other>(reference: Unmanaged<Other>.fromOpaque(reference.toOpaque()))
    }

    /// Whether both refer to the same object (compares addresses; reads neither).
    @inlinable @inline(__always)
    package func refersTo(_ other: AnyObject) -> Bool {
        reference.toOpaque() == Unmanaged.passUnretained(other).toOpaque()
    }
}
