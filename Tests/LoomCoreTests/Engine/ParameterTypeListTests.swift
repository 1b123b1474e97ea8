import LoomCore
import Testing

// Factory parameter lists are interned: one array per distinct list, made the first time it is seen.

@Suite struct ParameterTypeListTests {
    private struct Marker: Hashable, Sendable {}  // a type no other test's registrations use

    @Test func aListIsMadeOnceAndSharedAfterwards() {
        var made = 0
        func list() -> [Any.Type] {
            ParameterTypeList.types(of: (Marker, Int).self, count: 2) {
                made += 1
                return [Marker.self, Int.self]
            }
        }
        let first = list()
        let second = list()
        #expect(made == 1)
        #expect(first.map(ObjectIdentifier.init) == [ObjectIdentifier(Marker.self), ObjectIdentifier(Int.self)])
        #expect(second.map(ObjectIdentifier.init) == first.map(ObjectIdentifier.init))
    }

    @Test func aTupleParameterIsNotMistakenForTheListOfItsElements() {
        let two = ParameterTypeList.types(of: (Marker, String).self, count: 2) { [Marker.self, String.self] }
        let one = ParameterTypeList.types(of: (Marker, String).self, count: 1) { [(Marker, String).self] }
        #expect(two.count == 2)
        #expect(one.count == 1)
        #expect(ObjectIdentifier(one[0]) == ObjectIdentifier((Marker, String).self))
    }

    @Test func registrationsShareTheirParameterLists() {
        let container = quietContainer()
        container.register { (tier: Marker, name: Character) in Service(id: name == "a" ? 1 : 2) }
        container.register(alternative: "other") { (tier: Marker, name: Character) in Service(id: 3) }
        let lists = container.registry.entries.map { $0.attributes.parameterTypes.map(ObjectIdentifier.init) }
        #expect(lists == Array(repeating: [ObjectIdentifier(Marker.self), ObjectIdentifier(Character.self)], count: 2))
        // The same list for a list seen before, from the interning table.
        var made = 0
        _ = ParameterTypeList.types(of: (Marker, Character).self, count: 2) {
            made += 1
            return []
        }
        #expect(made == 0)
    }
}
