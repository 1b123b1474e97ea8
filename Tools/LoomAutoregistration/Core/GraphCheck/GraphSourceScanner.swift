/// Reads what the graph check needs from one file, lexically: declared types and aliases, `@Registerable` types with
/// the needs their initialiser and `@Injected` properties declare, and written registrations
/// (see `GraphSourceScanner+Registrations.swift`).
///
/// It follows `@Registerable`'s own rules for which initialiser builds the type, so the needs are the parameters the
/// generated registration injects: all of them with `parameters: .injected`, the non-ignored ones of an
/// `@InjectedParameters` initialiser; plain parameters are factory arguments, not needs. What it cannot read makes
/// the need unreadable (the check then calls it unknown), never a guess.
///
/// ```swift
/// let facts = GraphSourceScanner.facts(
///     in: LexedSource("@Registerable(parameters: .injected) final class Editor { init(clock: any Clock) {} }"),
///     path: "Sources/App/Editor.swift", module: "App")
/// facts.registerables[0].needs[0].site   // "'Editor.init(clock:)'"
/// ```
struct GraphSourceScanner {
    /// A `@Name(arguments)` attribute: its last name component, the token range inside its parentheses, and the
    /// index of its `@`.
    struct Attribute {
        let name: String
        let arguments: Range<Int>?
        let start: Int
    }

    /// An initialiser declared in a type's body.
    struct Initializer {
        struct Parameter {
            let label: String?
            let internalName: String?
            let type: TypeSpelling?
            let location: SourceLocation
        }

        let parameters: [Parameter]
        let isAsync: Bool
        let isThrowing: Bool
        let isSupported: Bool
        let isPreferred: Bool
        let isDisfavored: Bool
        /// The `@InjectedParameters` attribute's settings, if it has one (not readable when written in a form the
        /// scanner does not read).
        let injectedParameters: InjectedParametersSettings?
        let isConditional: Bool

        /// `init(a:_:)`, as the macro's messages name it.
        var displayName: String { "init(\(parameters.map { "\($0.label ?? "_"):" }.joined()))" }
    }

    /// What `@InjectedParameters(ignoring:strategy:)` says.
    struct InjectedParametersSettings {
        var ignored: [String] = []
        var byName = false
        var isReadable = true

        func isIgnored(_ parameter: Initializer.Parameter) -> Bool {
            ignored.contains { $0 == parameter.label || $0 == parameter.internalName }
        }
    }

    /// What `@Registerable(…)` says.
    struct RegisterableSettings {
        var locator: Provider.Locator = .type
        var extraTypes: [TypeSpelling] = []
        var scope: StaticScope = .automatic
        var injectsParameters = false
        var isReadable = true
    }

    /// A type whose body is being read.
    struct OpenType {
        let qualifiedName: String
        let kind: TypeKind?
        let generics: Set<String>
        let registerable: RegisterableSettings?
        let location: SourceLocation
        let isConditional: Bool
        var initializers: [Initializer] = []
        var properties: [Need] = []
    }

    enum Scope {
        case type(OpenType)
        /// A function or closure body, or any other braces; with the generic parameters a function declares.
        case other(generics: Set<String>)
    }

    static let typeKeywords: [String: TypeKind] = [
        "class": .classType, "struct": .structType, "enum": .enumType, "actor": .actorType, "protocol": .protocolType,
    ]

    /// The facts of one file of `module`.
    static func facts(in source: LexedSource, path: String, module: String) -> SourceFacts {
        var scanner = GraphSourceScanner(source: source, path: path, module: module)
        scanner.scan()
        scanner.facts.markers = source.markers
        return scanner.facts
    }

    let source: LexedSource
    let tokens: [SourceToken]
    let path: String
    let module: String
    var position = 0
    var scopes: [Scope] = []
    /// How many `#if` blocks enclose the current token.
    var conditionalDepth = 0
    var facts = SourceFacts()

    // The declaration being read: attributes seen since the last other token, and the scope the next `{` opens.
    var attributes: [Attribute] = []
    var pendingScope: Scope?

    init(source: LexedSource, path: String, module: String) {
        self.source = source
        tokens = source.tokens
        self.path = path
        self.module = module
    }

    // MARK: Walking the file

    private mutating func scan() {
        while position < tokens.count {
            let index = position
            position += 1
            switch tokens[index] {
            case .directive(let keyword, _):
                if keyword == "if" { conditionalDepth += 1 }
                if keyword == "endif" { conditionalDepth = max(0, conditionalDepth - 1) }
            case .punctuation(ascii("@")):
                readAttribute()
                continue
            case .punctuation(ascii("{")):
                scopes.append(pendingScope ?? .other(generics: []))
                pendingScope = nil
            case .punctuation(ascii("}")):
                closeScope()
                pendingScope = nil
            case .word(let word) where RegisterableScanner.modifiers.contains(word):
                if tokens[safe: position] == .punctuation(ascii("(")) { position = closing(of: position) + 1 }
                continue  // modifiers keep the attributes read so far
            case .word(let word)
            where (Self.typeKeywords[word] != nil || word == "extension") && !follows(".", at: index):
                readTypeDeclaration(keyword: word)  // not `.class`, an enum case named like a keyword
            case .word("init") where !follows(".", at: index):
                readInitializer(at: index)
            case .word("var") where !follows(".", at: index):
                readProperty(at: index)
            case .word("func"):
                readFunctionGenerics()
            case .word("typealias"):
                readTypeAlias()
            case .word("Dependency"):
                readDependency(at: index)
            case .word("register"):
                readRegisterCall(at: index)
            case .word("dependencyRegistration") where follows(".", at: index):
                readListing(at: index)
            case .word(let word) where word.hasSuffix("Autoregistered") && follows(".", at: index):
                facts.listedGroups.insert(word)
            default:
                break
            }
            attributes = []
        }
    }

    private mutating func closeScope() {
        guard case .type(let open)? = scopes.popLast(), let settings = open.registerable, let kind = open.kind
        else { return }
        let needs = registerableNeeds(of: open, settings: settings)
        facts.registerables.append(
            RegisterableNode(
                qualifiedName: open.qualifiedName, kind: kind, scope: settings.scope, needs: needs,
                location: open.location))
        facts.providers.append(
            Provider(
                type: TypeSpelling(open.qualifiedName), aliases: settings.extraTypes, locator: settings.locator,
                hasAlternative: false, takesArguments: settings.injectsParameters ? false : nil, argumentTypes: [],
                scope: settings.scope, registerable: open.qualifiedName, hasUnknownModifier: false,
                location: open.location, isConditional: open.isConditional))
    }

    // MARK: Declarations

    /// `@Name`, `@Module.Name`, with an optional parenthesised argument list.
    private mutating func readAttribute() {
        let start = position - 1
        var name = ""
        while case .word(let word) = tokens[safe: position] {
            name = word
            position += 1
            guard tokens[safe: position] == .punctuation(ascii(".")), case .word = tokens[safe: position + 1]
            else { break }
            position += 1
        }
        var arguments: Range<Int>?
        if tokens[safe: position] == .punctuation(ascii("(")) {
            let close = closing(of: position)
            arguments = (position + 1)..<close
            position = close + 1
        }
        attributes.append(Attribute(name: name, arguments: arguments, start: start))
    }

    private mutating func readTypeDeclaration(keyword: String) {
        guard case .word(let first) = tokens[safe: position], !RegisterableScanner.nonNames.contains(first) else {
            return  // `class func`, `class var`, `let actor = …`
        }
        let nameIndex = position
        var name = first
        position += 1
        while keyword == "extension", tokens[safe: position] == .punctuation(ascii(".")),
            case .word(let next) = tokens[safe: position + 1]
        {
            name += ".\(next)"
            position += 2
        }
        let generics = readGenericParameterNames()
        var inherited: [TypeSpelling] = []
        if tokens[safe: position] == .punctuation(ascii(":")) {
            var index = position + 1
            while let (type, end) = TypeSpelling.read(tokens, at: index) {
                inherited.append(type)
                guard tokens[safe: end] == .punctuation(ascii(",")) else { break }
                index = end + 1
            }
        }
        let isLocal = scopes.contains { if case .other = $0 { true } else { false } }
        let enclosingGenerics = scopes.contains {
            if case .type(let open) = $0 { !open.generics.isEmpty } else { false }
        }
        var qualifiedName = name
        if keyword != "extension", case .type(let enclosing)? = scopes.last {
            qualifiedName = "\(enclosing.qualifiedName).\(name)"
        }
        let location = location(ofToken: nameIndex)
        let kind = Self.typeKeywords[keyword]
        if let kind {
            facts.types.append(
                DeclaredType(qualifiedName: qualifiedName, kind: kind, inherited: inherited, location: location))
        } else if !inherited.isEmpty {
            facts.conformances.append(DeclaredConformance(typeName: qualifiedName, inherited: inherited))
        }
        var settings: RegisterableSettings?
        if let kind, kind != .protocolType, !isLocal, !enclosingGenerics, generics.isEmpty,
            let attribute = attributes.last(where: { $0.name == "Registerable" })
        {
            settings = registerableSettings(attribute)
        }
        pendingScope = .type(
            OpenType(
                qualifiedName: qualifiedName, kind: kind, generics: generics, registerable: settings,
                location: location, isConditional: conditionalDepth > 0))
    }

    /// `<T, U: P>` after a name: the parameter names, or none.
    private mutating func readGenericParameterNames() -> Set<String> {
        guard tokens[safe: position] == .punctuation(ascii("<")) else { return [] }
        var names: Set<String> = []
        var depth = 0
        var expectsName = true
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token {
            case .punctuation(ascii("<")):
                depth += 1
                expectsName = depth == 1
            case .punctuation(ascii(">")):
                depth -= 1
                if depth == 0 { return names }
            case .punctuation(ascii(",")) where depth == 1:
                expectsName = true
            case .word(let word) where expectsName && word != "each":
                names.insert(word)
                expectsName = false
            default:
                break
            }
        }
        return names
    }

    private mutating func readFunctionGenerics() {
        // The name, or an operator's punctuation.
        while position < tokens.count,
            ![ascii("<"), ascii("("), ascii("{"), ascii("}")].contains(where: { tokens[position] == .punctuation($0) })
        {
            position += 1
        }
        let generics = readGenericParameterNames()
        if !generics.isEmpty { pendingScope = .other(generics: generics) }
    }

    private mutating func readTypeAlias() {
        guard case .word(let name) = tokens[safe: position] else { return }
        position += 1
        let isGeneric = tokens[safe: position] == .punctuation(ascii("<"))
        _ = readGenericParameterNames()
        var qualifiedName = name
        if case .type(let enclosing)? = scopes.last { qualifiedName = "\(enclosing.qualifiedName).\(name)" }
        var target: TypeSpelling?
        if !isGeneric, tokens[safe: position] == .punctuation(ascii("=")) {
            target = TypeSpelling.read(tokens, at: position + 1)?.spelling
        }
        facts.aliases.append(DeclaredAlias(qualifiedName: qualifiedName, target: target))
    }

    // MARK: Registerable types

    private func registerableSettings(_ attribute: Attribute) -> RegisterableSettings {
        var settings = RegisterableSettings()
        guard let range = attribute.arguments else { return settings }
        for argument in arguments(in: range) {
            let value = argument.value
            switch argument.label {
            case "by":
                guard tokens[safe: value.lowerBound] == .punctuation(ascii(".")),
                    case .word(let kind) = tokens[safe: value.lowerBound + 1],
                    tokens[safe: value.lowerBound + 2] == .punctuation(ascii("("))
                else {
                    settings.isReadable = false
                    continue
                }
                let inner = (value.lowerBound + 3)..<closing(of: value.lowerBound + 2)
                switch kind {
                case "type":
                    for type in arguments(in: inner) {
                        guard let spelling = metatype(in: type.value) else {
                            settings.isReadable = false
                            continue
                        }
                        settings.extraTypes.append(spelling)
                    }
                case "name": settings.locator = .name(stringLiteral(in: inner))
                case "value": settings.locator = .value
                default: settings.isReadable = false
                }
            case "scope":
                settings.scope = scope(in: value)
            case "parameters":
                settings.injectsParameters = memberName(in: value) == "injected"
            default:
                continue
            }
        }
        return settings
    }

    /// The needs of a `@Registerable` type: the parameters its generated registration injects and its `@Injected`
    /// properties.
    private func registerableNeeds(of open: OpenType, settings: RegisterableSettings) -> [Need] {
        var needs = open.properties
        guard settings.isReadable else {
            return needs + [unreadable(open, "its @Registerable arguments are not written literally")]
        }
        var marked: [(initializer: Initializer, factoryParameters: [Initializer.Parameter])] = []
        var unmarked: [Initializer] = []
        for initializer in open.initializers where initializer.isSupported {
            if let injected = initializer.injectedParameters {
                guard injected.isReadable else {
                    return needs + [unreadable(open, "its @InjectedParameters arguments are not written literally")]
                }
                if initializer.parameters.contains(where: { !injected.isIgnored($0) }) {
                    marked.append((initializer, initializer.parameters.filter(injected.isIgnored)))
                }
            }
            if initializer.isPreferred {
                marked.append((initializer, initializer.parameters))
            } else if !initializer.isDisfavored {
                unmarked.append(initializer)
            }
        }
        var chosen: (initializer: Initializer, factoryParameters: [Initializer.Parameter])?
        if let preferred = marked.min(by: { $0.factoryParameters.count < $1.factoryParameters.count }) {
            chosen = preferred
        } else {
            let plain = unmarked.filter { !$0.isAsync && !$0.isThrowing }
            for tier in [plain, unmarked.filter { $0.isAsync || $0.isThrowing }] where !tier.isEmpty {
                guard tier.count == 1 else {
                    return needs + [unreadable(open, "several initialisers qualify, which @Registerable reports")]
                }
                chosen = (tier[0], tier[0].parameters)
                break
            }
        }
        guard let chosen else {
            // The implicit `init()`, or none at all (which the macro reports): nothing injected either way.
            return needs
        }
        let site = "'\(open.qualifiedName).\(chosen.initializer.displayName)'"
        let isConditional = open.isConditional || chosen.initializer.isConditional
        if let injected = chosen.initializer.injectedParameters {
            for parameter in chosen.initializer.parameters where !injected.isIgnored(parameter) {
                let byName = injected.byName ? parameter.internalName.map(NeedKey.name) : nil
                needs.append(
                    need(parameter, key: byName, holder: open, site: site, isConditional: isConditional))
            }
        }
        if settings.injectsParameters {
            for parameter in chosen.factoryParameters {
                needs.append(need(parameter, key: nil, holder: open, site: site, isConditional: isConditional))
            }
        }
        return needs
    }

    private func need(
        _ parameter: Initializer.Parameter, key: NeedKey?, holder: OpenType, site: String, isConditional: Bool
    ) -> Need {
        let key = key ?? parameter.type.map(NeedKey.type)
        return Need(
            key: key, declaredType: parameter.type, holder: holder.qualifiedName, site: site, isConstruction: true,
            keepsInstance: true,
            location: parameter.location, isConditional: isConditional,
            unreadableReason: key == nil ? "its type is not written in a form the check reads" : nil)
    }

    private func unreadable(_ open: OpenType, _ reason: String) -> Need {
        Need(
            key: nil, declaredType: nil, holder: open.qualifiedName, site: "'\(open.qualifiedName)'",
            isConstruction: true,
            keepsInstance: true, location: open.location, isConditional: open.isConditional, unreadableReason: reason)
    }

    /// `init(…)` in a type's body: its parameters, effects and the attributes `@Registerable` reads.
    private mutating func readInitializer(at index: Int) {
        guard case .type(var open)? = scopes.last, open.registerable != nil else { return }
        var cursor = index + 1
        var isSupported = true
        if tokens[safe: cursor] == .punctuation(ascii("?")) || tokens[safe: cursor] == .punctuation(ascii("!")) {
            isSupported = false
            cursor += 1
        }
        if tokens[safe: cursor] == .punctuation(ascii("<")) {
            isSupported = false
            cursor = closing(of: cursor) + 1
        }
        // Anything else after `init` (`init:` as an argument label) is not a declaration.
        guard tokens[safe: cursor] == .punctuation(ascii("(")) else { return }
        let close = closing(of: cursor)
        var parameters: [Initializer.Parameter] = []
        for argument in arguments(in: (cursor + 1)..<close, splitsLabels: false) {
            parameters.append(parameter(in: argument.value))
        }
        var isAsync = false
        var isThrowing = false
        var effect = close + 1
        while case .word(let word) = tokens[safe: effect], ["async", "throws", "rethrows"].contains(word) {
            if word == "async" { isAsync = true } else { isThrowing = true }
            effect += 1
        }
        var injected: InjectedParametersSettings?
        if let attribute = attributes.last(where: { $0.name == "InjectedParameters" }) {
            injected = injectedParametersSettings(attribute)
        }
        open.initializers.append(
            Initializer(
                parameters: parameters, isAsync: isAsync, isThrowing: isThrowing, isSupported: isSupported,
                isPreferred: attributes.contains { $0.name == "PreferredInitializer" },
                isDisfavored: attributes.contains { $0.name == "_disfavoredOverload" },
                injectedParameters: injected, isConditional: conditionalDepth > 0))
        scopes[scopes.count - 1] = .type(open)
    }

    /// One parameter, `label name: Type = default`.
    private func parameter(in range: Range<Int>) -> Initializer.Parameter {
        var names: [String] = []
        var index = range.lowerBound
        while index < range.upperBound, tokens[index] != .punctuation(ascii(":")) {
            if case .word(let word) = tokens[index] { names.append(word) }
            index += 1
        }
        var type: TypeSpelling?
        if index < range.upperBound, let read = TypeSpelling.read(tokens, at: index + 1), read.end <= range.upperBound,
            read.end == range.upperBound || tokens[read.end] == .punctuation(ascii("="))
        {
            type = read.spelling
        }
        let label = names.first.flatMap { $0 == "_" ? nil : $0 }
        let internalName = (names.count > 1 ? names[1] : names.first).flatMap { $0 == "_" ? nil : $0 }
        return Initializer.Parameter(
            label: label, internalName: internalName, type: type, location: location(ofToken: range.lowerBound))
    }

    private func injectedParametersSettings(_ attribute: Attribute) -> InjectedParametersSettings {
        var settings = InjectedParametersSettings()
        guard let range = attribute.arguments else { return settings }
        var collectsIgnored = false
        for argument in arguments(in: range) {
            if argument.label != nil { collectsIgnored = argument.label == "ignoring" }
            switch argument.label {
            case "strategy":
                settings.byName = ["byName", "stitcherByName"].contains(memberName(in: argument.value))
            case "ignoring":
                readIgnored(argument.value, into: &settings)
            case nil where collectsIgnored:
                readIgnored(argument.value, into: &settings)  // `ignoring:` is variadic
            case "parent", "loading":
                continue
            default:
                settings.isReadable = false
            }
        }
        return settings
    }

    private func readIgnored(_ value: Range<Int>, into settings: inout InjectedParametersSettings) {
        if let name = stringLiteral(in: value) { settings.ignored.append(name) } else { settings.isReadable = false }
    }

    /// `@Injected var name: Type` in a type's body: a need of a `@Registerable` holder.
    private mutating func readProperty(at index: Int) {
        guard case .type(var open)? = scopes.last, open.registerable != nil,
            let attribute = attributes.last(where: { $0.name == "Injected" }),
            case .word(let name) = tokens[safe: index + 1], tokens[safe: index + 2] == .punctuation(ascii(":")),
            let (type, end) = TypeSpelling.read(tokens, at: index + 3)
        else { return }
        guard tokens[safe: end] != .punctuation(ascii("=")) else { return }  // a plain value, never resolved
        var key: NeedKey? = .type(type)
        var reason: String?
        var keepsInstance = true
        if let range = attribute.arguments {
            for argument in arguments(in: range) {
                switch argument.label {
                case "refresh":
                    keepsInstance = memberName(in: argument.value) != "everyRead"
                case "name":
                    key = stringLiteral(in: argument.value).map(NeedKey.name)
                    if key == nil { reason = "its name is not a string literal" }
                case "alternative" where tokens[safe: argument.value.lowerBound] == .word("nil"):
                    continue
                case nil
                where ["lazily", "resolvingOnInit", "capturingContainerOnInit"].contains(
                    calledMemberName(in: argument.value)):
                    continue
                case "fileID", "function", "line":
                    continue
                case nil where tokens[safe: argument.value.lowerBound] == .punctuation(ascii("\\")):
                    return  // an `InjectedValues` key path, not the graph
                default:
                    key = nil
                    reason = "it passes factory arguments, an alternative or a value the check does not model"
                }
            }
        }
        open.properties.append(
            Need(
                key: key, declaredType: type, holder: open.qualifiedName,
                site: "'\(open.qualifiedName).\(name)' (@Injected)",
                isConstruction: false, keepsInstance: keepsInstance, location: location(ofToken: attribute.start),
                isConditional: open.isConditional || conditionalDepth > 0, unreadableReason: reason))
        scopes[scopes.count - 1] = .type(open)
    }

    // MARK: Token helpers

    /// Whether the token before `index` is the punctuation `character`.
    func follows(_ character: Unicode.Scalar, at index: Int) -> Bool {
        index > 0 && tokens[index - 1] == .punctuation(ascii(character))
    }

    /// The index of the bracket closing the one at `open` (`(`, `[`, `{` or `<`); the end of the file if unclosed.
    func closing(of open: Int) -> Int {
        guard case .punctuation(let opening)? = tokens[safe: open] else { return open }
        let closingByte: UInt8 =
            switch opening {
            case ascii("("): ascii(")")
            case ascii("["): ascii("]")
            case ascii("<"): ascii(">")
            default: ascii("}")
            }
        var depth = 0
        var index = open
        while index < tokens.count {
            if tokens[index] == .punctuation(opening) { depth += 1 }
            if tokens[index] == .punctuation(closingByte) {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return tokens.count
    }

    /// The comma-separated arguments in `range`, each with its label (when `splitsLabels`) and value range.
    func arguments(in range: Range<Int>, splitsLabels: Bool = true) -> [(label: String?, value: Range<Int>)] {
        var result: [(label: String?, value: Range<Int>)] = []
        var start = range.lowerBound
        var index = range.lowerBound
        var depth = 0
        func finish(at end: Int) {
            guard start < end else { return }
            if splitsLabels, case .word(let label) = tokens[start], start + 1 < end,
                tokens[start + 1] == .punctuation(ascii(":"))
            {
                result.append((label, (start + 2)..<end))
            } else {
                result.append((nil, start..<end))
            }
        }
        while index < range.upperBound {
            switch tokens[index] {
            case .punctuation(ascii("(")), .punctuation(ascii("[")), .punctuation(ascii("{")): depth += 1
            case .punctuation(ascii(")")), .punctuation(ascii("]")), .punctuation(ascii("}")): depth -= 1
            case .punctuation(ascii(",")) where depth == 0:
                finish(at: index)
                start = index + 1
            default: break
            }
            index += 1
        }
        finish(at: range.upperBound)
        return result
    }

    /// `name` in `.name` or `Type.name` spanning `range`.
    func memberName(in range: Range<Int>) -> String? {
        guard range.count >= 2, tokens[range.upperBound - 2] == .punctuation(ascii(".")),
            case .word(let name) = tokens[range.upperBound - 1]
        else { return nil }
        return name
    }

    /// The text of a plain string literal that is all of `range`.
    func stringLiteral(in range: Range<Int>) -> String? {
        guard range.count == 1, case .string(let text)? = tokens[safe: range.lowerBound] else { return nil }
        return text
    }

    /// `T` in `T.self` or `(any T).self` spanning `range`.
    func metatype(in range: Range<Int>) -> TypeSpelling? {
        guard range.count >= 3, tokens[range.upperBound - 1] == .word("self"),
            tokens[range.upperBound - 2] == .punctuation(ascii(".")),
            let read = TypeSpelling.read(tokens, at: range.lowerBound), read.end == range.upperBound - 2
        else { return nil }
        return read.spelling
    }

    /// A `DependencyScope` (or `RegisterableScope`) written in `range`: `.singleton`, `DependencyScope.scoped`,
    /// `.managed(…)`.
    func scope(in range: Range<Int>) -> StaticScope {
        switch calledMemberName(in: range) {
        case "instance": .instance
        case "shared": .shared
        case "singleton": .singleton
        case "scoped": .scoped
        case "managed": .managed
        case "automatic": .automatic
        default: .unknown
        }
    }

    /// `name` in `.name`, `Type.name` or `.name(…)` spanning `range`.
    func calledMemberName(in range: Range<Int>) -> String? {
        var end = range.upperBound
        if end > range.lowerBound, tokens[end - 1] == .punctuation(ascii(")")) {
            // `.managed(…)`, `.automatic(for: …)`: the member before the argument list.
            var depth = 0
            while end > range.lowerBound {
                end -= 1
                if tokens[end] == .punctuation(ascii(")")) { depth += 1 }
                if tokens[end] == .punctuation(ascii("(")) {
                    depth -= 1
                    if depth == 0 { break }
                }
            }
        }
        return memberName(in: range.lowerBound..<end)
    }

    func location(ofToken index: Int) -> SourceLocation {
        let (line, column) = source.location(ofToken: index)
        return SourceLocation(path: path, module: module, line: line, column: column)
    }

    /// The generic parameter names of every enclosing function and type.
    var genericsInScope: Set<String> {
        scopes.reduce(into: Set<String>()) { names, scope in
            switch scope {
            case .type(let open): names.formUnion(open.generics)
            case .other(let generics): names.formUnion(generics)
            }
        }
    }
}
