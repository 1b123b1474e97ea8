import Testing

@testable import LoomAutoregistrationCore

/// The lexer as the graph check uses it: tokens with their places, string literals, and `// loom-graph:` settings.
@Suite struct LexedSourceTests {
    @Test func eachTokenKnowsItsLineAndColumn() {
        let source = LexedSource("@Registerable\nfinal class Editor {\n    init(clock: any Clock) {}\n}")
        #expect(source.tokens[1] == .word("Registerable"))
        #expect(source.location(ofToken: 0) == (1, 1))
        #expect(source.location(ofToken: 2) == (2, 1))
        let clock = source.tokens.firstIndex(of: .word("clock"))!
        #expect(source.location(ofToken: clock) == (3, 10))
    }

    @Test func columnsCountUTF8BytesAsCompilersDo() {
        let source = LexedSource("let é = 1; let next = 2")
        let next = source.tokens.firstIndex(of: .word("next"))!
        #expect(source.location(ofToken: next) == (1, 17))
    }

    @Test func plainStringLiteralsKeepTheirTextAndOthersDoNot() {
        let source = LexedSource(
            "a(\"audit-log\", #\"raw\"#, \"with \\(x)\", \"esc\\\"aped\", \"\"\"\n    multi\n    \"\"\")")
        let strings = source.tokens.compactMap { token -> String?? in
            if case .string(let text) = token { return text }
            return nil
        }
        #expect(strings == ["audit-log", "raw", nil, nil, nil])
    }

    @Test func loomGraphCommentsAreCollectedAndOtherCommentsAreNot() {
        let source = LexedSource(
            """
            // loom-graph: assembling
            /// loom-graph: library
            // A comment that mentions loom-graph: in passing.
            let x = 1 //loom-graph:library
            """)
        #expect(source.markers == ["assembling", "library"])
    }

    @Test func theRegisterableScannerSeesTheSameTypesFromLexedTokens() {
        let text =
            #"@Registerable(by: .name("s")) struct A {} let s = "@Registerable struct B {}"; @Registerable enum C {}"#
        let fromText = RegisterableScanner.registerableTypes(in: text)
        #expect(fromText.map(\.qualifiedName) == ["A", "C"])
        #expect(RegisterableScanner.registerableTypes(in: LexedSource(text).tokens) == fromText)
    }
}
