import Testing

@testable import LoomAutoregistrationCore

/// How the graph check spells and compares the types source writes.
@Suite struct TypeSpellingTests {
    func read(_ text: String) -> TypeSpelling? {
        TypeSpelling.read(LexedSource(text).tokens, at: 0)?.spelling
    }

    @Test func typesAreSpelledCanonicallyWhateverTheirSpacing() {
        #expect(read("any   Clock")?.description == "any Clock")
        #expect(read("[String :Int]")?.description == "[String: Int]")
        #expect(read("( any Store )?")?.description == "(any Store)?")
        #expect(read("Dictionary<String,[Int]>")?.description == "Dictionary<String, [Int]>")
        #expect(read("@escaping @Sendable () async throws -> Notebook")?.description == "() async throws -> Notebook")
        #expect(read("inout Feature.Clock.Type")?.description == "Feature.Clock.Type")
        #expect(read("any Store & Sendable")?.description == "any Store & Sendable")
        #expect(TypeSpelling("any Feature.Clock").description == "any Feature.Clock")
    }

    @Test func aTypeEndsWhereTheTypeGrammarEnds() {
        let tokens = LexedSource("clock: any Clock = SystemClock(), next: Int").tokens
        let read = TypeSpelling.read(tokens, at: 2)
        #expect(read?.spelling.description == "any Clock")
        #expect(read.map { tokens[$0.end] } == .punctuation(ascii("=")))
        #expect(TypeSpelling.read(LexedSource("= 1").tokens, at: 0) == nil)
    }

    @Test func matchingIgnoresAnySwiftQualifiersParenthesesAndOptionalSpelling() {
        #expect(TypeSpelling("any Clock").matchKey == TypeSpelling("Clock").matchKey)
        #expect(TypeSpelling("Swift.String").matchKey == "String")
        #expect(TypeSpelling("(any Clock)").matchKey == "Clock")
        #expect(TypeSpelling("Optional<Clock>").matchKey == TypeSpelling("Clock?").matchKey)
        #expect(TypeSpelling("Feature.Clock").matchKey != TypeSpelling("Clock").matchKey)
    }

    @Test func looseMatchingAlsoDropsModuleAndEnclosingTypeQualifiers() {
        #expect(TypeSpelling("any Feature.Clock").looseKey == "Clock")
        #expect(TypeSpelling("Outer.Inner?").looseKey == "Inner?")
        #expect(TypeSpelling("Feature.Clock.Type").looseKey == "Clock.Type")
    }

    @Test func optionalsAndCollectionsAreRecognised() {
        #expect(TypeSpelling("AuditLog?").optionalWrapped?.description == "AuditLog")
        #expect(TypeSpelling("(any Store)?").optionalWrapped?.description == "any Store")
        #expect(TypeSpelling("Optional<AuditLog>").optionalWrapped?.description == "AuditLog")
        #expect(TypeSpelling("AuditLog").optionalWrapped == nil)
        #expect(TypeSpelling("() -> Int?").optionalWrapped == nil)
        #expect(TypeSpelling("[any Plugin]").collectionElement?.description == "any Plugin")
        #expect(TypeSpelling("Set<Tag>").collectionElement?.description == "Tag")
        #expect(TypeSpelling("[String: Int]").collectionElement == nil)
    }

    @Test func functionTypesAndCompositionsAreCompound() {
        #expect(TypeSpelling("() -> Int").isCompound)
        #expect(TypeSpelling("any A & B").isCompound)
        #expect(!TypeSpelling("Box<() -> Int>").isCompound)
        #expect(TypeSpelling("any Feature.Clock").identifiers == ["Feature", "Clock"])
    }
}
