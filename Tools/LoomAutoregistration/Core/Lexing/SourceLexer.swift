/// One significant token of Swift source, as far as finding declarations and registrations needs: comments,
/// whitespace and number literals are skipped; string literals are skipped too unless the lexer is asked for them.
enum SourceToken: Equatable {
    /// An identifier or keyword (backticks removed).
    case word(String)
    /// One punctuation character: `@ { } ( ) < > [ ] . , : ;` and the like.
    case punctuation(UInt8)
    /// `#if`, `#elseif`, `#else` or `#endif`, with the rest of its line as the condition.
    case directive(String, condition: String)
    /// A string literal, only from a lexer that reports literals: its text when it is a plain single-line literal
    /// (no escapes, no interpolation), else `nil` — a name the graph check cannot read.
    case string(String?)
}

/// A small Swift lexer over UTF-8 bytes.
///
/// It understands line and nested block comments, single-line, multi-line and raw string literals with interpolations
/// (which may hold further strings and comments), `#/…/#` regex literals and conditional-compilation directives.
/// Everything else is reported as words and punctuation.
struct SourceLexer {
    private let bytes: [UInt8]
    private var index = 0
    private let reportsLiterals: Bool
    /// Where the last token returned by ``next()`` starts, as a UTF-8 offset.
    private(set) var tokenStart = 0
    /// The `// loom-graph: <setting>` comments seen so far: the setting and the comment's offset.
    private(set) var markers: [(setting: String, offset: Int)] = []

    /// A lexer over `source`; with `reportsLiterals`, string literals are returned as ``SourceToken/string(_:)``.
    init(_ source: String, reportsLiterals: Bool = false) {
        bytes = Array(source.utf8)
        self.reportsLiterals = reportsLiterals
    }

    /// Every significant token, in order.
    static func tokens(of source: String) -> [SourceToken] {
        var lexer = SourceLexer(source)
        var tokens: [SourceToken] = []
        while let token = lexer.next() { tokens.append(token) }
        return tokens
    }

    mutating func next() -> SourceToken? {
        while index < bytes.count {
            let byte = bytes[index]
            tokenStart = index
            switch byte {
            case ascii(" "), ascii("\t"), ascii("\n"), ascii("\r"):
                index += 1
            case ascii("/") where peek(1) == ascii("/"):
                skipLine()
            case ascii("/") where peek(1) == ascii("*"):
                skipBlockComment()
            case ascii("\""):
                let text = readString(hashes: 0)
                if reportsLiterals { return .string(text) }
            case ascii("#"):
                if let token = hashPrefixed() { return token }
            case ascii("`"):
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != ascii("`"), bytes[index] != ascii("\n") { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return .word(word)
            case _ where Self.isIdentifierStart(byte):
                let start = index
                while index < bytes.count, Self.isIdentifierContinuation(bytes[index]) { index += 1 }
                return .word(String(decoding: bytes[start..<index], as: UTF8.self))
            case ascii("0")...ascii("9"):
                while index < bytes.count,
                    Self.isIdentifierContinuation(bytes[index])
                        || bytes[index] == ascii(".")
                            && peek(1).map({ ascii("0")...ascii("9") ~= $0 }) == true
                {
                    index += 1
                }
            default:
                index += 1
                return .punctuation(byte)
            }
        }
        return nil
    }

    // MARK: Pieces

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func skipLine() {
        let start = index
        while index < bytes.count, bytes[index] != ascii("\n") { index += 1 }
        // `// loom-graph: assembling` and its kin set the graph check's role for the target (see `TargetRole`). The
        // bytes are compared first: building a string for every comment would cost more than the rest of the lexing.
        var text = start + 2
        while text < index, bytes[text] == ascii(" ") || bytes[text] == ascii("\t") { text += 1 }
        let prefix = Self.markerPrefix
        guard index - text >= prefix.count, bytes[text..<(text + prefix.count)].elementsEqual(prefix) else { return }
        let setting = String(decoding: bytes[(text + prefix.count)..<index], as: UTF8.self).trimmingSpaces
        markers.append((setting, start))
    }

    /// The start of a line comment that configures the graph check, `loom-graph:`.
    static let markerPrefix = Array("loom-graph:".utf8)

    /// The UTF-8 offset where each line starts.
    var lineStarts: [Int] {
        var starts = [0]
        for offset in bytes.indices where bytes[offset] == ascii("\n") { starts.append(offset + 1) }
        return starts
    }

    /// Skips `/* … */`, which nests in Swift.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == ascii("/"), peek(1) == ascii("*") {
                depth += 1
                index += 2
            } else if bytes[index] == ascii("*"), peek(1) == ascii("/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    /// `#if`-family directives, raw strings (`#"…"#`), regex literals (`#/…/#`); other `#` words are skipped.
    private mutating func hashPrefixed() -> SourceToken? {
        var hashes = 0
        while peek(hashes) == ascii("#") { hashes += 1 }
        if peek(hashes) == ascii("\"") {
            index += hashes
            let text = readString(hashes: hashes)
            return reportsLiterals ? .string(text) : nil
        }
        if peek(hashes) == ascii("/") {
            index += hashes + 1
            skipRegex(hashes: hashes)
            return nil
        }
        index += 1
        let start = index
        while index < bytes.count, Self.isIdentifierContinuation(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        guard ["if", "elseif", "else", "endif"].contains(word) else { return nil }
        let conditionStart = index
        while index < bytes.count, bytes[index] != ascii("\n"),
            !(bytes[index] == ascii("/") && (peek(1) == ascii("/") || peek(1) == ascii("*")))
        {
            index += 1
        }
        let condition = String(decoding: bytes[conditionStart..<index], as: UTF8.self)
        return .directive(word, condition: condition.trimmingSpaces)
    }

    /// Skips a string literal starting at its opening quote, after `hashes` `#`s.
    private mutating func skipString(hashes: Int) {
        _ = readString(hashes: hashes)
    }

    /// Skips a string literal starting at its opening quote, after `hashes` `#`s, and returns its text if it is a
    /// single-line literal without escapes or interpolations.
    private mutating func readString(hashes: Int) -> String? {
        let isMultiline = peek(1) == ascii("\"") && peek(2) == ascii("\"")
        index += isMultiline ? 3 : 1
        let contentStart = index
        var isPlain = !isMultiline
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ascii("\\"), (0..<hashes).allSatisfy({ peek(1 + $0) == ascii("#") }) {
                isPlain = false
                index += 1 + hashes
                if peek(0) == ascii("(") {
                    index += 1
                    skipInterpolation()
                } else {
                    index += 1  // the escaped character
                }
            } else if byte == ascii("\"") {
                let quotes = isMultiline ? 3 : 1
                if (0..<quotes).allSatisfy({ peek($0) == ascii("\"") }),
                    (0..<hashes).allSatisfy({ peek(quotes + $0) == ascii("#") })
                {
                    let content = bytes[contentStart..<index]
                    index += quotes + hashes
                    return isPlain ? String(decoding: content, as: UTF8.self) : nil
                }
                index += 1
            } else if byte == ascii("\n"), !isMultiline {
                return nil  // unterminated: stop at the line's end
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Skips an interpolation's expression up to its closing parenthesis.
    private mutating func skipInterpolation() {
        var depth = 1
        while index < bytes.count, depth > 0 {
            switch bytes[index] {
            case ascii("("):
                depth += 1
                index += 1
            case ascii(")"):
                depth -= 1
                index += 1
            case ascii("\""):
                skipString(hashes: 0)
            case ascii("#") where peek(1) == ascii("\"") || peek(1) == ascii("#"):
                var hashes = 0
                while peek(hashes) == ascii("#") { hashes += 1 }
                index += hashes
                if peek(0) == ascii("\"") { skipString(hashes: hashes) }
            case ascii("/") where peek(1) == ascii("/"):
                skipLine()
            case ascii("/") where peek(1) == ascii("*"):
                skipBlockComment()
            default:
                index += 1
            }
        }
    }

    /// Skips an extended regex literal's body up to `/` followed by `hashes` `#`s.
    private mutating func skipRegex(hashes: Int) {
        while index < bytes.count {
            if bytes[index] == ascii("\\") {
                index += 2
            } else if bytes[index] == ascii("/"), (0..<hashes).allSatisfy({ peek(1 + $0) == ascii("#") }) {
                index += 1 + hashes
                return
            } else if bytes[index] == ascii("\n"), hashes == 0 {
                return
            } else {
                index += 1
            }
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (ascii("a")...ascii("z")).contains(byte) || (ascii("A")...ascii("Z")).contains(byte) || byte == ascii("_")
            || byte == ascii("$") || byte >= 0x80
    }

    static func isIdentifierContinuation(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (ascii("0")...ascii("9")).contains(byte)
    }
}

/// The byte of a one-character ASCII string literal.
func ascii(_ character: Unicode.Scalar) -> UInt8 {
    UInt8(character.value)
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(
            String.UnicodeScalarView(scalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()))
    }
}
