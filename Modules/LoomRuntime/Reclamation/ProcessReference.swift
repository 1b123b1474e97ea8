/// An ``AtomicReference`` kept in a ``ProcessWord`` instead of a stored property: a process-wide published snapshot
/// read with one load, without a lazily initialised global's once-check.
///
/// ```swift
/// let roots = ProcessReference<KeyValueTable>(.keyRootValues)
/// let count = roots.read { $0.count }
/// ```
@usableFromInline @frozen
package struct ProcessReference<Object: AnyObject>: Sendable {
    @usableFromInline let word: ProcessWord

    /// The reference stored in `word` (`0` until a first ``exchange(_:)``).
    @inlinable
    package init(_ word: ProcessWord) { self.word = word }

    /// The current object, unretained, for use while `lease` is held.
    @inlinable @inline(__always)
    package func load(in lease: borrowing ReadLease) -> Leased<Object>? {
        guard let raw = UnsafeRawPointer(bitPattern: word.word.atomicAcquire) else { return nil }
        return Leased(reference: .fromOpaque(raw))
    }

    /// Runs `body` with the current object, borrowed inside a read section this call enters and leaves.
    ///
    /// `nil` when no object is published. `body` must not keep the object.
    @inlinable
    package func read<Result>(_ body: (Object) throws -> Result) rethrows -> Result? {
        try ReadLease.run { lease in try load(in: lease)?.withObject(in: lease, body) }
    }

    /// The current object, retained (enters and leaves a read section).
    package func loadRetained() -> Object? {
        ReadLease.run { lease in load(in: lease)?.object(in: lease) }
    }

    /// Publishes `object` and returns the previous one.
    ///
    /// Readers may still be using the previous one: keep it until a grace period has passed. Writer only
    /// (serialised by the owner).
    package func exchange(_ object: Object?) -> Object? {
        let bits = object.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0
        guard let raw = UnsafeRawPointer(bitPattern: word.word.atomicExchange(bits)) else { return nil }
        return Unmanaged<Object>.fromOpaque(raw).takeRetainedValue()
    }
}
