import LoomRuntime
import Testing

@testable import LoomCore

/// The key matchers the lock-free probes use decide alone once hashes collide: a request must match a key's located
/// type, parameter types (position by position, and their number) and alternative exactly.
@Suite struct RegistrationKeyTests {
    private struct Located {}
    private static let typeKey = TypeKey(Located.self)

    private static func key(_ types: [Any.Type], alternative: RegistrationAlternative? = nil) -> RegistrationKey {
        RegistrationKey(
            locator: .type(Located.self), alternative: alternative,
            parameters: ParameterTypeList.interned(types).map { .types($0) } ?? .none)
    }

    /// Whether `key` matches a request for `Located` with `alternative` and arguments of `types`.
    private static func matches<each Parameter>(
        _ key: RegistrationKey, alternative: RegistrationAlternative? = nil, _ types: repeat (each Parameter).Type
    ) -> Bool {
        key.matchesParameters(typeKey: typeKey, alternative: alternative, repeat each types)
    }

    /// Parameter lists compare and hash by the identity of each type, in order; a key built twice from the same list
    /// equals itself, and one built from another order or length does not.
    @Test func parameterListsCompareByTheirTypesInOrder() {
        #expect(Self.key([Int.self, String.self]) == Self.key([Int.self, String.self]))
        #expect(Self.key([Int.self, String.self]).hashValue == Self.key([Int.self, String.self]).hashValue)
        #expect(Self.key([Int.self, String.self]) != Self.key([String.self, Int.self]))
        #expect(Self.key([Int.self]) != Self.key([Int.self, Int.self]))
        let int = ParameterTypeList.interned([Int.self])!
        let intInt = ParameterTypeList.interned([Int.self, Int.self])!
        let lists: Set<RegistrationKey.Parameters> = [
            .none, .enclosingObject, .types(int), .types(ParameterTypeList.interned([Int.self])!), .types(intInt),
        ]
        #expect(lists.count == 4)
        #expect(RegistrationKey.Parameters.types(int) != .none)
    }

    /// A type's enclosing-object resolver without alternative is told apart by its fast word alone — the type's
    /// bits with the low bit set, which no plain type key has — and is not a plain type key; with an alternative it
    /// has no fast word and is matched by its parts.
    @Test func anEnclosingObjectResolverKeyHasAFastWordOfItsOwn() {
        let plain = RegistrationKey(locator: .type(Located.self))
        let enclosing = RegistrationKey(locator: .type(Located.self), parameters: .enclosingObject)
        let alternative = RegistrationKey(
            locator: .type(Located.self), alternative: .another, parameters: .enclosingObject)
        #expect(plain.fastID == Self.typeKey && plain.isPlainType)
        #expect(enclosing.fastID == Self.typeKey.marked && !enclosing.isPlainType)
        #expect(RegistrationKey.enclosingObjectFastID(Self.typeKey) == enclosing.fastID)
        #expect(alternative.fastID == .none && !alternative.isPlainType)
        #expect(enclosing == RegistrationKey(locator: .type(Located.self), parameters: .enclosingObject))
        #expect(enclosing != plain && enclosing != alternative)
        #expect(enclosing.matchesEnclosingObject(Self.typeKey, alternative: nil))
        #expect(!enclosing.matchesEnclosingObject(Self.typeKey, alternative: .another))
        #expect(alternative.matchesEnclosingObject(Self.typeKey, alternative: .another))
        let hash = RegistrationKey.enclosingObjectResolverHash(typeKey: Self.typeKey, alternative: nil)
        #expect(enclosing.tableHash == hash)
        #expect(
            alternative.tableHash
                == RegistrationKey.enclosingObjectResolverHash(typeKey: Self.typeKey, alternative: .another))
    }

    @Test func aKeyMatchesExactlyItsParameterTypesAtEveryArity() {
        #expect(Self.matches(Self.key([Int.self]), Int.self))
        #expect(Self.matches(Self.key([Int.self, String.self]), Int.self, String.self))
        #expect(Self.matches(Self.key([Int.self, String.self, Bool.self]), Int.self, String.self, Bool.self))
        #expect(
            Self.matches(
                Self.key([Int.self, String.self, Bool.self, Double.self]), Int.self, String.self, Bool.self, Double.self
            ))
        #expect(
            Self.matches(
                Self.key([Int.self, String.self, Bool.self, Double.self, Int8.self]), Int.self, String.self, Bool.self,
                Double.self, Int8.self))
        // Another located type never matches.
        #expect(!Self.key([Int.self]).matchesParameters(typeKey: TypeKey(Never.self), alternative: nil, Int.self))
    }

    @Test func aDifferenceAtAnyPositionOrInTheCountIsNoMatch() {
        let five = Self.key([Int.self, String.self, Bool.self, Double.self, Int8.self])
        #expect(!Self.matches(five, UInt.self, String.self, Bool.self, Double.self, Int8.self))
        #expect(!Self.matches(five, Int.self, UInt.self, Bool.self, Double.self, Int8.self))
        #expect(!Self.matches(five, Int.self, String.self, UInt.self, Double.self, Int8.self))
        #expect(!Self.matches(five, Int.self, String.self, Bool.self, UInt.self, Int8.self))
        #expect(!Self.matches(five, Int.self, String.self, Bool.self, Double.self, UInt.self))
        // Too few, too many.
        #expect(!Self.matches(five, Int.self, String.self, Bool.self, Double.self))
        #expect(!Self.matches(Self.key([Int.self, String.self]), Int.self))
        #expect(!Self.matches(Self.key([Int.self, String.self]), Int.self, String.self, Bool.self))
        #expect(
            !Self.matches(Self.key([Int.self, String.self, Bool.self]), Int.self, String.self, Bool.self, Double.self))
        // A key without parameters never matches a request with arguments.
        #expect(!Self.matches(Self.key([]), Int.self))
    }

    @Test func theAlternativeMustMatchBothWays() {
        #expect(Self.matches(Self.key([Int.self], alternative: "x"), alternative: "x", Int.self))
        #expect(!Self.matches(Self.key([Int.self], alternative: "x"), Int.self))
        #expect(!Self.matches(Self.key([Int.self]), alternative: "x", Int.self))
        #expect(!Self.matches(Self.key([Int.self], alternative: "x"), alternative: "y", Int.self))
    }

    /// A type with a named alternative keeps the type and the name inline, without a detail object.
    ///
    /// It hashes as requests probe, matches only its own type and name, and gives its parts back. A unique
    /// alternative has no name and keeps the detail.
    @Test func aTypeWithANamedAlternativeIsKeptInline() {
        let key = RegistrationKey(locator: .type(Located.self), alternative: "primary")
        guard case .typeAlternative = key.payload else {
            Issue.record("expected the inline shape, got \(key.payload)")
            return
        }
        let alternative: RegistrationAlternative = "primary"
        #expect(key.tableHash == TableHash.combine(Self.typeKey.tableHash, alternative.tableHash))
        #expect(key == RegistrationKey(locator: .type(Located.self), alternative: "primary"))
        #expect(key != RegistrationKey(locator: .type(Located.self), alternative: "secondary"))
        #expect(key != RegistrationKey(locator: .type(Int.self), alternative: "primary"))
        #expect(key != RegistrationKey(locator: .type(Located.self)))
        #expect(key.matchesType(Self.typeKey, alternative: "primary"))
        #expect(!key.matchesType(Self.typeKey, alternative: "secondary"))
        #expect(!key.matchesType(Self.typeKey, alternative: RegistrationAlternative()))
        #expect(!key.matchesType(TypeKey(Never.self), alternative: "primary"))
        #expect(key.alternative == "primary" && key.parameters == .none && key.locator == .type(Located.self))
        #expect(key.fastID == .none && !key.isPlainType)

        let unique = RegistrationAlternative()
        let uniqueKey = RegistrationKey(locator: .type(Located.self), alternative: unique)
        guard case .detail = uniqueKey.payload else {
            Issue.record("expected a detail for a unique alternative, got \(uniqueKey.payload)")
            return
        }
        #expect(uniqueKey.matchesType(Self.typeKey, alternative: unique))
        #expect(!uniqueKey.matchesType(Self.typeKey, alternative: RegistrationAlternative()))
        #expect(uniqueKey.alternative == unique && uniqueKey != key)
    }

    /// A type with a parameter list and no alternative keeps the type and the interned list inline; it hashes as the
    /// requests' pack-based hash does, and the list made from static types is the one made from an array.
    @Test func aTypeWithParametersIsKeptInline() throws {
        let list = try #require(ParameterTypeList.of(Int.self, String.self))
        #expect(ParameterTypeList.interned([Int.self, String.self]) === list)
        #expect(ParameterTypeList.of() == nil && ParameterTypeList.interned([]) == nil)
        let key = RegistrationKey(locator: .type(Located.self), parameters: .types(list))
        guard case .typeParameters = key.payload else {
            Issue.record("expected the inline shape, got \(key.payload)")
            return
        }
        #expect(
            key.tableHash
                == RegistrationKey.parametersHash(Self.typeKey.tableHash, Int.self, String.self))
        #expect(key == Self.key([Int.self, String.self]))
        #expect(key != Self.key([Int.self, String.self], alternative: "x"))
        #expect(key.parameters == .types(list) && key.alternative == nil && key.locator == .type(Located.self))
        #expect(Self.matches(key, Int.self, String.self))
        #expect(!Self.matches(key, alternative: "x", Int.self, String.self))
        #expect(
            key.matchesParameters(
                typeKey: Self.typeKey, alternative: nil, FixedArity.parameterTypes(Int.self, String.self)))
        #expect(
            !key.matchesParameters(
                typeKey: Self.typeKey, alternative: "x", FixedArity.parameterTypes(Int.self, String.self)))
        #expect(!key.matchesParameters(typeKey: Self.typeKey, alternative: nil, FixedArity.parameterTypes(Int.self)))
    }
}
