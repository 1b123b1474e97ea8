/// A type's identity as Loom's tables key it: one word, equal for one type and different for two, hashed and compared
/// without reading the type's metadata.
///
/// Keys, probes and overrides carry a `TypeKey` rather than the type itself: comparing two is one word comparison, and
/// its ``tableHash`` is one mix. ``marked`` gives each type a second key that no type has, for a table entry that must
/// not collide with the type's own (a type's enclosing-object resolver beside its plain registration).
///
/// ```swift
/// let key = TypeKey(Service.self)
/// let hash = key.tableHash
/// let resolverKey = key.marked  // never equal to another type's key
/// ```
@usableFromInline @frozen
package struct TypeKey: Hashable, Sendable {
    @usableFromInline let word: UInt

    @inlinable @inline(__always)
    init(word: UInt) { self.word = word }

    /// The key of `type`.
    @inlinable @inline(__always)
    package init(_ type: Any.Type) { self.init(ObjectIdentifier(type)) }

    /// The key of the type whose identity is `identity`.
    @inlinable @inline(__always)
    package init(_ identity: ObjectIdentifier) { word = UInt(bitPattern: identity) }

    /// No type: what a key located by a name or a value carries where a type key would be.
    @inlinable
    package static var none: TypeKey { TypeKey(word: 0) }

    /// The second key of this type, which no type's own key equals.
    ///
    /// Type metadata is pointer-aligned, so a type's own key never has its low bit set and setting it cannot produce
    /// another type's key. Check ``isMarked`` first where a key might not come from a type (then `marked` is the key
    /// itself).
    @inlinable @inline(__always)
    package var marked: TypeKey { TypeKey(word: word | 1) }

    /// Whether this key is a ``marked`` one (or, for a key not made from a type, has the bit a marked key sets).
    @inlinable @inline(__always)
    package var isMarked: Bool { word & 1 != 0 }

    /// The table hash of this key alone (``TableHash/word(_:)``).
    @inlinable @inline(__always)
    package var tableHash: UInt { TableHash.word(word) }

    /// `hash` with this key folded in after it (``TableHash/combine(_:_:)``).
    @inlinable @inline(__always)
    package func folded(into hash: UInt) -> UInt { TableHash.combine(hash, word) }

    @inlinable @inline(__always)
    package static func == (left: TypeKey, right: TypeKey) -> Bool { left.word == right.word }

    @inlinable
    package func hash(into hasher: inout Hasher) { hasher.combine(word) }
}
