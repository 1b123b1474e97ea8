/// A reference to an object that does not keep it alive — what a reader holds under a ``ReadLease``.
///
/// Readers load pointers to shared structures (tables, nodes, published instances) without retaining them; what keeps
/// those objects alive is the read-section protocol: writers release an unlinked object only after
/// ``ReadSection/synchronize()``. An `Unretained` value is therefore valid only until the lease it was loaded under
/// ends (or while something else is known to own the object); copy out or retain (``object``) what must outlive it.
///
/// ```swift
/// let lease = ReadLease()
/// if let table = tableReference.load(in: lease) {
///     let count = table.withObject { $0.capacity }
/// }
/// lease.end()
/// ```
@usableFromInline @frozen
package struct Unretained<Object: AnyObject> {
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

    /// Calls `body` with the object, guaranteed alive for the call, without retaining it.
    @inlinable @inline(__always)
    package func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }

    /// The object, retained: safe to keep after the read section ends.
    @inlinable @inline(__always)
    package var object: Object { reference.takeUnretainedValue() }

    /// The same reference seen as a subclass (or the class it really is) that the caller knows it to be.
    ///
    /// Unchecked, like `unsafeDowncast`: callers check a type tag first (a registration's produced type, a box's kind).
    @inlinable @inline(__always)
    package func assumingType<Other: AnyObject>(_ type: Other.Type) -> Unretained<Other> {
        Unretained<Other>(reference: Unmanaged<Other>.fromOpaque(reference.toOpaque()))
    }

    /// Whether both refer to the same object.
    @inlinable @inline(__always)
    package func refersTo(_ other: AnyObject) -> Bool {
        reference.toOpaque() == Unmanaged.passUnretained(other).toOpaque()
    }
}
