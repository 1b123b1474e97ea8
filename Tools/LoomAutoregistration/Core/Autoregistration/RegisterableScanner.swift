/// A `@Registerable` type found in source, with the conditional-compilation clauses around it.
struct RegisterableType: Equatable {
    /// The type's name as other files of the module spell it: `Service`, `Feature.Service`.
    let qualifiedName: String
    /// The `#if` conditions that must hold for the type to exist, outermost first, already combined per clause
    /// (`DEBUG`, `!(os(Linux))`, `!(A) && (B)`).
    let conditions: [String]
}

/// Finds the `@Registerable` types of one file that the generated group can name: not `private` or `fileprivate`,
/// not generic, not declared inside a function or in a private or generic type.
struct RegisterableScanner {
    private enum Scope {
        /// A type or extension body: its name (the extended type for extensions) and whether members declared in
        /// it can be named from another file.
        case type(name: String, isNameable: Bool)
        /// Any other braces: function bodies, closures, accessors.
        case other
    }

    /// One `#if` … `#endif` block: the conditions of the clauses already passed and the current one.
    private struct ConditionalBlock {
        var previous: [String]
        var current: String?

        /// `A` in `#if A`, `!(A) && (B)` in its `#elseif B`, `!(A) && !(B)` in its `#else`.
        var condition: String {
            var parts = previous.map { "!(\($0))" }
            if let current { parts.append(previous.isEmpty ? current : "(\(current))") }
            return parts.joined(separator: " && ")
        }
    }

    static let declarationKeywords: Set<String> = ["class", "struct", "enum", "actor", "protocol", "extension"]
    /// Words that may stand between attributes and the declaration keyword.
    static let modifiers: Set<String> = [
        "public", "open", "package", "internal", "private", "fileprivate", "final", "nonisolated", "indirect",
        "isolated", "sending", "consuming", "borrowing", "convenience", "required", "override", "static", "dynamic",
        "lazy", "weak", "unowned", "mutating", "nonmutating", "distributed",
    ]

    /// The `@Registerable` types in `source`, in source order.
    static func registerableTypes(in source: String) -> [RegisterableType] {
        var scanner = RegisterableScanner(tokens: SourceLexer.tokens(of: source))
        return scanner.scan()
    }

    /// The `@Registerable` types among already lexed tokens (string literals are passed over, as
    /// ``registerableTypes(in:)-(String)`` never sees them).
    static func registerableTypes(in tokens: [SourceToken]) -> [RegisterableType] {
        var scanner = RegisterableScanner(tokens: tokens.filter { if case .string = $0 { false } else { true } })
        return scanner.scan()
    }

    private let tokens: [SourceToken]
    private var position = 0
    private var scopes: [Scope] = []
    private var conditionals: [ConditionalBlock] = []
    private var found: [RegisterableType] = []

    // The declaration being read: attributes and modifiers seen since the last other token.
    private var sawRegisterable = false
    private var sawPrivate = false
    /// The scope the next `{` opens, set after a declaration keyword and its name.
    private var pendingScope: Scope?

    private init(tokens: [SourceToken]) {
        self.tokens = tokens
    }

    private mutating func scan() -> [RegisterableType] {
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token {
            case .directive(let keyword, let condition):
                handle(directive: keyword, condition: condition)
            case .punctuation(ascii("@")):
                readAttribute()
            case .punctuation(ascii("{")):
                scopes.append(pendingScope ?? .other)
                pendingScope = nil
                resetDeclaration()
            case .punctuation(ascii("}")):
                if !scopes.isEmpty { scopes.removeLast() }
                pendingScope = nil
                resetDeclaration()
            case .word(let word) where Self.modifiers.contains(word):
                if word == "private" || word == "fileprivate" { sawPrivate = true }
                // `private(set)` and similar
                if tokens[safe: position] == .punctuation(ascii("(")) {
                    skipBalanced(open: ascii("("), close: ascii(")"))
                }
            case .word(let word) where Self.declarationKeywords.contains(word):
                readDeclaration(keyword: word)
            default:
                resetDeclaration()
            }
        }
        return found
    }

    private mutating func resetDeclaration() {
        sawRegisterable = false
        sawPrivate = false
    }

    private mutating func handle(directive: String, condition: String) {
        switch directive {
        case "if":
            conditionals.append(ConditionalBlock(previous: [], current: condition))
        case "elseif":
            guard var block = conditionals.popLast() else { return }
            if let current = block.current { block.previous.append(current) }
            block.current = condition
            conditionals.append(block)
        case "else":
            guard var block = conditionals.popLast() else { return }
            if let current = block.current { block.previous.append(current) }
            block.current = nil
            conditionals.append(block)
        default:
            _ = conditionals.popLast()
        }
    }

    /// `@Name`, `@Module.Name`, with an optional parenthesised argument list.
    private mutating func readAttribute() {
        var name = ""
        while case .word(let word) = tokens[safe: position] {
            name = word
            position += 1
            guard tokens[safe: position] == .punctuation(ascii(".")) else { break }
            position += 1
        }
        if name == "Registerable" { sawRegisterable = true }
        if tokens[safe: position] == .punctuation(ascii("(")) { skipBalanced(open: ascii("("), close: ascii(")")) }
    }

    /// Skips from an opening bracket at `position` to just after its match.
    private mutating func skipBalanced(open: UInt8, close: UInt8) {
        var depth = 0
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            if token == .punctuation(open) { depth += 1 }
            if token == .punctuation(close) {
                depth -= 1
                if depth == 0 { return }
            }
            // A brace inside parentheses (a closure argument) is skipped with them.
        }
    }

    /// After `class`/`struct`/`enum`/`actor`/`protocol`/`extension`: reads the name and notes the body's scope.
    private mutating func readDeclaration(keyword: String) {
        guard case .word(let first) = tokens[safe: position], !Self.nonNames.contains(first) else {
            resetDeclaration()  // `class func`, `class var`, `let actor = …`
            return
        }
        var name = first
        position += 1
        if keyword == "extension" {
            while tokens[safe: position] == .punctuation(ascii(".")), case .word(let next) = tokens[safe: position + 1]
            {
                name += ".\(next)"
                position += 2
            }
        }
        let isGeneric = tokens[safe: position] == .punctuation(ascii("<"))
        // Type scopes hold qualified names, so the innermost one prefixes this declaration's name.
        let isEnclosingNameable = scopes.allSatisfy { scope in
            if case .type(_, let isNameable) = scope { return isNameable }
            return false
        }
        var qualifiedName = name
        if keyword != "extension", case .type(let enclosing, _) = scopes.last {
            qualifiedName = "\(enclosing).\(name)"
        }
        let isNameable = isEnclosingNameable && !isGeneric && !sawPrivate && keyword != "protocol"
        if sawRegisterable, keyword != "extension", keyword != "protocol", isNameable {
            found.append(RegisterableType(qualifiedName: qualifiedName, conditions: conditionals.map(\.condition)))
        }
        pendingScope = .type(name: qualifiedName, isNameable: isNameable)
        resetDeclaration()
    }

    /// Words after `class` (or `actor`) that show it is not a type declaration.
    static let nonNames: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "override", "final", "static", "public", "private",
        "fileprivate", "internal", "open", "package", "nonisolated", "convenience", "required", "dynamic",
    ]
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
