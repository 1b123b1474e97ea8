internal import LoomCore
internal import LoomRuntime

/// The values of every `Sendable` key as they stood at one moment: read several keys from one snapshot and they
/// belong together, even while a configuration reload replaces them.
///
/// `Conf[\.a]` followed by `Conf[\.b]` reads each key's value at the time of its own read, so a reload that changes
/// both keys can land between the two reads. A snapshot keeps the root values published when it was taken (a reload
/// publishes all the keys it changes in one step), the current task's overrides and the test scope's root values, so
/// its reads never straddle a reload. Overrides still win over root values, as in `Conf[…]`.
///
/// ```swift
/// let snapshot = Conf.snapshot()
/// let endpoint = Endpoint(host: snapshot[\.apiHost], port: snapshot[\.apiPort])   // one consistent pair
/// ```
///
/// > Important: A snapshot keeps the values it saw alive until it goes. Take one per use; do not store it.
public struct ConfSnapshot: Sendable {
    let overrides: KeyOverrides?
    let scopeValues: [ObjectIdentifier: KeyValueBox]
    let roots: KeyValueTable?

    init() {
        overrides = OverrideLayer.active
        var scopeValues: [ObjectIdentifier: KeyValueBox] = [:]
        if let overlay = ResolutionOverlay.active {
            for (id, box) in overlay.keyValueSnapshot() {
                if let box = box as? KeyValueBox { scopeValues[id] = box }
            }
        }
        self.scopeValues = scopeValues
        roots = RootStore.published.loadRetained()
    }

    /// The value of a key in this snapshot, by key path.
    ///
    /// ```swift
    /// let snapshot = Conf.snapshot()
    /// let (host, port) = (snapshot[\.apiHost], snapshot[\.apiPort])
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in ``ConfKeys`` (its type names the key; it is not evaluated).
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public subscript<K: ConfKey>(
        _ keyPath: KeyPath<ConfKeys, K.Type>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> K.Value {
        value(K.self, makeDefault: { K.defaultValue }, fileID: fileID, line: line)
    }

    /// The value of a key in this snapshot, by key type.
    ///
    /// ```swift
    /// let port = Conf.snapshot()[key: APIPortKey.self]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public subscript<K: ConfKey>(key key: K.Type, fileID: StaticString = #fileID, line: UInt = #line) -> K.Value {
        value(key, makeDefault: { K.defaultValue }, fileID: fileID, line: line)
    }

    /// The value of an `InjectionKey` in this snapshot.
    ///
    /// ```swift
    /// let provider = Conf.snapshot()[key: NetworkProviderKey.self]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - fileID: Reported if the key has no value at all.
    ///   - line: Reported with `fileID`.
    public subscript<K: InjectionKey>(key key: K.Type, fileID: StaticString = #fileID, line: UInt = #line) -> K.Value {
        value(key, makeDefault: { K.defaultValue }, fileID: fileID, line: line)
    }

    private func value<Key, Value: Sendable>(
        _ key: Key.Type, makeDefault: () -> Value?, fileID: StaticString, line: UInt
    ) -> Value {
        let id = ObjectIdentifier(key)
        let box = overrides?.values.values[id] ?? scopeValues[id] ?? roots?.values[id]
        guard let box else {
            return KeyAccess.defaultValue(
                id: id, as: Value.self, makeDefault: makeDefault, key: key, fileID: fileID, line: line)
        }
        if box.tracksReads { KeyDependents.noteRead(key: box.key) }
        return box.unboxed(as: Value.self)
    }
}

extension Conf {
    /// The current values of every key, frozen: reads from it see one consistent state, even across a reload.
    ///
    /// Use it to read keys that only make sense together (a host and its port, a pair of limits) while a
    /// configuration source may reload them.
    ///
    /// ```swift
    /// let snapshot = Conf.snapshot()
    /// let range = snapshot[\.minimumRetries]...snapshot[\.maximumRetries]
    /// ```
    ///
    /// - Returns: A snapshot of the current overrides, test-scope values and root values.
    public static func snapshot() -> ConfSnapshot {
        ConfSnapshot()
    }
}
