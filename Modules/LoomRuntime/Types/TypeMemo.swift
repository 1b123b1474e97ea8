public import LoomRuntimeShims

/// A lossy, lock-free memo of types: a direct-mapped table of words, each remembering one type's identity.
///
/// For facts about a type that are costly to establish and cheap to establish again — "instances of this type do not
/// conform to that protocol" — on a path where even a hash-table probe would cost a good part of what the fact saves.
/// ``contains(_:)`` is one relaxed load and a compare, with no read section: a type's identity is immortal, so a slot
/// never points at anything that can go away. Two types that map to one slot evict each other (the caller then
/// establishes the fact again and inserts it), so a memo may forget a type but never answers for one that was not
/// inserted.
///
/// ```swift
/// static let notAware = TypeMemo(slots: 256)
/// if !notAware.contains(type(of: value)) {
///     if let aware = value as? any Aware { aware.notify() } else { notAware.insert(type(of: value)) }
/// }
/// ```
@usableFromInline @frozen
package struct TypeMemo: @unchecked Sendable {
    // `@unchecked`: the words are only read and written atomically, and never freed (a memo lives as long as the
    // process, like the types it remembers).
    /// The memo's words (package-visible so tests can tell two handles to one memo apart from two memos).
    @usableFromInline package let words: UnsafeMutablePointer<UInt>
    @usableFromInline let mask: UInt

    /// A memo of `slots` words, a power of two.
    package init(slots: Int) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "a TypeMemo's slot count is a power of two")
        words = .allocateAtomicWords(slots)
        mask = UInt(slots - 1)
    }

    /// One of the process's memos in static storage: obtaining it is two constants, where a memo held in a `static
    /// let` costs a lazy-initialisation check (`swift_once`) on every read — a tenth of a transient resolution.
    @inlinable @inline(__always)
    package init(_ memo: ProcessMemo) {
        words = UnsafeMutablePointer(loom_type_memo(memo.rawValue))
        mask = UInt(LOOM_TYPE_MEMO_SLOTS - 1)
    }

    /// The process-wide memos (``init(_:)``), one per fact; `LOOM_TYPE_MEMO_COUNT` in the runtime shim counts them.
    @usableFromInline @frozen
    package enum ProcessMemo: Int32, CaseIterable {
        /// Types whose instances do not conform to `PostInstantiationAware` (LoomCore's construction).
        case notPostInstantiationAware = 0
    }

    /// The slot of the identity `bits`: type metadata is at least 16-byte aligned, so the low bits carry nothing.
    @inlinable @inline(__always)
    func slot(_ bits: UInt) -> UnsafeMutablePointer<UInt> {
        words + Int(truncatingIfNeeded: ((bits >> 4) ^ (bits >> 13)) & mask)
    }

    /// Whether `type` was inserted (and not evicted since).
    @inlinable @inline(__always)
    package func contains(_ type: Any.Type) -> Bool {
        let bits = TableHash.bits(of: ObjectIdentifier(type))
        return slot(bits).atomicRelaxed == bits
    }

    /// Remembers `type`, evicting whichever type shared its slot.
    @inlinable
    package func insert(_ type: Any.Type) {
        let bits = TableHash.bits(of: ObjectIdentifier(type))
        slot(bits).atomicStoreRelaxed(bits)
    }
}
