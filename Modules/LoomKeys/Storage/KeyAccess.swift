public import LoomCore
public import LoomRuntime

/// The read and write paths shared by `Conf`, `ConfContext`, `InjectedConf` and `InjectedValues`.
///
/// A read looks at the current task's override scope (only if one exists anywhere), then the root snapshot, then
/// builds the default once. Keys are identified by `ObjectIdentifier(K.self)`; a key path is never evaluated.
@usableFromInline
enum KeyAccess {
    // MARK: Sendable keys: the hot path

    /// Where a read found its value: an unretained box, valid until ``finish(_:)``.
    @usableFromInline
    struct Probe: ~Copyable {
        @usableFromInline let box: Leased<KeyValueBox>?
        /// Holds a section when the box came from the root table; a box from the resolution context needs none,
        /// because the task-local binding keeps the context (and the overlay's replaced boxes) alive while this
        /// synchronous read runs.
        @usableFromInline let lease: ReadLease
    }

    /// Finds the current box of a key: the task's override, else a root value set inside the task's test overlay
    /// (`LoomTesting`), else the root table (root value or built default).
    ///
    /// Non-generic, so the generic front doors inline to a call of this plus a typed load in the caller's module. Reads
    /// the resolution context (one task-local read) only while an override or an overlay exists in the process.
    @usableFromInline
    static func probe(_ id: ObjectIdentifier) -> Probe {
        let key = TypeKey(id)
        if ProcessCounter.activeKeyOverrides.isNonZero || ProcessCounter.activeOverlays.isNonZero,
            let box = ResolutionContext.withCurrent({ context -> Leased<KeyValueBox>? in
                guard let context else { return nil }
                if let box = context.keyOverrides?.values.box(for: key) { return box }
                // The overlay keeps every box set inside it until it ends.
                return (context.overlay?.keyValue(for: id) as? KeyValueBox).map { Leased($0) }
            })
        {
            return Probe(box: box, lease: .empty)
        }
        let lease = ReadLease()
        if let box = RootStore.box(for: key, in: lease) { return Probe(box: box, lease: lease) }
        lease.end()
        return Probe(box: nil, lease: .empty)
    }

    /// Ends the read started by ``probe(_:)`` once the value has been copied out.
    ///
    /// A value loaded from a configuration source is *tracked*: the factory reading it, if any, is recorded as its
    /// dependent (``KeyDependents``). Every other read pays one load of the box's flag and a branch.
    @usableFromInline
    static func finish(_ probe: consuming Probe) {
        guard let box = probe.box, box.withObject(in: probe.lease, { $0.tracksReads }) else {
            probe.lease.end()
            return
        }
        let key = box.withObject(in: probe.lease) { $0.key }
        probe.lease.end()
        KeyDependents.noteRead(key: key)
    }

    /// The current value of a key; the slow path builds the default.
    @inlinable
    static func value<Value: Sendable>(
        id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?, key: Any.Type,
        fileID: StaticString, line: UInt
    ) -> Value {
        let probe = probe(id)
        if let box = probe.box {
            let value = box.value(as: Value.self, in: probe.lease)
            finish(probe)
            return value
        }
        return defaultValue(id: id, as: type, makeDefault: makeDefault, key: key, fileID: fileID, line: line)
    }

    @inline(__always)
    static func rootValue<Value: Sendable>(
        id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?, key: Any.Type,
        fileID: StaticString, line: UInt
    ) -> Value {
        if let overlay = ResolutionOverlay.active, let box = overlay.keyValue(for: id) as? KeyValueBox {
            return box.unboxed(as: type)
        }
        if let value = RootStore.value(for: id, as: type) { return value }
        return defaultValue(id: id, as: type, makeDefault: makeDefault, key: key, fileID: fileID, line: line)
    }

    /// The value from `context` or else the key's default, ignoring root values and task overrides.
    static func value<Value: Sendable>(
        in context: ConfContext, id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?,
        key: Any.Type, fileID: StaticString, line: UInt
    ) -> Value {
        if let box = context.values[id] { return box.unboxed(as: type) }
        return defaultValue(id: id, as: type, makeDefault: makeDefault, key: key, fileID: fileID, line: line)
    }

    @usableFromInline @inline(never)
    static func defaultValue<Value: Sendable>(
        id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?, key: Any.Type,
        fileID: StaticString, line: UInt
    ) -> Value {
        if let value = RootStore.defaultValue(for: id, as: type, makeDefault: makeDefault) { return value }
        missingValue(key: key, fileID: fileID, line: line)
    }

    @usableFromInline
    static func setRootValue<Value: Sendable>(_ value: Value?, id: ObjectIdentifier) {
        // Inside a test overlay a root value belongs to the test, so parallel tests never see each other's.
        if let overlay = ResolutionOverlay.active {
            overlay.setKeyValue(value.map { ValueBox($0, key: id) }, for: id)
            return
        }
        RootStore.setRootValue(value.map { ValueBox($0, key: id) }, for: id)
    }

    /// Removes every root value: the test overlay's when one is active, else the process-wide ones.
    static func resetRootValues() {
        if let overlay = ResolutionOverlay.active {
            overlay.removeKeyValues()
            return
        }
        RootStore.resetRootValues()
        MainActorStore.resetRootValues()
    }

    // MARK: Main-actor keys

    @MainActor
    static func mainActorValue<Value>(
        id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?, key: Any.Type,
        fileID: StaticString, line: UInt
    ) -> Value {
        if let table = OverrideLayer.active?.mainActorValues as? MainActorValueTable, let value = table.values[id] {
            return value as! Value
        }
        return mainActorRootValue(id: id, as: type, makeDefault: makeDefault, key: key, fileID: fileID, line: line)
    }

    @MainActor
    static func mainActorRootValue<Value>(
        id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?, key: Any.Type,
        fileID: StaticString, line: UInt
    ) -> Value {
        if let value = MainActorStore.rootValue(for: id) { return value as! Value }
        return mainActorDefault(id: id, as: type, makeDefault: makeDefault, key: key, fileID: fileID, line: line)
    }

    @MainActor
    static func mainActorValue<Value>(
        in context: ConfContext, id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?,
        key: Any.Type, fileID: StaticString, line: UInt
    ) -> Value {
        if let value = context.mainActorValues?.values[id] { return value as! Value }
        return mainActorDefault(id: id, as: type, makeDefault: makeDefault, key: key, fileID: fileID, line: line)
    }

    @MainActor
    private static func mainActorDefault<Value>(
        id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?, key: Any.Type,
        fileID: StaticString, line: UInt
    ) -> Value {
        if let value = MainActorStore.defaultValue(for: id, makeDefault: { makeDefault() }) { return value as! Value }
        missingValue(key: key, fileID: fileID, line: line)
    }

    // MARK: Failure

    /// Stops the process: a key declared without a default was read before any value was set.
    static func missingValue(key: Any.Type, fileID: StaticString, line: UInt) -> Never {
        LoomConfiguration.logger.die(
            "LoomKeys: \(String(reflecting: key)) has no value: it was declared without a default value and was read before "
                + "a root value or an override was set. Recovery: set it at start-up with "
                + "Conf.setRootValue(_:for:), or override it with Conf.withValue(_:for:operation:).",
            file: fileID, function: "", line: line)
    }
}
