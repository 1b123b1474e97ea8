import LoomCore
import Testing

@Suite struct ContainerTests {
    @Test func namedContainerKeepsItsName() {
        let container = Container(name: "app", logger: DisabledLogger())
        #expect(container.name == "app")
        #expect(container.description == "Container(app)")
    }

    @Test func unnamedContainersGetUniqueDefaultNames() {
        let names = (0..<50).map { _ in quietContainer().name }
        #expect(Set(names).count == 50)
        #expect(names.allSatisfy { $0.hasPrefix("Container#") })
    }

    @Test func containerCanBeCreatedWithAParent() {
        let root = quietContainer("root")
        let child = quietContainer("child", parent: root)
        #expect(child.parent === root)
        #expect(root.parent == nil)
    }

    @Test func identifiableIdentityIsTheObject() {
        let first = quietContainer()
        let second = quietContainer()
        #expect(first.id != second.id)
        #expect(first.id == ObjectIdentifier(first))
    }
}
