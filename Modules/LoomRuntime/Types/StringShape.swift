/// A `String`'s two stored words, read for the tables' name hash and name comparison.
///
/// Swift's stable ABI fixes a 64-bit `String` as two words; a *small* string (at most 15 UTF-8 bytes) keeps its bytes
/// inline: bytes 0–7 in the first word, bytes 8–14 in the low seven bytes of the second, whose top byte holds the
/// form (bit 61: small) and the count (bits 56–59), unused bytes zero (`stdlib/public/core/StringObject.swift`).
/// Reading them spares a short name the copy to the stack and the closure that `withUTF8` costs on every request.
/// `StringShapeTests` pins these facts for small, large, bridged and non-ASCII strings, so a runtime that changed the
/// layout fails there, not silently here. Other platforms take the portable path (``inlineBytes(of:)`` is `nil`).
///
/// ```swift
/// StringShape.identical("primary", "primary")   // true: the same inline bytes
/// ```
@usableFromInline
package enum StringShape {
    /// Whether the two strings are stored alike word for word, which means the same bytes.
    ///
    /// Alike means the same inline bytes, or the same storage object with the same count. `false` says nothing:
    /// equal bytes may be stored apart.
    @inlinable @inline(__always)
    package static func identical(_ left: String, _ right: String) -> Bool {
        #if _pointerBitWidth(_64)
            let (leftWords, rightWords) = (words(of: left), words(of: right))
            return leftWords.0 == rightWords.0 && leftWords.1 == rightWords.1
        #else
            return false
        #endif
    }

    /// The UTF-8 bytes of a small string as two little-endian words (zero past the count) and the count.
    ///
    /// `nil` for a string stored out of line, or on a platform whose layout this does not read.
    @inlinable @inline(__always)
    package static func inlineBytes(of string: String) -> (low: UInt64, high: UInt64, count: Int)? {
        #if _pointerBitWidth(_64) && _endian(little)
            let (first, second) = words(of: string)
            guard second & smallFlag != 0 else { return nil }
            let count = Int(truncatingIfNeeded: (second >> 56) & 0xF)
            return (first, second & 0x00FF_FFFF_FFFF_FFFF, count)
        #else
            return nil
        #endif
    }

    /// Bit 61 of the second word: the small form.
    @usableFromInline static let smallFlag: UInt64 = 1 << 61

    @inlinable @inline(__always)
    static func words(of string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }
}
