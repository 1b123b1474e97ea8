internal import LoomCore

/// The read and write paths shared by `Conf`, `ConfContext`, `InjectedConf` and `InjectedValues`.
///
/// A read looks at the current task's override scope (only if one exists anywhere), then the root snapshot, then
/// builds the default once. Keys are identified by `ObjectIdentifier(K.self)`; a key path is never evaluated.
@usableFromInline
enum KeyAccess {
    // MARK: Sendable keys: the hot path

    /// Where a read found its value: an unretained ``ValueBox`` pointer, valid until ``finish(_:)``.
    @usableFromInline
    struct Probe {
        @usableFromInline let boxBits: UInt
        /// Entered when the box came from the root table; a box from an override scope needs none, because the
        /// task-local binding keeps the scope alive for as long as this synchronous read runs.
        let section: ReadSection.Token?
    }

    /// Finds the current box of a key: the task's override, else a root value set inside the task's test overlay
    /// (`LoomTesting`), else the root table (root value or built default).
    ///
    /// Non-generic, so the generic front doors inline to a call of this plus a typed load in the caller's module.
    @usableFromInline
    static func probe(_ id: ObjectIdentifier) -> Probe {
        let key = KeyTable.address(id)
        let scopeBits = OverrideScope.activeBits
        if scopeBits != 0 {
            // The task-local binding keeps the scope (and its table) alive while this synchronous read runs.
            let bits = Unmanaged<OverrideScope>.fromOpaque(UnsafeRawPointer(bitPattern: scopeBits)!)
                ._withUnsafeGuaranteedRef { $0.values.boxBits(for: key) }
            if bits != 0 { return Probe(boxBits: bits, section: nil) }
        }
        if ResolutionOverrides.mayBeActive, let overlay = ResolutionOverlay.current {
            // Valid for this read: the overlay keeps replaced boxes, and the task-local binding keeps it alive.
            let bits = overlay.keyValueBits(for: id)
            if bits != 0 { return Probe(boxBits: bits, section: nil) }
        }
        let section = ReadSection.enter()
        let bits = RootStore.boxBits(for: key)
        if bits != 0 { return Probe(boxBits: bits, section: section) }
        ReadSection.exit(section)
        return Probe(boxBits: 0, section: nil)
    }

    /// Ends the read started by ``probe(_:)`` once the value has been copied out.
    @usableFromInline
    static func finish(_ probe: Probe) {
        if let section = probe.section { ReadSection.exit(section) }
    }

    /// The current value of a key; the slow path builds the default.
    @inlinable
    static func value<Value: Sendable>(
        id: ObjectIdentifier, as type: Value.Type, makeDefault: () -> Value?, key: Any.Type,
        fileID: StaticString, line: UInt
    ) -> Value {
        let probe = probe(id)
        if probe.boxBits != 0 {
            let value = Unmanaged<ValueBox<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: probe.boxBits)!)
                ._withUnsafeGuaranteedRef { $0.value }
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
        if let overlay = ResolutionOverlay.active {
            let bits = overlay.keyValueBits(for: id)
            if bits != 0 {
                return Unmanaged<ValueBox<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
                    ._withUnsafeGuaranteedRef { $0.value }
            }
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
            overlay.setKeyValue(value.map { ValueBox($0) }, for: id)
            return
        }
        RootStore.setRootValue(value.map { ValueBox($0) }, for: id)
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
        if let table = OverrideScope.active?.mainActorValues, let value = table.values[id] {
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
