// The per-protocol entry points of KeyAccess: each turns a key type into its identity, value type and default.

extension KeyAccess {
    @inlinable
    static func read<K: ConfKey>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        value(
            id: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue }, key: key, fileID: fileID,
            line: line)
    }

    @inline(__always)
    static func readRoot<K: ConfKey>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        rootValue(
            id: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue }, key: key, fileID: fileID,
            line: line)
    }

    @usableFromInline
    static func read<K: ConfKey>(_ key: K.Type, in context: ConfContext, fileID: StaticString, line: UInt) -> K.Value {
        value(
            in: context, id: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue }, key: key,
            fileID: fileID, line: line)
    }

    @inlinable
    static func read<K: InjectionKey>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        value(
            id: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue }, key: key, fileID: fileID,
            line: line)
    }

    @inline(__always)
    static func readRoot<K: InjectionKey>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        rootValue(
            id: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue }, key: key, fileID: fileID,
            line: line)
    }

    @MainActor
    static func read<K: ConfKeyMainActor>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        mainActorValue(
            id: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue }, key: key, fileID: fileID,
            line: line)
    }

    @MainActor
    static func readRoot<K: ConfKeyMainActor>(_ key: K.Type, fileID: StaticString, line: UInt) -> K.Value {
        mainActorRootValue(
            id: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue }, key: key, fileID: fileID,
            line: line)
    }

    @MainActor
    static func read<K: ConfKeyMainActor>(_ key: K.Type, in context: ConfContext, fileID: StaticString, line: UInt)
        -> K.Value
    {
        mainActorValue(
            in: context, id: ObjectIdentifier(key), as: K.Value.self, makeDefault: { K.defaultValue }, key: key,
            fileID: fileID, line: line)
    }
}
