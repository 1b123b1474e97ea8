internal import LoomCore

/// How one family of keys reads, stores and overrides its values: the one path behind every `Conf`, `ConfContext`,
/// `@InjectedConf` and `InjectedValues` spelling, whatever the keys' isolation.
///
/// A family is a caseless type generic over the key type, one per key protocol: ``ConfKeyFamily`` and
/// ``InjectionKeyFamily`` (nonisolated, `Sendable` values), ``IsolatedKeyFamily`` (any global actor, checked on each
/// access) and ``MainActorKeyFamily`` (the main actor, checked by the compiler through its isolated conformance). The
/// public API is still written once per isolation, because Swift attaches isolation to declarations: a main-actor
/// key's API is `@MainActor`, an actor-isolated key's is usable only where its isolated conformance is. Each of those
/// front doors is one call into its family; what the families share is written once, over `KeyFamily` and
/// ``SendableStoreFamily``.
@usableFromInline
protocol KeyFamily {
    /// The type of the key's values.
    associatedtype Value

    /// The current value: the task's override, else the root value, else the default.
    static func read(fileID: StaticString, line: UInt) -> Value

    /// The root value, else the default, ignoring task overrides.
    static func readRoot(fileID: StaticString, line: UInt) -> Value

    /// The value in `context`, else the default, ignoring root values and task overrides.
    static func read(in context: ConfContext, fileID: StaticString, line: UInt) -> Value

    /// Sets (or with `nil`, removes) the root value; inside a test overlay, only for that overlay.
    static func setRootValue(_ value: Value?, fileID: StaticString, line: UInt)

    /// The value stored in `context`, or `nil`.
    static func value(in context: ConfContext) -> Value?

    /// Stores (or with `nil`, removes) the value in `context`.
    static func setValue(_ value: Value?, in context: inout ConfContext)
}

extension KeyFamily {
    /// Sets the root value from an API that reports no call site (only actor-isolated keys report one).
    static func setRootValue(_ value: Value?) {
        setRootValue(value, fileID: #fileID, line: #line)
    }

    /// The current task's overrides with this key set to `value`: what `Conf.withValue` runs its operation with.
    static func overriding(with value: Value) -> ConfContext {
        var context = ConfContext.currentOverrides()
        setValue(value, in: &context)
        return context
    }

    /// The read of an `@InjectedConf` property: only `customContext` (or the default) when there is one, else the
    /// current value.
    ///
    /// The choice is made once, when the property is created, so a read pays no branch for it.
    static func reader(customContext: ConfContext?, fileID: StaticString, line: UInt) -> () -> Value {
        guard let customContext else { return { read(fileID: fileID, line: line) } }
        return { read(in: customContext, fileID: fileID, line: line) }
    }

    /// ``reader(customContext:fileID:line:)`` for a factory key: each read calls the factory the key holds.
    static func factoryReader<T>(customContext: ConfContext?, fileID: StaticString, line: UInt) -> () -> T
    where Value == () -> T {
        guard let customContext else { return { read(fileID: fileID, line: line)() } }
        return { read(in: customContext, fileID: fileID, line: line)() }
    }
}

/// A family whose values live in the `Sendable` stores (the root table, task overrides, ``ConfContext`` and test
/// overlays), each boxed as `Stored` under the key type's identity; it writes every ``KeyFamily`` operation for them.
///
/// A family only says how a value is stored and which isolation check comes before each access. For
/// ``ConfKeyFamily`` and ``InjectionKeyFamily`` both are free (a value is stored as itself, and there is nothing to
/// check), so after specialisation a read is exactly ``KeyAccess``'s probe: no box, cast or call is added.
@usableFromInline
protocol SendableStoreFamily: KeyFamily {
    /// The key type: its `ObjectIdentifier` names the key in every store, and reports name it.
    associatedtype Key

    /// How the stores hold a value.
    associatedtype Stored: Sendable

    /// `value` as the stores hold it.
    static func store(_ value: Value) -> Stored

    /// The value the stores hold as `stored`.
    static func load(_ stored: Stored) -> Value

    /// The key's default as the stores hold it, or `nil` for a key declared without one.
    static func makeDefault() -> Stored?

    /// Stops the process unless the caller may touch the key's values from where it runs.
    static func checkIsolation(fileID: StaticString, line: UInt)
}

extension SendableStoreFamily {
    /// The key's identity in every store.
    @inlinable
    static var id: ObjectIdentifier { ObjectIdentifier(Key.self) }

    /// Checks isolation, runs one of ``KeyAccess``'s reads with this key's identity, stored type and default, and
    /// unwraps what it returns.
    @inlinable @inline(__always)
    static func checkedRead(
        fileID: StaticString, line: UInt,
        _ access: (ObjectIdentifier, Stored.Type, () -> Stored?, Any.Type, StaticString, UInt) -> Stored
    ) -> Value {
        checkIsolation(fileID: fileID, line: line)
        return load(access(id, Stored.self, makeDefault, Key.self, fileID, line))
    }

    @inlinable
    static func read(fileID: StaticString, line: UInt) -> Value {
        checkedRead(fileID: fileID, line: line, KeyAccess.value(id:as:makeDefault:key:fileID:line:))
    }

    @usableFromInline
    static func readRoot(fileID: StaticString, line: UInt) -> Value {
        checkedRead(fileID: fileID, line: line, KeyAccess.rootValue(id:as:makeDefault:key:fileID:line:))
    }

    @usableFromInline
    static func read(in context: ConfContext, fileID: StaticString, line: UInt) -> Value {
        checkedRead(fileID: fileID, line: line) {
            KeyAccess.value(in: context, id: $0, as: $1, makeDefault: $2, key: $3, fileID: $4, line: $5)
        }
    }

    @usableFromInline
    static func setRootValue(_ value: Value?, fileID: StaticString, line: UInt) {
        checkIsolation(fileID: fileID, line: line)
        KeyAccess.setRootValue(value.map(store), id: id)
    }

    @usableFromInline
    static func value(in context: ConfContext) -> Value? {
        checkIsolation(fileID: #fileID, line: #line)
        return context.values[id].map { load($0.unboxed(as: Stored.self)) }
    }

    @usableFromInline
    static func setValue(_ value: Value?, in context: inout ConfContext) {
        checkIsolation(fileID: #fileID, line: #line)
        context.values[id] = value.map { ValueBox(store($0), key: id) }
    }
}

// Only for the nonisolated families, whose values are stored as themselves: an actor-isolated key's read goes through
// `IsolatedKeyReader`, which says why it may be sent.
extension SendableStoreFamily where Self: SendableMetatype, Stored == Value {
    /// ``KeyFamily/reader(customContext:fileID:line:)`` as the `@Sendable` closure `@InjectedConf` stores.
    @inlinable
    static func sendableReader(customContext: ConfContext?, fileID: StaticString, line: UInt) -> @Sendable () -> Value {
        guard let customContext else { return { read(fileID: fileID, line: line) } }
        return { read(in: customContext, fileID: fileID, line: line) }
    }

    /// ``KeyFamily/factoryReader(customContext:fileID:line:)`` as the `@Sendable` closure `@InjectedConf` stores.
    @inlinable
    static func sendableFactoryReader<T>(customContext: ConfContext?, fileID: StaticString, line: UInt)
        -> @Sendable () -> T
    where Value == @Sendable () -> T {
        guard let customContext else { return { read(fileID: fileID, line: line)() } }
        return { read(in: customContext, fileID: fileID, line: line)() }
    }
}

extension SendableStoreFamily where Stored == Value {
    /// A `Sendable` value is stored as itself.
    @inlinable
    static func store(_ value: Value) -> Value { value }

    /// A `Sendable` value is stored as itself.
    @inlinable
    static func load(_ stored: Value) -> Value { stored }

    /// A nonisolated key may be read anywhere.
    @inlinable
    static func checkIsolation(fileID: StaticString, line: UInt) {}
}
