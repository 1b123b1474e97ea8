/// The `hashValue`s the calling thread computed last, for values that are plain data: no references, at most two
/// words (an enum, a small struct of numbers) — and for short strings.
///
/// Such a value's hash is a function of the value alone, and it does not change: Swift fixes the hash seed for the
/// process's lifetime, and nothing the value refers to can be mutated, since it refers to nothing. So a thread that
/// hashes a value it hashed a moment ago — a request by value repeated in a loop, a screen resolving the same services
/// again — reuses the result instead of running `Hasher` again (about 150 instructions, in one long chain of dependent
/// steps). A remembered value is recognised with `==`, never by its bytes (padding bytes are unspecified); a short
/// string by its two inline words, which are its bytes and its count. Anything else — a value that holds references,
/// a larger one, a string stored out of line — is hashed every time.
///
/// Four entries per thread, in the thread's own words (`ThreadState`), replaced in turn: no atomics, no sharing between
/// threads. An entry is `[type, word₀, word₁, hash]`; the words hold the value itself (or the string's inline words).
///
/// ```swift
/// let bits = ThreadHashMemo.hashValue(of: UploadLocation.avatar)   // UInt(bitPattern: UploadLocation.avatar.hashValue)
/// ```
@usableFromInline
package enum ThreadHashMemo {
    /// The largest plain value, in bytes, the memo keeps.
    @inlinable
    package static var maximumSize: Int { 2 * MemoryLayout<UInt>.size }

    /// The number of entries each thread keeps.
    @inlinable
    package static var entryCount: Int { 4 }

    /// The words of one entry: `[type, word₀, word₁, hash]`.
    @inlinable
    package static var wordsPerEntry: Int { 4 }

    /// The first of the entries' words in the thread's words.
    @usableFromInline static var firstWord: Int { 16 }

    /// The thread word that says which entry is replaced next.
    @usableFromInline static var cursorWord: Int { 13 }

    /// The bits of `value.hashValue`, remembered per thread for plain values and short strings.
    ///
    /// - Parameter value: The value to hash.
    /// - Returns: `UInt(bitPattern: value.hashValue)`.
    @inlinable @inline(__always)
    package static func hashValue<Value: Hashable>(of value: Value) -> UInt {
        if let string = TypeShape.value(value, as: String.self) {
            // Equal inline words are equal bytes and counts: the same string.
            guard let (low, high, count) = StringShape.inlineBytes(of: string) else { return hash(value) }
            let words = (UInt(truncatingIfNeeded: low), UInt(truncatingIfNeeded: high) | UInt(count) << 56)
            return remembered(
                value, matching: { $0[1] == words.0 && $0[2] == words.1 },
                keeping: { ($0[1], $0[2]) = words })
        }
        // `_isPOD` (the standard library's, folded to a constant once specialised): a value with no references, which
        // can be copied into the entry's words and read back as itself.
        guard _isPOD(Value.self), MemoryLayout<Value>.size <= maximumSize else { return hash(value) }
        return remembered(value, matching: { isRemembered(value, in: $0) }, keeping: { keep(value, in: $0) })
    }

    /// The hash of the entry for `Value` that `matches`, or `value`'s hash, computed and kept in the next entry (whose
    /// value words `keep` fills).
    @inlinable @inline(__always)
    static func remembered<Value: Hashable>(
        _ value: Value, matching matches: (UnsafeMutablePointer<UInt>) -> Bool,
        keeping keep: (UnsafeMutablePointer<UInt>) -> Void
    ) -> UInt {
        let type = TableHash.bits(of: ObjectIdentifier(Value.self))
        let words = ThreadState.currentWords
        for index in 0..<entryCount {
            let entry = words + firstWord + wordsPerEntry * index
            if entry[0] == type, matches(entry) { return entry[3] }
        }
        let bits = hash(value)
        // Taken after hashing: a `hash(into:)` that hashed something else on this thread has moved the cursor.
        let entry = nextEntry(in: words)
        entry[0] = type
        keep(entry)
        entry[3] = bits
        return bits
    }

    @inlinable @inline(__always)
    static func hash<Value: Hashable>(_ value: Value) -> UInt {
        TableHash.bits(of: value.hashValue)
    }

    /// Copies the plain `value` into `entry`'s value words.
    @inlinable @inline(__always)
    static func keep<Value>(_ value: Value, in entry: UnsafeMutablePointer<UInt>) {
        guard MemoryLayout<Value>.size > 0 else { return }
        withUnsafeBytes(of: value) { source in
            UnsafeMutableRawPointer(entry + 1).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
    }

    /// Whether the plain value in `entry`'s words is `==` to `value` (every value of a type without bytes is).
    @inlinable @inline(__always)
    static func isRemembered<Value: Hashable>(_ value: Value, in entry: UnsafeMutablePointer<UInt>) -> Bool {
        guard MemoryLayout<Value>.size > 0 else { return true }
        return UnsafeRawPointer(entry + 1).loadUnaligned(as: Value.self) == value
    }

    /// The entry to replace next, in turn.
    @inlinable @inline(__always)
    static func nextEntry(in words: UnsafeMutablePointer<UInt>) -> UnsafeMutablePointer<UInt> {
        let index = Int(truncatingIfNeeded: words[cursorWord]) & (entryCount - 1)
        words[cursorWord] = UInt(truncatingIfNeeded: index + 1)
        return words + firstWord + wordsPerEntry * index
    }
}
