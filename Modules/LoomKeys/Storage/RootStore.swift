internal import LoomCore
internal import LoomRuntime

/// The process-wide root values of every `Sendable` key, plus the defaults built so far.
///
/// Readers never lock: the current answer for every key ("root value if set, else the default once built") sits in
/// an immutable ``KeyValueTable`` published in a process-wide word (``ProcessReference``). A read borrows the table
/// inside a read section, looks the key up and copies the value out. Writers are serialised by one lock; each write
/// is a single read-modify-write of the writer state that publishes a new table before the lock is released, so
/// concurrent writes to different keys never lose an update, and a write of several keys (a configuration reload) is
/// seen whole or not at all by a reader that reads them from one table. The replaced table is released only after a
/// grace period, outside the lock, so no reader can still hold it and no value's `deinit` runs under the lock.
enum RootStore {
    /// The writer's source of truth, from which each table is derived.
    struct WriterState {
        /// Values set with `setRootValue` (or an `InjectedValues` setter).
        var roots: [ObjectIdentifier: KeyValueBox] = [:]
        /// Defaults built so far; kept across `resetRootValues()` so a default is built at most once.
        var defaults: [ObjectIdentifier: KeyValueBox] = [:]
        /// What readers see: `roots` over `defaults`.
        var effective: [ObjectIdentifier: KeyValueBox] = [:]
    }

    private static let writer = LoomLock(WriterState())
    /// The published table.
    @usableFromInline static let published = ProcessReference<KeyValueTable>(.keyRootValues)
    /// One gate per key whose default is being (or was) built, so concurrent first reads build it once.
    private static let defaultGates = LoomLock<[ObjectIdentifier: LoomLock<Bool>]>([:])

    /// The root value or built default of `id`, or `nil` when neither exists yet.
    static func value<Value: Sendable>(for id: ObjectIdentifier, as type: Value.Type) -> Value? {
        ReadLease.run { lease in box(for: TypeKey(id), in: lease)?.value(as: Value.self, in: lease) }
    }

    /// The box of `key` in the published table, for use while `lease` is held.
    @inline(__always)
    static func box(for key: TypeKey, in lease: borrowing ReadLease) -> Leased<KeyValueBox>? {
        published.load(in: lease)?.withObject(in: lease) { $0.box(for: key) }
    }

    /// The root value of `id` (ignoring defaults), or `nil`.
    static func rootValue<Value: Sendable>(for id: ObjectIdentifier, as type: Value.Type) -> Value? {
        writer.withLock { $0.roots[id] }?.unboxed(as: type)
    }

    /// Sets (or with `nil`, removes) the root value of `id`.
    static func setRootValue(_ box: KeyValueBox?, for id: ObjectIdentifier) {
        setRootValues([id: box])
    }

    /// Sets (or with `nil` values, removes) several root values in one publication: a reader sees all of them or
    /// none.
    static func setRootValues(_ boxes: [ObjectIdentifier: KeyValueBox?]) {
        update { state in
            for (id, box) in boxes {
                state.roots[id] = box
                state.effective[id] = box ?? state.defaults[id]
            }
        }
    }

    /// Removes every root value; built defaults stay.
    static func resetRootValues() {
        update { state in
            state.roots = [:]
            state.effective = state.defaults
        }
    }

    /// Returns the default of `id`, building it with `makeDefault` the first time one is needed.
    ///
    /// `makeDefault` runs at most once per key for the life of the process, under that key's own gate (like a
    /// `static let` initialiser): concurrent first readers of the key wait for it, readers of other keys do not. It
    /// returns `nil` for a key declared without a default; then nothing is cached and the caller reports the error.
    static func defaultValue<Value: Sendable>(
        for id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?
    ) -> Value? {
        if let built = writer.withLock({ $0.defaults[id] }) { return built.unboxed(as: type) }
        let gate = defaultGates.withLock { gates in
            if let gate = gates[id] { return gate }
            // The gate's state is unused: it is a `Bool` because a zero-sized state would share its address with
            // the platform mutex, and ThreadSanitizer reports the state's `inout` access against the lock's own reads.
            let gate = LoomLock(false)
            gates[id] = gate
            return gate
        }
        return gate.withLock { _ in
            if let built = writer.withLock({ $0.defaults[id] }) { return built.unboxed(as: type) }
            guard let built = makeDefault() else { return nil }
            let box = ValueBox(built, key: id)
            update { state in
                state.defaults[id] = box
                if state.roots[id] == nil { state.effective[id] = box }
            }
            return built
        }
    }

    /// Applies `change` to the writer state and publishes the resulting table, then retires the old one.
    private static func update(_ change: (inout WriterState) -> Void) {
        let replaced = writer.withLock { state in
            change(&state)
            return published.exchange(KeyValueTable(state.effective))
        }
        Reclamation.release(afterGracePeriod: [replaced])
    }
}
