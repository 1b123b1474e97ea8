// Registrations written in source: `Dependency { … }` (with its modifiers) and `container.register(…) { … }`.
//
// The registered type is known when source writes it: `Dependency<Store> { … }`, `register(Store.self) { … }` or a
// closure with `-> any Store`. Otherwise the registration is opaque: it may answer a request for any type, so the
// check cannot say that nothing provides a need. Each expression is read ahead of the walk, which then goes on
// through its tokens as usual.

extension GraphSourceScanner {
    /// What one registration expression says.
    struct RegistrationReading {
        var written: TypeSpelling?
        var aliases: [TypeSpelling] = []
        var locator: Provider.Locator = .type
        var hasAlternative = false
        var takesArguments: Bool? = false
        var argumentTypes: [TypeSpelling] = []
        var scope: StaticScope
        var hasExplicitScope = false
        var hasUnknownModifier = false
        /// The factory closure's `{`, or `-1` for a factory passed as a value (`Dependency(makeStore)`).
        var factory: Int?
    }

    /// Words that, before `Dependency`, show it is a type in a declaration rather than a registration.
    private static let declarationContext: Set<String> = [
        "struct", "class", "enum", "extension", "typealias", "func", "var", "let", "as", "is", "some", "any",
    ]

    /// `Dependency { … }`, `Dependency(named: "n") { … }`, `Dependency<Store> { … }`, with modifiers.
    mutating func readDependency(at index: Int) {
        if index > 0 {
            switch tokens[index - 1] {
            case .punctuation(ascii(":")), .punctuation(ascii(">")), .punctuation(ascii("<")), .punctuation(ascii("[")):
                return  // a type annotation, a return type, a generic argument
            case .punctuation(ascii(".")):
                guard index > 1, [.word("LoomCore"), .word("Loom")].contains(tokens[index - 2]) else { return }
            case .word(let word) where Self.declarationContext.contains(word):
                return
            default:
                break
            }
        }
        if tokens[safe: index + 1] == .punctuation(ascii(".")), tokens[safe: index + 2] == .word("provided") {
            return readProvided(at: index)
        }
        var reading = RegistrationReading(scope: .automatic)
        var cursor = index + 1
        if tokens[safe: cursor] == .punctuation(ascii("<")) {
            guard let (type, end) = TypeSpelling.read(tokens, at: cursor + 1),
                tokens[safe: end] == .punctuation(ascii(">"))
            else { return }
            reading.written = type
            cursor = end + 1
        }
        if tokens[safe: cursor] == .punctuation(ascii("(")) {
            let close = closing(of: cursor)
            var isMainActor = false
            for argument in arguments(in: (cursor + 1)..<close) {
                switch argument.label {
                case "isolation":
                    isMainActor = metatype(in: argument.value)?.description == "MainActor"
                case "scope":
                    reading.scope = scope(in: argument.value)
                    reading.hasExplicitScope = true
                case "named":
                    reading.locator = .name(stringLiteral(in: argument.value))
                case "for":
                    reading.locator = .value
                case "conformingTo", "inheritingFrom":
                    addAlias(metatype(in: argument.value), to: &reading)
                case "alternative":
                    reading.hasAlternative = tokens[safe: argument.value.lowerBound] != .word("nil")
                case "fileID", "line":
                    continue
                case nil:
                    reading.factory =
                        tokens[argument.value.lowerBound] == .punctuation(ascii("{")) ? argument.value.lowerBound : -1
                default:
                    reading.hasUnknownModifier = true
                }
            }
            // `Dependency(isolation: MainActor.self)` takes its scope as an argument, `.instance` by default.
            if isMainActor, !reading.hasExplicitScope { reading.scope = .instance }
            cursor = close + 1
        }
        if reading.factory == nil, tokens[safe: cursor] == .punctuation(ascii("{")) {
            reading.factory = cursor
            cursor = closing(of: cursor) + 1
        }
        guard let factory = reading.factory else { return }  // not a construction: a type, `Dependency.init`, …
        if factory >= 0 {
            readFactoryClosure(at: factory, into: &reading)
        } else {
            reading.takesArguments = nil
        }
        readModifiers(from: cursor, into: &reading)
        record(reading, at: index)
    }

    /// `Dependency.provided(Request.self)`: a value each request scope brings, provided as a `.scoped` registration
    /// of the type it names (opaque when the type is not written as `T.self`).
    private mutating func readProvided(at index: Int) {
        let open = index + 3
        guard tokens[safe: open] == .punctuation(ascii("(")) else { return }
        let close = closing(of: open)
        var reading = RegistrationReading(scope: .scoped)
        reading.hasExplicitScope = true
        for argument in arguments(in: (open + 1)..<close) where argument.label == nil {
            reading.written = metatype(in: argument.value)
        }
        readModifiers(from: close + 1, into: &reading)
        record(reading, at: index)
    }

    /// `container.register { … }`, `register(Store.self, scope: .singleton) { … } onRelease: { … }`.
    mutating func readRegisterCall(at index: Int) {
        if index > 0, case .word(let word) = tokens[index - 1], word == "func" { return }
        guard
            tokens[safe: index + 1] == .punctuation(ascii("("))
                || tokens[safe: index + 1] == .punctuation(ascii("{"))
        else { return }
        var reading = RegistrationReading(scope: .instance)
        var cursor = index + 1
        var typeIsVariable = false
        if tokens[safe: cursor] == .punctuation(ascii("(")) {
            let close = closing(of: cursor)
            for argument in arguments(in: (cursor + 1)..<close) {
                switch argument.label {
                case "on", "onRelease", "fileID", "line":
                    continue
                case "scope":
                    reading.scope = scope(in: argument.value)
                case "alternative":
                    reading.hasAlternative = tokens[safe: argument.value.lowerBound] != .word("nil")
                case nil:
                    if tokens[argument.value.lowerBound] == .punctuation(ascii("{")) {
                        if reading.factory == nil { reading.factory = argument.value.lowerBound }
                    } else if let type = metatype(in: argument.value) {
                        reading.written = type
                    } else {
                        typeIsVariable = true
                    }
                default:
                    return  // a label Loom's `register` does not have: someone else's method
                }
            }
            cursor = close + 1
        }
        if reading.factory == nil, tokens[safe: cursor] == .punctuation(ascii("{")) {
            reading.factory = cursor
        }
        guard let factory = reading.factory else { return }  // Loom's `register` always takes a factory
        readFactoryClosure(at: factory, into: &reading)
        if typeIsVariable { reading.written = nil }
        record(reading, at: index)
    }

    /// `Type.dependencyRegistration.scope(…)`: a listing that changes the `@Registerable` type's scope.
    mutating func readListing(at index: Int) {
        var names: [String] = []
        var cursor = index - 2
        while cursor >= 0, case .word(let word) = tokens[cursor] {
            names.insert(word, at: 0)
            guard cursor >= 2, tokens[cursor - 1] == .punctuation(ascii(".")) else { break }
            cursor -= 2
        }
        guard !names.isEmpty else { return }
        facts.listedTypes.insert(names.joined(separator: "."))
        cursor = index + 1
        while tokens[safe: cursor] == .punctuation(ascii(".")), case .word(let modifier) = tokens[safe: cursor + 1] {
            if modifier == "scope" { facts.rescopedRegisterables.insert(names.joined(separator: ".")) }
            cursor += 2
            if tokens[safe: cursor] == .punctuation(ascii("(")) { cursor = closing(of: cursor) + 1 }
            while tokens[safe: cursor] == .punctuation(ascii("{")) { cursor = closing(of: cursor) + 1 }
        }
    }

    // MARK: Pieces

    /// The closure's signature: its written result type and whether it takes arguments.
    private func readFactoryClosure(at open: Int, into reading: inout RegistrationReading) {
        var cursor = open + 1
        while tokens[safe: cursor] == .punctuation(ascii("@")), case .word = tokens[safe: cursor + 1] {
            cursor += 2
            if tokens[safe: cursor] == .punctuation(ascii("(")) { cursor = closing(of: cursor) + 1 }
        }
        if tokens[safe: cursor] == .punctuation(ascii("[")) { cursor = closing(of: cursor) + 1 }
        if tokens[safe: cursor] == .punctuation(ascii("(")) {
            let close = closing(of: cursor)
            let parameters = arguments(in: (cursor + 1)..<close, splitsLabels: false)
            var result: TypeSpelling?
            var end = close + 1
            while case .word(let word) = tokens[safe: end], ["async", "throws", "rethrows"].contains(word) {
                end += 1
            }
            if tokens[safe: end] == .punctuation(ascii("-")), tokens[safe: end + 1] == .punctuation(ascii(">")),
                let read = TypeSpelling.read(tokens, at: end + 2)
            {
                result = read.spelling
                end = read.end
            }
            guard tokens[safe: end] == .word("in") else {
                reading.takesArguments = nil  // an expression in parentheses, not a signature
                return
            }
            reading.takesArguments = !parameters.isEmpty
            reading.argumentTypes = parameters.compactMap { parameter in
                guard let colon = parameter.value.firstIndex(where: { tokens[$0] == .punctuation(ascii(":")) })
                else { return nil }
                return TypeSpelling.read(tokens, at: colon + 1)?.spelling
            }
            if reading.written == nil { reading.written = result }
            return
        }
        // `a, b in`, `_ in` or a bare `in` after a capture list.
        var names = 0
        while case .word(let word) = tokens[safe: cursor], word != "in" {
            names += 1
            cursor += 1
            guard tokens[safe: cursor] == .punctuation(ascii(",")) else { break }
            cursor += 1
        }
        if tokens[safe: cursor] == .word("in") {
            reading.takesArguments = names > 0
        } else {
            reading.takesArguments = usesAnonymousArguments(closureAt: open) ? nil : false
        }
    }

    /// Whether `$0`-style arguments appear in the closure (or in one nested in it).
    private func usesAnonymousArguments(closureAt open: Int) -> Bool {
        let close = closing(of: open)
        return tokens[open..<min(close, tokens.count)].contains { token in
            if case .word(let word) = token, word.hasPrefix("$"), word.dropFirst().allSatisfy(\.isNumber) {
                return !word.dropFirst().isEmpty
            }
            return false
        }
    }

    /// `.scope(…)`, `.named(…)`, `.conforms(to:)` and the other `Dependency` modifiers after `cursor`.
    private func readModifiers(from start: Int, into reading: inout RegistrationReading) {
        var cursor = start
        while tokens[safe: cursor] == .punctuation(ascii(".")), case .word(let modifier) = tokens[safe: cursor + 1] {
            cursor += 2
            var argumentRange: Range<Int>?
            if tokens[safe: cursor] == .punctuation(ascii("(")) {
                let close = closing(of: cursor)
                argumentRange = (cursor + 1)..<close
                cursor = close + 1
            }
            while tokens[safe: cursor] == .punctuation(ascii("{")) { cursor = closing(of: cursor) + 1 }
            let first = argumentRange.flatMap { arguments(in: $0).first }
            switch modifier {
            case "scope":
                reading.scope = first.map { scope(in: $0.value) } ?? .unknown
            case "named":
                reading.locator = .name(first.flatMap { stringLiteral(in: $0.value) })
            case "associated":
                reading.locator = .value
            case "alternative":
                reading.hasAlternative = true
            case "conforms", "inherits":
                addAlias(first.flatMap { metatype(in: $0.value) }, to: &reading)
            case "eagerness", "onRelease":
                continue
            default:
                reading.hasUnknownModifier = true
            }
        }
    }

    private func addAlias(_ type: TypeSpelling?, to reading: inout RegistrationReading) {
        if let type { reading.aliases.append(type) } else { reading.hasUnknownModifier = true }
    }

    private mutating func record(_ reading: RegistrationReading, at index: Int) {
        let generics = genericsInScope
        var type = reading.written
        // `register(T.self)` in a generic function registers whatever `T` is at run time, and `-> some Clock` the
        // concrete type the compiler knows.
        if let written = type, written.identifiers.contains(where: generics.contains) || written.parts.contains("some")
        {
            type = nil
        }
        let aliases = reading.aliases.filter { !$0.identifiers.contains(where: generics.contains) }
        facts.providers.append(
            Provider(
                type: type, aliases: aliases, locator: reading.locator, hasAlternative: reading.hasAlternative,
                takesArguments: reading.takesArguments, argumentTypes: reading.argumentTypes, scope: reading.scope,
                registerable: nil,
                hasUnknownModifier: reading.hasUnknownModifier || aliases.count != reading.aliases.count,
                location: location(ofToken: index), isConditional: conditionalDepth > 0))
    }
}
