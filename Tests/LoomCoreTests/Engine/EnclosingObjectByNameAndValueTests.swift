import Testing

@testable import LoomCore

private enum ResolverSlot: Hashable, Sendable {
    case caption
}

private final class Owner: Sendable {
    let title: String
    init(_ title: String) { self.title = title }
}

/// An enclosing-object resolver located by a name or a value has a key of its own (the plain key's hash with the
/// enclosing-object mark), receives the object it is resolved with, and does not answer the plain name or value.
@Suite struct EnclosingObjectByNameAndValueTests {
    private static func commitResolver(_ locator: DependencyLocator, in container: Container) {
        let attributes = RegistrationAttributes(
            locator: locator, valueType: String.self, takesEnclosingObject: true, scope: .instance,
            origin: SourceOrigin(fileID: #fileID, line: #line))
        container.commit(
            EnclosingObjectEntry<String>(attributes: attributes, owner: container.owner) { parameter in
                "caption of \((parameter as? Owner)?.title ?? "?")"
            },
            as: String.self)
    }

    @Test func aNamedResolverKeyIsMarkedAndDiffersFromThePlainNameKey() {
        let plain = RegistrationKey(locator: .name("enclosing-by-name"))
        let enclosing = RegistrationKey(locator: .name("enclosing-by-name"), parameters: .enclosingObject)
        #expect(enclosing != plain)
        #expect(enclosing == RegistrationKey(locator: .name("enclosing-by-name"), parameters: .enclosingObject))
        #expect(enclosing.tableHash == RegistrationKey.enclosingObjectHash(plain.tableHash))
        #expect(enclosing.tableHash != plain.tableHash)
    }

    @Test func aValueResolverKeyIsMarkedAndDiffersFromThePlainValueKey() {
        let plain = RegistrationKey(locator: .value(ResolverSlot.caption))
        let enclosing = RegistrationKey(locator: .value(ResolverSlot.caption), parameters: .enclosingObject)
        #expect(enclosing != plain)
        #expect(enclosing.tableHash == RegistrationKey.enclosingObjectHash(plain.tableHash))
    }

    @Test func aResolverLocatedByNameReceivesTheEnclosingObject() throws {
        let container = quietContainer("enclosing-by-name")
        Self.commitResolver(.name("enclosing-by-name-caption"), in: container)
        let key = RegistrationKey(locator: .name("enclosing-by-name-caption"), parameters: .enclosingObject)
        let caption = try container.resolveOne(
            String.self, key: key, enclosing: Owner("inbox"), fileID: #fileID, line: #line)
        #expect(caption == "caption of inbox")
        let plain: String? = try container.inject(byName: "enclosing-by-name-caption")
        #expect(plain == nil)
    }

    @Test func aResolverLocatedByValueReceivesTheEnclosingObject() throws {
        let container = quietContainer("enclosing-by-value")
        Self.commitResolver(.value(ResolverSlot.caption), in: container)
        let key = RegistrationKey(locator: .value(ResolverSlot.caption), parameters: .enclosingObject)
        let caption = try container.resolveOne(
            String.self, key: key, enclosing: Owner("outbox"), fileID: #fileID, line: #line)
        #expect(caption == "caption of outbox")
        let plain: String? = try container.inject(byValue: ResolverSlot.caption)
        #expect(plain == nil)
    }
}
