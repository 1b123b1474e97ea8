public import LoomRuntime

/// A type-erased `Hashable & Sendable` value, used for value locators.
///
/// Two erased values are equal when their (static) types are the same and the values are `==`. The type's identity
/// and the value's hash are computed once, when the value is erased, and the value is kept in a box typed by its
/// static type, so a typed request (``matches(_:hashWord:)``) compares two words and then the values themselves,
/// never boxing its own value or opening an existential (which cost a few hundred instructions of run-time metadata
/// lookups per request).
@usableFromInline
package struct AnySendableHashable: Hashable, Sendable, CustomStringConvertible {
    /// The value in a box typed by its static type, so a typed comparison reads it without opening an existential.
    @usableFromInline let box: any ErasedHashableBox
    /// The identity of the value's type when it was erased: `box` is a `HashableBox` of exactly that type.
    @usableFromInline let valueType: TypeKey
    /// The value's hash mixed with its type's: what keys and lookups hash.
    @usableFromInline let hashWord: UInt

    /// Erases `value`; an already erased value is taken as it is.
    @inlinable
    package init<Value: Hashable & Sendable>(_ value: Value) {
        if let erased = TypeShape.value(value, as: AnySendableHashable.self) {
            self = erased
            return
        }
        box = HashableBox(value)
        valueType = TypeKey(Value.self)
        hashWord = Self.hashWord(of: value)
    }

    /// The hash word an erased `value` has.
    @inlinable @inline(__always)
    package static func hashWord<Value: Hashable>(of value: Value) -> UInt {
        hashWord(of: Value.self, hashValue: TableHash.part(value.hashValue))
    }

    /// The hash word of a value of `type` whose `hashValue` is `hashValue`.
    @inlinable @inline(__always)
    package static func hashWord(of type: Any.Type, hashValue: UInt) -> UInt {
        TableHash.combine(TypeKey(type).tableHash, hashValue)
    }

    /// Whether this is `value` erased, given `value`'s ``hashWord(of:)``.
    ///
    /// Equal type keys mean the box holds a `Value`, so it is read as one: no existential is opened and no cast runs.
    @inlinable
    package func matches<Value: Hashable & Sendable>(_ value: Value, hashWord: UInt) -> Bool {
        guard self.hashWord == hashWord, valueType == TypeKey(Value.self) else { return false }
        return unsafeDowncast(box, to: HashableBox<Value>.self).value == value
    }

    @usableFromInline
    package static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.valueType == rhs.valueType, lhs.hashWord == rhs.hashWord else { return false }
        return lhs.box.holdsValue(equalTo: rhs.box)
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(hashWord)
    }

    @usableFromInline
    package var description: String { String(describing: box.erasedValue) }
}

/// The box of an ``AnySendableHashable``'s value, seen without its type.
@usableFromInline
protocol ErasedHashableBox: AnyObject, Sendable {
    /// The value, as an existential.
    var erasedValue: any Hashable & Sendable { get }
    /// Whether `other` is a box of the same type holding an equal value.
    func holdsValue(equalTo other: any ErasedHashableBox) -> Bool
}

/// A value kept under its static type.
@usableFromInline
final class HashableBox<Value: Hashable & Sendable>: ErasedHashableBox {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) { self.value = value }

    @usableFromInline
    var erasedValue: any Hashable & Sendable { value }

    @usableFromInline
    func holdsValue(equalTo other: any ErasedHashableBox) -> Bool {
        guard let other = other as? HashableBox<Value> else { return false }
        return other.value == value
    }
}
