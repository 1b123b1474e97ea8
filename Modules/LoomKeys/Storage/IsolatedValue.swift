/// A value of a ``ConfKeyIsolated`` key, carried through the `Sendable` stores: the root table, task overrides,
/// ``ConfContext`` and `LoomTesting`'s overlays.
///
/// The stores only hold and drop it; ``KeyAccess`` unwraps it only after checking that the caller runs on the key's
/// actor, and the public API reaches ``KeyAccess`` only through the key's isolated conformance, which the compiler
/// lets only code on that actor use. So the value is created, read and written on its actor alone.
struct IsolatedValue<Value>: @unchecked Sendable {  // `value` is read only on the key's actor: checked by KeyAccess.
    let value: Value
}
