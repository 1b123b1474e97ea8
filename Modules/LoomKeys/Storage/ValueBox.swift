/// A stored value with its type erased, so one table can hold every key's value.
///
/// Class-bound so that a table entry is a single reference and ``ValueBox`` can be recovered with
/// `unsafeDowncast` instead of a dynamic cast: the key's `ObjectIdentifier` already guarantees the type.
@usableFromInline
protocol ErasedValue: AnyObject, Sendable {}

/// One immutable value of a key.
@usableFromInline
final class ValueBox<Value: Sendable>: ErasedValue {
    @usableFromInline let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

extension ErasedValue {
    /// The boxed value; the caller knows its type from the key it looked up.
    @inline(__always)
    func unboxed<Value: Sendable>(as _: Value.Type) -> Value {
        unsafeDowncast(self, to: ValueBox<Value>.self).value
    }
}
