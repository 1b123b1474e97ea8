package import LoomCore
internal import LoomRuntime

/// What `verify()` checks for an `@InjectedConf` property: that its key has a value, so the first read does not stop
/// the process.
@usableFromInline
struct ConfPropertyCheck: Sendable {
    let key: String
    let valueType: String
    let fileID: StaticString
    let line: UInt
    let hasValue: @Sendable () -> Bool

    @usableFromInline
    init<K: ConfKey>(_ key: K.Type, customContext: ConfContext?, fileID: StaticString, line: UInt) {
        self.key = confKeyName(K.self)
        valueType = typeName(K.Value.self)
        self.fileID = fileID
        self.line = line
        let id = ObjectIdentifier(K.self)
        hasValue = {
            if let customContext, customContext.values[id] != nil { return true }
            if customContext == nil {
                let probe = KeyAccess.probe(id)
                let isSet = probe.box != nil
                KeyAccess.finish(probe)
                if isSet { return true }
            }
            return RootStore.defaultValue(for: id, as: K.Value.self, makeDefault: { K.defaultValue }) != nil
        }
    }
}

/// How reports name a key: `Conf[notesSearchLimit]` for a key declared with `#declareConfKey("notesSearchLimit", …)`.
func confKeyName(_ key: Any.Type) -> String {
    var name = typeName(key)
    if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
    for prefix in ["ConfKey_", "ServiceKey_"] where name.hasPrefix(prefix) {
        name.removeFirst(prefix.count)
    }
    return "Conf[\(name)]"
}

extension InjectedConf: VerifiableProperty {
    package var propertySite: PropertySite? {
        check.map { PropertySite(wrapper: "@InjectedConf", name: $0.key, fileID: $0.fileID, line: $0.line) }
    }

    package func verifyDependency(enclosing: AnyObject?) throws -> PropertyDependency? {
        guard let check else { return nil }
        guard check.hasValue() else {
            throw PropertyVerificationFailure("\(check.key) has no value (no root value, no default).")
        }
        return PropertyDependency(key: check.key, valueType: check.valueType)
    }
}
