internal import LoomCore

// The entry points of KeyAccess for keys isolated to a global actor (`ConfKeyIsolated`).
//
// Their values travel boxed as `IsolatedValue` through the same stores as `Sendable` keys, so root values, task
// overrides, contexts and test overlays behave exactly as they do for every other key. Each entry point first checks
// that it runs on the key's actor: the isolated conformance already makes the compiler refuse other callers, and the
// check covers a key whose conformance was written without its actor attribute.

extension KeyAccess {
    /// Stops the process unless the caller runs on `key`'s actor.
    ///
    /// The Swift runtime reports the failure itself ("Incorrect actor executor assumption; expected '<actor>'
    /// executor."): it stops inside the check, so no message of ours could be printed.
    static func checkIsolation<K: ConfKeyIsolated>(_ key: K.Type, fileID: StaticString, line: UInt) {
        K.Isolation.preconditionIsolated(file: fileID, line: line)
    }

    static func read<K: ConfKeyIsolated>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        checkIsolation(key, fileID: fileID, line: line)
        return value(
            id: ObjectIdentifier(key), as: IsolatedValue<K.Value>.self, makeDefault: { isolatedDefault(key) },
            key: key, fileID: fileID, line: line
        ).value
    }

    static func readRoot<K: ConfKeyIsolated>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        checkIsolation(key, fileID: fileID, line: line)
        return rootValue(
            id: ObjectIdentifier(key), as: IsolatedValue<K.Value>.self, makeDefault: { isolatedDefault(key) },
            key: key, fileID: fileID, line: line
        ).value
    }

    static func read<K: ConfKeyIsolated>(_ key: K.Type, in context: ConfContext, fileID: StaticString, line: UInt)
        -> K.Value
    {
        checkIsolation(key, fileID: fileID, line: line)
        return value(
            in: context, id: ObjectIdentifier(key), as: IsolatedValue<K.Value>.self,
            makeDefault: { isolatedDefault(key) }, key: key, fileID: fileID, line: line
        ).value
    }

    /// Sets (or with `nil`, removes) the root value of `key`; inside a test overlay, only for that overlay.
    static func setRootValue<K: ConfKeyIsolated>(
        _ value: K.Value?, for key: K.Type, fileID: StaticString, line: UInt
    ) {
        checkIsolation(key, fileID: fileID, line: line)
        setRootValue(value.map { IsolatedValue(value: $0) }, id: ObjectIdentifier(key))
    }

    /// The key's default, boxed; built on the key's actor (the caller checked it runs there).
    private static func isolatedDefault<K: ConfKeyIsolated>(_ key: K.Type) -> IsolatedValue<K.Value>? {
        K.defaultValue.map { IsolatedValue(value: $0) }
    }
}

extension ConfContext {
    /// The value of `key` in this context, or `nil`, after checking that the caller runs on the key's actor.
    func isolatedValue<K: ConfKeyIsolated>(for key: K.Type, fileID: StaticString, line: UInt) -> K.Value? {
        KeyAccess.checkIsolation(key, fileID: fileID, line: line)
        return values[ObjectIdentifier(key)]?.unboxed(as: IsolatedValue<K.Value>.self).value
    }

    /// Stores (or with `nil`, removes) `key`'s value, after checking that the caller runs on the key's actor.
    mutating func setIsolatedValue<K: ConfKeyIsolated>(
        _ value: K.Value?, for key: K.Type, fileID: StaticString, line: UInt
    ) {
        KeyAccess.checkIsolation(key, fileID: fileID, line: line)
        let id = ObjectIdentifier(key)
        values[id] = value.map { ValueBox(IsolatedValue(value: $0), key: id) }
    }
}
