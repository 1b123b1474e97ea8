import LoomCore
import LoomRuntime
import Testing

/// The key matchers the lock-free probes use decide alone once hashes collide: a request must match a key's located
/// type, parameter types (position by position, and their number) and alternative exactly.
@Suite struct RegistrationKeyTests {
    private struct Located {}
    private static let typeBits = TableHash.bits(of: ObjectIdentifier(Located.self))

    private static func key(_ types: [Any.Type], alternative: RegistrationAlternative? = nil) -> RegistrationKey {
        RegistrationKey(
            locator: .type(Located.self), alternative: alternative,
            parameters: types.isEmpty ? .none : .types(types.map(ObjectIdentifier.init)))
    }

    @Test func aKeyMatchesExactlyItsParameterTypesAtEveryArity() {
        let bits = Self.typeBits
        #expect(Self.key([Int.self]).matchesParameters(typeBits: bits, alternative: nil, Int.self))
        #expect(
            Self.key([Int.self, String.self]).matchesParameters(typeBits: bits, alternative: nil, Int.self, String.self)
        )
        #expect(
            Self.key([Int.self, String.self, Bool.self])
                .matchesParameters(typeBits: bits, alternative: nil, Int.self, String.self, Bool.self))
        #expect(
            Self.key([Int.self, String.self, Bool.self, Double.self])
                .matchesParameters(typeBits: bits, alternative: nil, Int.self, String.self, Bool.self, Double.self))
        #expect(
            Self.key([Int.self, String.self, Bool.self, Double.self, Int8.self]).matchesParameters(
                typeBits: bits, alternative: nil, Int.self, String.self, Bool.self, Double.self, Int8.self))
        // Another located type never matches.
        #expect(!Self.key([Int.self]).matchesParameters(typeBits: bits &+ 16, alternative: nil, Int.self))
    }

    @Test func aDifferenceAtAnyPositionOrInTheCountIsNoMatch() {
        let bits = Self.typeBits
        let five = Self.key([Int.self, String.self, Bool.self, Double.self, Int8.self])
        #expect(
            !five.matchesParameters(
                typeBits: bits, alternative: nil, UInt.self, String.self, Bool.self, Double.self, Int8.self))
        #expect(
            !five.matchesParameters(
                typeBits: bits, alternative: nil, Int.self, UInt.self, Bool.self, Double.self, Int8.self))
        #expect(
            !five.matchesParameters(
                typeBits: bits, alternative: nil, Int.self, String.self, UInt.self, Double.self, Int8.self))
        #expect(
            !five.matchesParameters(
                typeBits: bits, alternative: nil, Int.self, String.self, Bool.self, UInt.self, Int8.self))
        #expect(
            !five.matchesParameters(
                typeBits: bits, alternative: nil, Int.self, String.self, Bool.self, Double.self, UInt.self))
        // Too few, too many.
        #expect(
            !five.matchesParameters(typeBits: bits, alternative: nil, Int.self, String.self, Bool.self, Double.self))
        #expect(!Self.key([Int.self, String.self]).matchesParameters(typeBits: bits, alternative: nil, Int.self))
        #expect(
            !Self.key([Int.self, String.self]).matchesParameters(
                typeBits: bits, alternative: nil, Int.self, String.self, Bool.self))
        #expect(
            !Self.key([Int.self, String.self, Bool.self]).matchesParameters(
                typeBits: bits, alternative: nil, Int.self, String.self, Bool.self, Double.self))
        // A key without parameters never matches a request with arguments.
        #expect(!Self.key([]).matchesParameters(typeBits: bits, alternative: nil, Int.self))
    }

    @Test func theAlternativeMustMatchBothWays() {
        let bits = Self.typeBits
        #expect(Self.key([Int.self], alternative: "x").matchesParameters(typeBits: bits, alternative: "x", Int.self))
        #expect(!Self.key([Int.self], alternative: "x").matchesParameters(typeBits: bits, alternative: nil, Int.self))
        #expect(!Self.key([Int.self]).matchesParameters(typeBits: bits, alternative: "x", Int.self))
        #expect(!Self.key([Int.self], alternative: "x").matchesParameters(typeBits: bits, alternative: "y", Int.self))
    }
}
