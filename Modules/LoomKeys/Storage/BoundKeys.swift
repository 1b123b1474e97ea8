package import LoomCore
internal import LoomRuntime

/// The key store's entry points for a configuration source (`LoomConfigurationSources`): tracked boxes, built
/// defaults, publishing several root values as one update, and dropping the instances built from changed keys.
package enum BoundKeys {
    /// A root-value box for `value` of `key` whose readers are recorded as dependents (see ``KeyDependents``).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: The key type.
    /// - Returns: The box, for ``publish(_:)``.
    package static func trackedBox<K: ConfKey>(_ value: K.Value, for key: K.Type) -> KeyValueBox {
        ValueBox(value, key: ObjectIdentifier(key), tracksReads: true)
    }

    /// The default of `key`, built at most once for the life of the process; `nil` when it was declared without one.
    ///
    /// - Parameter key: The key type.
    /// - Returns: The default value, or `nil`.
    package static func defaultValue<K: ConfKey>(of key: K.Type) -> K.Value? {
        RootStore.defaultValue(for: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue })
    }

    /// Sets (or with `nil` boxes, removes) several root values in one update: a reader that reads them from one
    /// ``Conf/snapshot()`` sees all of them or none.
    ///
    /// Inside a test scope (`LoomTesting`'s `withTestDependencies`) the values belong to that scope, as with
    /// `Conf.setRootValue`.
    ///
    /// - Parameter boxes: The new boxes by key identity.
    package static func publish(_ boxes: [ObjectIdentifier: KeyValueBox?]) {
        guard !boxes.isEmpty else { return }
        if let overlay = ResolutionOverlay.active {
            overlay.setKeyValues(boxes.mapValues { $0.map { $0 as AnyObject } })
            return
        }
        RootStore.setRootValues(boxes)
    }

    /// Drops the cached instances whose factories read one of `keys` while they were built: inside a test scope, only
    /// that scope's (the change is its own); elsewhere, every environment's.
    ///
    /// - Parameter keys: The identities of the keys whose values changed.
    /// - Returns: What was dropped.
    @discardableResult
    package static func invalidate(keys: some Sequence<ObjectIdentifier>) -> KeyDependents.Invalidation {
        KeyDependents.invalidate(keys: keys, scope: ResolutionOverlay.active?.environment.isolatedCaches)
    }
}
