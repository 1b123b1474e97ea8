/// A type as source spells it, in one canonical form: the graph check compares a need's type with what registrations
/// provide by these spellings, since it has no type checker.
///
/// Spacing and attributes are normalised away (`@Sendable`, `inout`), so `any  Clock` and `any Clock` are one
/// spelling. Matching goes further: ``matchKey`` ignores `any` and a `Swift.` qualifier, and ``looseKey`` also drops
/// module and enclosing-type qualifiers, which is how a need written `Clock` inside `Feature` finds `Feature.Clock`.
///
/// ```swift
/// let tokens = LexedSource("(any Clock)?").tokens
/// let spelling = TypeSpelling.read(tokens, at: 0)!.spelling
/// spelling.description            // "(any Clock)?"
/// spelling.unwrappingOptional     // any Clock
/// spelling.matchKey               // "Clock?"
/// ```
struct TypeSpelling: Hashable, CustomStringConvertible {
    /// The canonical pieces: words, one-character punctuation, and `->` as one piece.
    let parts: [String]

    /// Words that may precede a type but are not part of what it resolves to.
    static let specifiers: Set<String> = [
        "inout", "sending", "borrowing", "consuming", "isolated", "__owned", "__shared", "nonisolated",
    ]

    /// Type attributes written with an argument list: `@convention(c)`, `@isolated(any)`.
    static let attributesWithArguments: Set<String> = [
        "convention", "isolated", "differentiable", "_opaqueReturnTypeOf",
    ]

    /// A spelling from canonical pieces, without outer parentheses that enclose all of it.
    init(parts: [String]) {
        self.parts = Self.strippingOuterParentheses(parts)
    }

    /// The spelling of a type name such as `Feature.Clock` or `any Store`, split at spaces and dots.
    init(_ text: String) {
        var parts: [String] = []
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "$" {
                word.append(character)
                continue
            }
            if !word.isEmpty { parts.append(word) }
            word = ""
            if character != " " { parts.append(String(character)) }
        }
        if !word.isEmpty { parts.append(word) }
        self.init(parts: Self.joiningArrows(parts))
    }

    /// The type starting at token `index`, and the index just past it; `nil` when no type starts there.
    static func read(_ tokens: [SourceToken], at index: Int) -> (spelling: TypeSpelling, end: Int)? {
        var reader = Reader(tokens: tokens, position: index)
        guard reader.readType() else { return nil }
        return (TypeSpelling(parts: reader.parts), reader.position)
    }

    /// The type as written, canonically spaced: `any Clock`, `[String: Int]`, `(any Store)?`, `() async -> Int`.
    var description: String {
        var text = ""
        for (index, part) in parts.enumerated() {
            let previous = index > 0 ? parts[index - 1] : ""
            switch part {
            case ",", ":": text += part + " "
            case "->", "&": text += " \(part) "
            default:
                if index > 0, part.first.map(Self.isWordCharacter) == true,
                    previous.first.map(Self.isWordCharacter) == true || previous == ")"
                {
                    text += " "
                }
                text += part
            }
        }
        return text
    }

    /// How the check compares types: without `any`, `Swift.` or outer parentheses, `Optional<T>` spelled `T?`.
    var matchKey: String {
        var kept: [String] = []
        var index = 0
        while index < parts.count {
            let part = parts[index]
            if part == "any" {
                index += 1
                continue
            }
            if part == "Swift", parts[safe: index + 1] == ".", kept.last != "." {
                index += 2
                continue
            }
            kept.append(part)
            index += 1
        }
        var spelling = TypeSpelling(parts: kept)
        if spelling.parts.first == "Optional", let wrapped = spelling.optionalWrapped {
            spelling = TypeSpelling(parts: (wrapped.isCompound ? ["("] + wrapped.parts + [")"] : wrapped.parts) + ["?"])
        }
        return spelling.description
    }

    /// ``matchKey`` with every qualified name cut to its last component: `Feature.Clock` is `Clock`.
    var looseKey: String {
        var kept: [String] = []
        for part in TypeSpelling(matchKey).parts {
            if part.first.map(Self.isWordCharacter) == true, part != "Type", part != "Protocol", kept.count >= 2,
                kept[kept.count - 1] == ".", kept[kept.count - 2].first.map(Self.isWordCharacter) == true
            {
                kept.removeLast(2)
            }
            kept.append(part)
        }
        return TypeSpelling(parts: kept).description
    }

    /// The wrapped type of `T?`, `T!` or `Optional<T>`; `nil` for any other type.
    var optionalWrapped: TypeSpelling? {
        if let last = parts.last, last == "?" || last == "!", Self.isOneType(parts.dropLast()) {
            return TypeSpelling(parts: Array(parts.dropLast()))
        }
        return Self.genericArgument(of: ["Optional", "Swift.Optional"], in: parts)
    }

    /// The type without one level of optionality; itself when it is not optional.
    var unwrappingOptional: TypeSpelling { optionalWrapped ?? self }

    /// The element type of `[E]`, `Array<E>` or `Set<E>` (a request Loom answers with every registration of `E`).
    var collectionElement: TypeSpelling? {
        if parts.first == "[", parts.last == "]", Self.closingIndex(of: 0, in: parts) == parts.count - 1 {
            let inner = Array(parts[1..<(parts.count - 1)])
            guard !Self.hasTopLevel(":", in: inner) else { return nil }  // a dictionary
            return TypeSpelling(parts: inner)
        }
        return Self.genericArgument(of: ["Array", "Set", "Swift.Array", "Swift.Set"], in: parts)
    }

    /// Whether the type is a function type (`() -> Int`) or a composition (`any A & B`): spellings the check does
    /// not try to relate to others.
    var isCompound: Bool {
        Self.hasTopLevel("->", in: parts) || Self.hasTopLevel("&", in: parts)
    }

    /// Every identifier the spelling names, qualifiers included: `Feature`, `Clock` in `any Feature.Clock`.
    var identifiers: [String] {
        parts.filter { $0.first.map(Self.isWordCharacter) == true && $0 != "any" && $0 != "some" }
    }

    // MARK: Pieces

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    private static func joiningArrows(_ parts: [String]) -> [String] {
        var joined: [String] = []
        for part in parts {
            if part == ">", joined.last == "-" {
                joined[joined.count - 1] = "->"
            } else {
                joined.append(part)
            }
        }
        return joined
    }

    /// The index of the bracket closing the one at `open`, counting `(`, `[` and `<` alike.
    private static func closingIndex(of open: Int, in parts: [String]) -> Int? {
        var depth = 0
        for index in open..<parts.count {
            switch parts[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    private static func hasTopLevel(_ piece: String, in parts: [String]) -> Bool {
        var depth = 0
        for part in parts {
            switch part {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            default: if depth == 0, part == piece { return true }
            }
        }
        return false
    }

    /// Whether `parts` is one type that a postfix `?` applies to as a whole (not `A & B` or `() -> T`).
    private static func isOneType(_ parts: ArraySlice<String>) -> Bool {
        !hasTopLevel("->", in: Array(parts)) && !hasTopLevel("&", in: Array(parts))
    }

    private static func strippingOuterParentheses(_ parts: [String]) -> [String] {
        var parts = parts
        while parts.first == "(", parts.last == ")", closingIndex(of: 0, in: parts) == parts.count - 1,
            !hasTopLevel(",", in: Array(parts[1..<(parts.count - 1)]))
        {
            parts = Array(parts[1..<(parts.count - 1)])
        }
        return parts
    }

    /// `E` in `Name<E>` when `parts` is exactly that, for one of `names` (which may be qualified).
    private static func genericArgument(of names: Set<String>, in parts: [String]) -> TypeSpelling? {
        guard let open = parts.firstIndex(of: "<"), parts.last == ">",
            closingIndex(of: open, in: parts) == parts.count - 1,
            names.contains(parts[..<open].joined())
        else { return nil }
        let inner = Array(parts[(open + 1)..<(parts.count - 1)])
        guard !hasTopLevel(",", in: inner) else { return nil }
        return TypeSpelling(parts: inner)
    }

    /// Reads one type from tokens, collecting its canonical pieces.
    private struct Reader {
        let tokens: [SourceToken]
        var position: Int
        var parts: [String] = []

        mutating func readType() -> Bool {
            skipAttributesAndSpecifiers()
            if case .word(let word) = tokens[safe: position], ["any", "some", "each", "repeat"].contains(word) {
                parts.append(word)
                position += 1
            }
            guard readAtom() else { return false }
            readPostfixes()
            if tokens[safe: position] == .punctuation(ascii("&")) {
                parts.append("&")
                position += 1
                return readType()
            }
            return true
        }

        private mutating func skipAttributesAndSpecifiers() {
            while true {
                if tokens[safe: position] == .punctuation(ascii("@")), case .word(let name) = tokens[safe: position + 1]
                {
                    position += 2
                    // Only these take arguments; after `@Sendable`, `(` opens the function type's parameters.
                    if TypeSpelling.attributesWithArguments.contains(name),
                        tokens[safe: position] == .punctuation(ascii("("))
                    {
                        skipBalanced()
                    }
                } else if case .word(let word) = tokens[safe: position], TypeSpelling.specifiers.contains(word) {
                    position += 1
                } else {
                    return
                }
            }
        }

        private mutating func readAtom() -> Bool {
            switch tokens[safe: position] {
            case .word(let word)?:
                guard !["in", "where", "throws", "async", "let", "var", "func"].contains(word) else { return false }
                parts.append(word)
                position += 1
                readGenericArguments()
                return true
            case .punctuation(ascii("("))?:
                parts.append("(")
                position += 1
                while tokens[safe: position] != .punctuation(ascii(")")) {
                    // A tuple or parameter element may carry a label: `(name: String)`.
                    if case .word(let label) = tokens[safe: position],
                        tokens[safe: position + 1] == .punctuation(ascii(":"))
                    {
                        parts += [label, ":"]
                        position += 2
                    }
                    guard readType() else { return false }
                    if tokens[safe: position] == .punctuation(ascii(".")),
                        tokens[safe: position + 1] == .punctuation(ascii("."))
                    {
                        parts += [".", ".", "."]  // variadic
                        position += 3
                    }
                    guard tokens[safe: position] == .punctuation(ascii(",")) else { break }
                    parts.append(",")
                    position += 1
                }
                guard tokens[safe: position] == .punctuation(ascii(")")) else { return false }
                parts.append(")")
                position += 1
                return readFunctionTail()
            case .punctuation(ascii("["))?:
                parts.append("[")
                position += 1
                guard readType() else { return false }
                if tokens[safe: position] == .punctuation(ascii(":")) {
                    parts.append(":")
                    position += 1
                    guard readType() else { return false }
                }
                guard tokens[safe: position] == .punctuation(ascii("]")) else { return false }
                parts.append("]")
                position += 1
                return true
            default:
                return false
            }
        }

        /// After a parenthesised list: `async`, `throws`, `throws(E)`, then `-> Result` make it a function type.
        private mutating func readFunctionTail() -> Bool {
            var effects: [String] = []
            var index = position
            while case .word(let word) = tokens[safe: index], ["async", "throws", "rethrows"].contains(word) {
                effects.append(word)
                index += 1
                if word == "throws", tokens[safe: index] == .punctuation(ascii("(")) {
                    // A typed throw: keep it simple, its type is not compared.
                    var depth = 0
                    repeat {
                        if tokens[safe: index] == .punctuation(ascii("(")) { depth += 1 }
                        if tokens[safe: index] == .punctuation(ascii(")")) { depth -= 1 }
                        index += 1
                    } while depth > 0 && index < tokens.count
                }
            }
            guard tokens[safe: index] == .punctuation(ascii("-")), tokens[safe: index + 1] == .punctuation(ascii(">"))
            else { return true }  // a tuple or parenthesised type
            parts += effects + ["->"]
            position = index + 2
            return readType()
        }

        private mutating func readGenericArguments() {
            guard tokens[safe: position] == .punctuation(ascii("<")) else { return }
            let start = (position: position, partCount: parts.count)
            parts.append("<")
            position += 1
            while true {
                guard readType() else { break }
                if tokens[safe: position] == .punctuation(ascii(",")) {
                    parts.append(",")
                    position += 1
                    continue
                }
                if tokens[safe: position] == .punctuation(ascii(">")) {
                    parts.append(">")
                    position += 1
                    return
                }
                break
            }
            // Not generic arguments after all (a comparison): undo.
            position = start.position
            parts.removeLast(parts.count - start.partCount)
        }

        private mutating func readPostfixes() {
            while true {
                switch tokens[safe: position] {
                case .punctuation(ascii("?"))?, .punctuation(ascii("!"))?:
                    if case .punctuation(let mark)? = tokens[safe: position] {
                        parts.append(String(UnicodeScalar(mark)))
                    }
                    position += 1
                case .punctuation(ascii("."))?:
                    guard case .word(let member) = tokens[safe: position + 1], member != "self", member != "init"
                    else { return }
                    parts += [".", member]
                    position += 2
                    readGenericArguments()
                default:
                    return
                }
            }
        }

        private mutating func skipBalanced() {
            var depth = 0
            while position < tokens.count {
                if tokens[position] == .punctuation(ascii("(")) { depth += 1 }
                if tokens[position] == .punctuation(ascii(")")) { depth -= 1 }
                position += 1
                if depth == 0 { return }
            }
        }
    }
}
