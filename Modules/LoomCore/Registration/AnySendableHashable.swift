public import LoomRuntime

/// A type-erased `Hashable & Sendable` value, used for value locators.
///
/// Two erased values are equal when their (static) types are the same and the values are `==`. The type's identity
/// and the value's hash are computed once, when the value is erased, so a lookup by value compares two words before
/// it opens the existential — and a typed request (``matches(_:hashWord:)``) never boxes its value at all.
@usableFromInline
package struct AnySendableHashable: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline package let base: any Hashable & Sendable
    /// The identity of the value's type when it was erased.
    @usableFromInline let typeBits: UInt
    /// The value's hash mixed with its type's: what keys and lookups hash.
    @usableFromInline let hashWord: UInt

    /// Erases `value`; an already erased value is taken as it is.
    @inlinable
    package init<Value: Hashable & Sendable>(_ value: Value) {
        if let erased = TypeShape.value(value, as: AnySendableHashable.self) {
            self = erased
            return
        }
        self.init(base: value, typeBits: Self.typeBits(of: Value.self), hashWord: Self.hashWord(of: value))
    }

    @usableFromInline
    init(base: any Hashable & Sendable, typeBits: UInt, hashWord: UInt) {
        self.base = base
        self.typeBits = typeBits
        self.hashWord = hashWord
    }

    @inlinable @inline(__always)
    static func typeBits(of type: Any.Type) -> UInt { TableHash.bits(of: ObjectIdentifier(type)) }

    /// The hash word an erased `value` has.
    @inlinable @inline(__always)
    package static func hashWord<Value: Hashable>(of value: Value) -> UInt {
        TableHash.combine(TableHash.word(typeBits(of: Value.self)), TableHash.bits(of: value.hashValue))
    }

    /// Whether this is `value` erased, given `value`'s ``hashWord(of:)``.
    @inlinable
    package func matches<Value: Hashable & Sendable>(_ value: Value, hashWord: UInt) -> Bool {
        guard self.hashWord == hashWord, typeBits == Self.typeBits(of: Value.self) else { return false }
        return Self.existential(base, equals: value)
    }

    /// Whether the existential `base` holds a value equal to `value`.
    @inlinable
    static func existential(_ base: any Hashable & Sendable, equals value: some Hashable) -> Bool {
        func compare<Stored: Hashable & Sendable, Value: Hashable>(_ stored: Stored, _ value: Value) -> Bool {
            if let typed = TypeShape.value(stored, as: Value.self) { return typed == value }
            // A class value erased under a superclass type: its dynamic type differs from the static one.
            return (stored as? Value) == value
        }
        return compare(base, value)
    }

    @usableFromInline
    package static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.typeBits == rhs.typeBits, lhs.hashWord == rhs.hashWord else { return false }
        func compare<Stored: Hashable & Sendable>(_ stored: Stored) -> Bool { existential(rhs.base, equals: stored) }
        return compare(lhs.base)
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(hashWord)
    }

    @usableFromInline
    package var description: String { String(describing: base) }
}
