import SwiftSyntax

/// The arguments of a freestanding macro, consumed left to right with precise diagnostics.
///
/// The key macros mix positional and labelled optional arguments, so each step looks at the next argument and
/// takes it only if its label matches.
struct MacroArguments {
    private var remaining: [LabeledExprSyntax]
    private let macro: Syntax

    init(_ node: some FreestandingMacroExpansionSyntax) {
        remaining = Array(node.arguments)
        macro = Syntax(node)
    }

    /// Whether every argument was consumed.
    var isEmpty: Bool { remaining.isEmpty }

    /// The next argument if it carries `label`.
    mutating func take(label: String) -> LabeledExprSyntax? {
        guard let next = remaining.first, next.label?.text == label else { return nil }
        remaining.removeFirst()
        return next
    }

    /// The next argument, which must be unlabelled.
    mutating func takePositional(_ role: String) throws -> LabeledExprSyntax {
        guard let next = remaining.first else { throw KeyMacroDiagnostic.missingArgument(role).error(at: macro) }
        if let label = next.label {
            throw KeyMacroDiagnostic.unexpectedLabel(label.text, for: role).error(at: next)
        }
        remaining.removeFirst()
        return next
    }

    /// The next argument if it is unlabelled and is not the last one (the last one is a labelled required argument).
    mutating func takeOptionalPositional() -> LabeledExprSyntax? {
        guard remaining.count >= 2, let next = remaining.first, next.label == nil else { return nil }
        remaining.removeFirst()
        return next
    }

    /// The next argument, which must carry `label`.
    mutating func takeRequired(label: String, diagnostic: KeyMacroDiagnostic) throws -> LabeledExprSyntax {
        guard let next = remaining.first else { throw KeyMacroDiagnostic.missingArgument(label).error(at: macro) }
        guard next.label?.text == label else { throw diagnostic.error(at: next) }
        remaining.removeFirst()
        return next
    }

    /// Fails if any argument is left.
    func finish() throws {
        if let extra = remaining.first { throw KeyMacroDiagnostic.tooManyArguments.error(at: extra) }
    }
}

extension LabeledExprSyntax {
    /// The value of a plain string literal, `nil` for the `nil` literal, or a diagnostic.
    func optionalStringLiteral(_ role: String) throws -> String? {
        if expression.is(NilLiteralExprSyntax.self) { return nil }
        return try stringLiteral(role)
    }

    /// The value of a plain string literal (no interpolation), or a diagnostic.
    func stringLiteral(_ role: String) throws -> String {
        guard let literal = expression.as(StringLiteralExprSyntax.self),
            literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { throw KeyMacroDiagnostic.notStringLiteral(role).error(at: expression) }
        return segment.content.text
    }

    /// The source text of the type in `SomeType.self` (parentheses around it dropped), or a diagnostic.
    func typeBeforeSelf(_ role: String, example: String = "Int.self") throws -> String {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            var base = member.base
        else { throw KeyMacroDiagnostic.notTypeSelf(role, example: example).error(at: expression) }
        while let tuple = base.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            base = only.expression
        }
        return base.trimmedDescription
    }

    /// `true` or `false` from a Boolean literal, or a diagnostic.
    func booleanLiteral() throws -> Bool {
        guard let literal = expression.as(BooleanLiteralExprSyntax.self) else {
            throw KeyMacroDiagnostic.notBooleanLiteral.error(at: expression)
        }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// `public` or `internal` from `.public`, `DeclarationVisibility.internal` or `LoomKeys.DeclarationVisibility.…`.
    func visibility() throws -> String {
        guard let member = expression.as(MemberAccessExprSyntax.self) else {
            throw KeyMacroDiagnostic.invalidVisibility.error(at: expression)
        }
        let name = member.declName.baseName.text.filter { $0 != "`" }
        let qualifier = member.base?.trimmedDescription
        let knownQualifiers: Set<String?> = [nil, "DeclarationVisibility", "LoomKeys.DeclarationVisibility"]
        guard ["public", "internal"].contains(name), knownQualifiers.contains(qualifier) else {
            throw KeyMacroDiagnostic.invalidVisibility.error(at: expression)
        }
        return name
    }

    /// The actor named by `on:`: the main actor (spelled `MainActor`, `Swift.MainActor` or `_Concurrency.MainActor`),
    /// whose keys keep their `ConfKeyMainActor` form, or any other global actor, by its type's source text.
    func keyIsolation() throws -> KeyIsolation {
        KeyIsolation(actorType: try typeBeforeSelf("global actor", example: "MainActor.self"))
    }
}

/// The isolation of a key or accessor, from the key macros' `on:` argument.
enum KeyIsolation: Equatable {
    /// No `on:`: a `Sendable` key (`ConfKey`).
    case none
    /// `on: MainActor.self`: a `ConfKeyMainActor` key, as GlobalConfModule declared it.
    case mainActor
    /// `on: SomeGlobalActor.self`: a `ConfKeyIsolated` key whose conformance is isolated to that actor.
    case globalActor(String)

    /// The isolation to the actor whose type's source text is `actorType`: the main actor however it is spelled
    /// (`MainActor`, `Swift.MainActor`, `_Concurrency.MainActor`), any other global actor by its text.
    init(actorType: String) {
        self =
            ["MainActor", "_Concurrency.MainActor", "Swift.MainActor"].contains(actorType)
            ? .mainActor : .globalActor(actorType)
    }

    /// The attribute that isolates a declaration, with a trailing space (empty without isolation).
    var attribute: String {
        switch self {
        case .none: ""
        case .mainActor: "@MainActor "
        case .globalActor(let actor): "@\(actor) "
        }
    }
}

extension String {
    /// Whether the string can name a Swift declaration without backticks.
    var isIdentifier: Bool {
        guard let first, first == "_" || first.isLetter else { return false }
        return allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
}
