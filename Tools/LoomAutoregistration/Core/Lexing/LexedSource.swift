/// One file's significant tokens with where each starts, its string literals, and its `// loom-graph:` settings:
/// what the graph check reads, and how it turns a token back into a line and column for a diagnostic.
///
/// ```swift
/// let source = LexedSource("@Registerable\nfinal class Editor {}")
/// source.tokens[1]                              // .word("Registerable")
/// source.location(ofToken: 2)                   // (line: 2, column: 1)
/// ```
struct LexedSource {
    /// The tokens, string literals included.
    let tokens: [SourceToken]
    /// The UTF-8 offset of each token's first byte.
    let offsets: [Int]
    /// The settings of the file's `// loom-graph: <setting>` comments, in order.
    let markers: [String]
    /// The UTF-8 offset where each line starts.
    private let lineStarts: [Int]

    /// Lexes `source`.
    init(_ source: String) {
        var lexer = SourceLexer(source, reportsLiterals: true)
        var tokens: [SourceToken] = []
        var offsets: [Int] = []
        while let token = lexer.next() {
            tokens.append(token)
            offsets.append(lexer.tokenStart)
        }
        self.tokens = tokens
        self.offsets = offsets
        markers = lexer.markers.map(\.setting)
        lineStarts = lexer.lineStarts
    }

    /// The 1-based line and column (in UTF-8 bytes, as compilers count them) of a UTF-8 offset.
    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The line and column where token `index` starts; the end of the file for an index past the last token.
    func location(ofToken index: Int) -> (line: Int, column: Int) {
        location(ofOffset: index < offsets.count ? offsets[index] : (offsets.last ?? 0))
    }
}
