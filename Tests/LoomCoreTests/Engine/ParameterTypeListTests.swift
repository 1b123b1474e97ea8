import LoomRuntime
import Testing

@testable import LoomCore

// Factory parameter lists are interned: one object per distinct list, made the first time it is seen, whether from
// static types or from an array.

@Suite struct ParameterTypeListTests {
    private struct Marker: Hashable, Sendable {}  // a type no other test's registrations use
    private struct Other: Hashable, Sendable {}

    @Test func aListIsMadeOnceAndSharedAfterwards() throws {
        let first = try #require(ParameterTypeList.of(Marker.self, Int.self))
        let second = try #require(ParameterTypeList.of(Marker.self, Int.self))
        #expect(first === second)
        #expect(first.types.map(ObjectIdentifier.init) == [ObjectIdentifier(Marker.self), ObjectIdentifier(Int.self)])
        #expect(ParameterTypeList.interned([Marker.self, Int.self]) === first, "an array finds the same list")
        #expect(ParameterTypeList.of(Int.self, Marker.self) !== first, "the order counts")
        #expect(ParameterTypeList.of(Marker.self) !== first, "the number counts")
    }

    @Test func aTupleParameterIsNotMistakenForTheListOfItsElements() throws {
        let two = try #require(ParameterTypeList.of(Marker.self, String.self))
        let one = try #require(ParameterTypeList.of((Marker, String).self))
        #expect(two !== one)
        #expect(two.types.count == 2)
        #expect(one.types.count == 1)
        #expect(ObjectIdentifier(one.types[0]) == ObjectIdentifier((Marker, String).self))
    }

    @Test func aListMatchesExactlyItsTypesInOrder() throws {
        let list = try #require(ParameterTypeList.of(Marker.self, Other.self, Int.self, String.self))
        #expect(list.hasParameters(Marker.self, Other.self, Int.self, String.self))
        #expect(!list.hasParameters(Marker.self, Other.self, Int.self, Int.self), "past the leading words")
        #expect(!list.hasParameters(Marker.self, Other.self, Int.self))
        #expect(!list.hasParameters(Marker.self, Other.self, Int.self, String.self, Bool.self))
        let three = try #require(ParameterTypeList.of(Marker.self, Other.self, Int.self))
        #expect(three.hasParameters(FixedArity.parameterTypes(Marker.self, Other.self, Int.self).types, count: 3))
        #expect(!three.hasParameters(FixedArity.parameterTypes(Marker.self, Int.self, Other.self).types, count: 3))
    }

    /// Lists interned from many threads at once: every caller gets the one object.
    @Test func concurrentInterningGivesOneList() async {
        let lists = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let list =
                        index.isMultiple(of: 2)
                        ? ParameterTypeList.of(Other.self, Marker.self, Bool.self)
                        : ParameterTypeList.interned([Other.self, Marker.self, Bool.self])
                    return list.map(ObjectIdentifier.init)
                }
            }
            return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
        }
        #expect(lists.count == 1 && !lists.contains(nil))
    }

    @Test func registrationsShareTheirParameterLists() throws {
        let container = quietContainer()
        container.register { (tier: Marker, name: Character) in Service(id: name == "a" ? 1 : 2) }
        container.register(alternative: "other") { (tier: Marker, name: Character) in Service(id: 3) }
        let lists = container.registry.entries.map { $0.attributes.parameterList.map(ObjectIdentifier.init) }
        let list = try #require(ParameterTypeList.of(Marker.self, Character.self))
        #expect(lists == [ObjectIdentifier(list), ObjectIdentifier(list)])
        #expect(container.registry.entries.allSatisfy { $0.key.parameters == .types(list) })
    }
}
