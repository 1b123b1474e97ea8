public import LoomRuntime

/// One key's value in a ``KeyValueTable``, its type erased (the typed box is ``ValueBox``).
///
/// The key's identity (its metatype's `ObjectIdentifier` bits) lives in the box, so the table matches nodes without
/// a separate key array.
@usableFromInline
package class KeyValueBox: @unchecked Sendable {
    // Immutable; the only subclass adds an immutable `Sendable` value.
    @usableFromInline package let keyBits: UInt

    init(key: ObjectIdentifier) {
        keyBits = TableHash.bits(of: key)
    }

    /// The boxed value; the caller knows its type from the key it looked up.
    @inlinable @inline(__always)
    package func unboxed<Value: Sendable>(as _: Value.Type) -> Value {
        unsafeDowncast(self, to: ValueBox<Value>.self).value
    }
}

/// One immutable value of a `Sendable` key (`LoomKeys`' `ConfKey` and `InjectionKey`).
@usableFromInline
package final class ValueBox<Value: Sendable>: KeyValueBox, @unchecked Sendable {
    // Immutable.
    @usableFromInline package let value: Value

    /// Boxes `value` as the value of the key whose identity is `key`.
    package init(_ value: Value, key: ObjectIdentifier) {
        self.value = value
        super.init(key: key)
    }
}

extension Unretained where Object == KeyValueBox {
    /// The boxed value, read without retaining the box; the caller knows its type from the key it looked up.
    @inlinable @inline(__always)
    package func value<Value: Sendable>(as _: Value.Type) -> Value {
        assumingType(ValueBox<Value>.self).withObject { $0.value }
    }
}

/// An immutable map from key identity to boxed value, probed without locks: the values a `Conf.withValue` scope
/// overrides, and the published root values of every `Sendable` key.
///
/// Built once and never written again, so a reader that keeps the table alive (a task-local binding, or a read
/// section around a published table) probes it without synchronisation.
@usableFromInline
package final class KeyValueTable: Sendable {
    /// The source of truth, from which writers derive the next table.
    package let values: [ObjectIdentifier: KeyValueBox]
    @usableFromInline let table: ConcurrentTable<KeyValueBox>

    /// A table holding exactly `values`.
    package init(_ values: [ObjectIdentifier: KeyValueBox]) {
        self.values = values
        let table = ConcurrentTable<KeyValueBox>(minimumCapacity: max(8, values.count * 2))
        for box in values.values {
            _ = table.store(box, hash: TableHash.word(box.keyBits)) { $0.keyBits == box.keyBits }
        }
        self.table = table
    }

    package static let empty = KeyValueTable([:])

    /// The box stored for the key whose identity bits are `keyBits`, unretained: valid while this table is alive.
    @inlinable @inline(__always)
    package func box(forKeyBits keyBits: UInt) -> Unretained<KeyValueBox>? {
        table.lookUp(hash: TableHash.word(keyBits)) { $0.keyBits == keyBits }
    }
}

/// The key values overridden in one `Conf.withValue(s)` scope (and the scopes around it), carried by the
/// ``ResolutionContext``.
package final class KeyOverrides: Sendable {
    /// Overridden values of `Sendable` keys (`ConfKey`, `InjectionKey`).
    package let values: KeyValueTable
    /// Overridden values of main-actor keys: a `LoomKeys` table readable only on the main actor.
    package let mainActorValues: (any Sendable)?

    package init(values: KeyValueTable, mainActorValues: (any Sendable)?) {
        self.values = values
        self.mainActorValues = mainActorValues
    }
}
