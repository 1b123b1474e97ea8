/// The hashes the calling thread computed last, remembered by the bytes of what was hashed.
///
/// A value's hash is a function of the value, and a value of a given type is determined by its bytes: the same bytes
/// of the same type hash alike within a process (Swift fixes the hash seed for the process's lifetime). So a thread
/// that hashes what it hashed a moment ago — a request by value repeated in a loop, a screen resolving the same
/// services again — reuses the result instead of running `Hasher` again (about 150 instructions, in one long chain of
/// dependent steps). Equal values stored differently (padding, two string buffers with equal contents) merely miss
/// and are hashed. A value that refers to a mutable object whose hash has changed since may be given its old hash:
/// callers use a memoised hash only to *locate* something, then compare with `==`, so a stale hash can make them miss
/// (and take their general path), never find something else.
///
/// Four entries per thread, in the thread's own words (`ThreadState`), chosen by the identity and the bytes: no
/// atomics, no sharing between threads. Values of more than ``maximumSize`` bytes are always hashed.
///
/// ```swift
/// let hash = ThreadHashMemo.hash(of: location, identity: typeBits) { UInt(bitPattern: $0.hashValue) }
/// ```
@usableFromInline
package enum ThreadHashMemo {
    /// The largest value, in bytes, the memo keeps.
    @inlinable
    package static var maximumSize: Int { 2 * MemoryLayout<UInt>.size }

    /// The number of entries each thread keeps.
    @inlinable
    package static var entryCount: Int { 4 }

    /// The first of the entries' words in the thread's words; each entry is `[identity, bytes₀, bytes₁, hash]`.
    @usableFromInline static var firstWord: Int { 16 }

    /// `compute(value)`, or the result the calling thread remembers for the same `identity` and the same bytes.
    ///
    /// - Parameters:
    ///   - value: The value to hash.
    ///   - identity: What `compute` means for this `Value`, never `0` — the type's identity, or a registration's
    ///     when the hash depends on it: results are remembered per identity.
    ///   - compute: The hash itself; a function of `value` alone.
    /// - Returns: What `compute(value)` returns.
    @inlinable @inline(__always)
    package static func hash<Value>(of value: Value, identity: UInt, compute: (Value) -> UInt) -> UInt {
        guard MemoryLayout<Value>.size <= maximumSize else { return compute(value) }
        // Bytes past the value's size stay zero; the size is a constant once this is specialised.
        var bytes: (UInt, UInt) = (0, 0)
        if MemoryLayout<Value>.size > 0 {
            withUnsafeBytes(of: value) { source in
                withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: source) }
            }
        }
        let index = Int(truncatingIfNeeded: ((identity ^ bytes.0 ^ bytes.1) &* 0x9E37_79B9_7F4A_7C15) >> 62)
        let entry = ThreadState.currentWords + firstWord + 4 * index
        if entry[0] == identity, entry[1] == bytes.0, entry[2] == bytes.1 { return entry[3] }
        let hash = compute(value)
        // Written after `compute` returns: if it hashed something else on this thread meanwhile, this entry wins.
        entry[0] = identity
        entry[1] = bytes.0
        entry[2] = bytes.1
        entry[3] = hash
        return hash
    }
}
