import LoomRuntime
import Testing

/// A type's key is equal for one type and different for two, and its marked key equals no type's own key — which
/// holds because type metadata is pointer-aligned, the assumption the enclosing-object resolvers' keys rely on.
@Suite struct TypeKeyTests {
    private final class Reference {}
    private struct Value { let a: Int8 }
    private enum Choice { case one, two }
    private protocol Capability {}

    /// Types of every metadata kind the runtime lays out: nominal, generic, tuple, function, existential, metatype.
    private static let types: [Any.Type] = [
        Int.self, Int8.self, Bool.self, String.self, Reference.self, Value.self, Choice.self, [Int].self,
        [String: Value].self, Int?.self, (Int, String).self, (Int8, Int8, Int8).self, ((Int) -> Bool).self,
        (any Capability).self, Any.self, AnyObject.self, Int.Type.self, Reference.Type.self,
        Void.self, Never.self,
    ]

    @Test func oneTypeHasOneKeyAndTwoTypesHaveTwo() {
        for (index, type) in Self.types.enumerated() {
            #expect(TypeKey(type) == TypeKey(type))
            #expect(TypeKey(type) == TypeKey(ObjectIdentifier(type)))
            #expect(TypeKey(type).tableHash == TypeKey(type).tableHash)
            for other in Self.types[(index + 1)...] {
                #expect(TypeKey(type) != TypeKey(other), "\(type) and \(other)")
            }
        }
        #expect(Set(Self.types.map { TypeKey($0) }).count == Self.types.count)
    }

    @Test func aMarkedKeyIsNoTypesKey() {
        let keys = Set(Self.types.map { TypeKey($0) })
        for type in Self.types {
            let key = TypeKey(type)
            #expect(!key.isMarked, "\(type)'s metadata is not pointer-aligned")
            #expect(key.marked.isMarked)
            #expect(!keys.contains(key.marked))
            #expect(key.marked.tableHash != key.tableHash)
        }
        #expect(!TypeKey.none.isMarked)
        #expect(!keys.contains(.none))
    }

    @Test func foldingAKeyDependsOnTheKeyAndTheOrder() {
        let int = TypeKey(Int.self)
        let string = TypeKey(String.self)
        #expect(int.folded(into: 1) != string.folded(into: 1))
        #expect(string.folded(into: int.folded(into: 1)) != int.folded(into: string.folded(into: 1)))
    }
}
