internal import LoomCore

// The four key families: each says only what differs for its key protocol (where the values live, how they are
// stored, which isolation check guards them); ``KeyFamily`` and ``SendableStoreFamily`` write the rest once.

/// The family of ``ConfKey`` types: `Sendable` values, readable anywhere, stored as themselves.
@usableFromInline
enum ConfKeyFamily<Key: ConfKey>: SendableStoreFamily {
    @usableFromInline typealias Value = Key.Value

    @inlinable
    static func makeDefault() -> Key.Value? { Key.defaultValue }
}

/// The family of ``InjectionKey`` types: the ``ConfKey`` store under `InjectedValues`' spelling.
@usableFromInline
enum InjectionKeyFamily<Key: InjectionKey>: SendableStoreFamily {
    @usableFromInline typealias Value = Key.Value

    @inlinable
    static func makeDefault() -> Key.Value? { Key.defaultValue }
}

/// The family of ``ConfKeyIsolated`` types: values of any type, carried through the `Sendable` stores as
/// ``IsolatedValue`` and unwrapped only after checking that the caller runs on the key's actor.
///
/// The public API reaches this family only through the key's isolated conformance, which the compiler lets only code
/// on that actor use; the check covers a key whose conformance was written without its actor attribute. The Swift
/// runtime reports a failed check itself ("Incorrect actor executor assumption; expected '<actor>' executor."): it
/// stops inside the check, so no message of ours could be printed.
enum IsolatedKeyFamily<Key: ConfKeyIsolated>: SendableStoreFamily {
    typealias Value = Key.Value
    typealias Stored = IsolatedValue<Key.Value>

    static func store(_ value: Key.Value) -> Stored { IsolatedValue(value: value) }

    static func load(_ stored: Stored) -> Key.Value { stored.value }

    /// The key's default, boxed; built on the key's actor (every caller checked it runs there).
    static func makeDefault() -> Stored? { Key.defaultValue.map { IsolatedValue(value: $0) } }

    static func checkIsolation(fileID: StaticString, line: UInt) {
        Key.Isolation.preconditionIsolated(file: fileID, line: line)
    }
}

/// The family of ``ConfKeyMainActor`` types: values that need not be `Sendable`, in the main-actor stores.
///
/// Its conformance is isolated to the main actor, so the code shared over ``KeyFamily`` can serve these keys only
/// from main-actor code, which the compiler checks.
@MainActor
enum MainActorKeyFamily<Key: ConfKeyMainActor>: @MainActor KeyFamily {
    typealias Value = Key.Value

    private static var id: ObjectIdentifier { ObjectIdentifier(Key.self) }

    static func read(fileID: StaticString, line: UInt) -> Key.Value {
        KeyAccess.mainActorValue(
            id: id, as: Value.self, makeDefault: { Key.defaultValue }, key: Key.self, fileID: fileID, line: line)
    }

    static func readRoot(fileID: StaticString, line: UInt) -> Key.Value {
        KeyAccess.mainActorRootValue(
            id: id, as: Value.self, makeDefault: { Key.defaultValue }, key: Key.self, fileID: fileID, line: line)
    }

    static func read(in context: ConfContext, fileID: StaticString, line: UInt) -> Key.Value {
        KeyAccess.mainActorValue(
            in: context, id: id, as: Value.self, makeDefault: { Key.defaultValue }, key: Key.self, fileID: fileID,
            line: line)
    }

    static func setRootValue(_ value: Key.Value?, fileID: StaticString, line: UInt) {
        MainActorStore.setRootValue(value, for: id)
    }

    static func value(in context: ConfContext) -> Key.Value? {
        context.mainActorValues?.values[id].map { $0 as! Key.Value }
    }

    static func setValue(_ value: Key.Value?, in context: inout ConfContext) {
        context.mainActorValues = MainActorValueTable.updating(context.mainActorValues, id, to: value)
    }

    /// ``KeyFamily/reader(customContext:fileID:line:)`` as the `@Sendable` closure `@InjectedConf` stores: it runs
    /// on the main actor, and stops the process (never races) if a copy of the property is read elsewhere.
    static func sendableReader(customContext: ConfContext?, fileID: StaticString, line: UInt) -> @Sendable () -> Value {
        guard let customContext else { return { onMainActor { read(fileID: fileID, line: line) } } }
        return { onMainActor { read(in: customContext, fileID: fileID, line: line) } }
    }

    /// ``sendableReader(customContext:fileID:line:)`` for a factory key: each read calls the factory.
    static func sendableFactoryReader<T>(customContext: ConfContext?, fileID: StaticString, line: UInt)
        -> @Sendable () -> T
    where Value == @MainActor @Sendable () -> T {
        guard let customContext else { return { onMainActor { read(fileID: fileID, line: line)() } } }
        return { onMainActor { read(in: customContext, fileID: fileID, line: line)() } }
    }
}

extension KeyAccess {
    /// `InjectedValues`' read of an ``InjectionKey``.
    @inlinable
    static func read<K: InjectionKey>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        InjectionKeyFamily<K>.read(fileID: fileID, line: line)
    }
}
