public import LoomRuntime

/// One key's value in a ``KeyValueTable``, its type erased (the typed box is ``ValueBox``).
///
/// The key's identity (its metatype's ``TypeKey``) lives in the box, so the table matches nodes without
/// a separate key array.
@usableFromInline
package class KeyValueBox: @unchecked Sendable {
    // Immutable; the only subclass adds an immutable `Sendable` value.
    @usableFromInline package let key: TypeKey
    /// Whether a factory that reads this value is recorded as depending on the key.
    ///
    /// Set for values loaded from a configuration source, which a reload can change. Readers test it once per read,
    /// on a cache line they already loaded.
    @usableFromInline package let tracksReads: Bool

    init(key: ObjectIdentifier, tracksReads: Bool) {
        self.key = TypeKey(key)
        self.tracksReads = tracksReads
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

    /// Boxes `value` as the value of the key whose identity is `key`; with `tracksReads`, factories that read it are
    /// recorded as its dependents (`LoomKeys`' `KeyDependents`).
    package init(_ value: Value, key: ObjectIdentifier, tracksReads: Bool = false) {
        self.value = value
        super.init(key: key, tracksReads: tracksReads)
    }
}

extension Leased where Object == KeyValueBox {
    /// The boxed value, read under `lease` without retaining the box; the caller knows its type from the key it
    /// looked up.
    @inlinable @inline(__always)
    package func value<Value: Sendable>(as _: Value.Type, in lease: borrowing ReadLease) -> Value {
        assumingType(ValueBox<Value>.self).withObject(in: lease) { $0.value }
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
            _ = table.store(box, hash: box.key.tableHash) { $0.key == box.key }
        }
        self.table = table
    }

    package static let empty = KeyValueTable([:])

    /// The box stored for `key`, unretained: valid while this table is alive.
    @inlinable @inline(__always)
    package func box(for key: TypeKey) -> Leased<KeyValueBox>? {
        table.lookUp(hash: key.tableHash) { $0.key == key }
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
