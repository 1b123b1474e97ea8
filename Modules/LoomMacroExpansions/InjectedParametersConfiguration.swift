import SwiftDiagnostics
import SwiftSyntax

/// The arguments of `@InjectedParameters(parent:strategy:loading:ignoring:)`, read from the attribute.
struct InjectedParametersConfiguration {
    enum Parent: String {
        case inferred, classParent, actorParent, structParent, enumParent
    }

    enum Strategy: String {
        case byType, byName
    }

    enum Loading: String {
        case automatic, synchronous
    }

    /// One `ignoring:` name and the literal it came from.
    struct Ignored {
        let name: String
        let literal: ExprSyntax
    }

    var parent = Parent.inferred
    var strategy = Strategy.byType
    var loading = Loading.automatic
    var ignored: [Ignored] = []

    /// Reads the attribute's arguments; every malformed one is reported at its position.
    static func parse(_ attribute: AttributeSyntax) throws -> Self {
        var configuration = Self()
        guard case .argumentList(let arguments) = attribute.arguments else { return configuration }
        // Unlabelled arguments continue the variadic `ignoring:` list that precedes them.
        var inIgnoring = false
        for argument in arguments {
            let label = argument.label?.text
            if label != nil { inIgnoring = label == "ignoring" }
            switch label {
            case "parent":
                configuration.parent = try enumCase(
                    argument.expression, of: "InjectedParametersParent",
                    detail: "'parent:' must be a case of InjectedParametersParent, like '.structParent'.")
            case "strategy":
                configuration.strategy = try enumCase(
                    argument.expression, of: "InjectedParametersStrategy",
                    detail: "'strategy:' must be '.byType' or '.byName'.")
            case "loading":
                configuration.loading = try enumCase(
                    argument.expression, of: "InjectedParametersLoading",
                    detail: "'loading:' must be '.automatic' or '.synchronous'.")
            case "ignoring",
                nil where inIgnoring:
                configuration.ignored.append(try ignoredName(argument.expression))
            default:
                throw GraphMacroDiagnostic.malformedArgument("Unexpected argument.").error(at: argument)
            }
        }
        return configuration
    }

    /// Whether `parameter` is ignored (matched by its label or its internal name).
    func isIgnored(_ parameter: FunctionParameterSyntax) -> Bool {
        ignored.contains { parameter.matches(name: $0.name) }
    }

    /// The case `expression` names: `.case`, `Type.case` or `LoomMacros.Type.case`, with `Type` the public enum
    /// `typeName`.
    private static func enumCase<Case: RawRepresentable<String>>(
        _ expression: ExprSyntax, of typeName: String, detail: String
    ) throws -> Case {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.base.map({ [typeName, "LoomMacros." + typeName].contains($0.trimmedDescription) }) ?? true,
            let value = Case(rawValue: Self.currentName(of: member.declName.baseName.text))
        else { throw GraphMacroDiagnostic.malformedArgument(detail).error(at: expression) }
        return value
    }

    /// StitcherMacros' strategy names, `.stitcherByType` and `.stitcherByName`, read as `.byType` and `.byName`
    /// (the declarations are deprecated, so the compiler tells the user to rename them).
    private static func currentName(of name: String) -> String {
        guard name.hasPrefix("stitcherBy") else { return name }
        return "by" + name.dropFirst("stitcherBy".count)
    }

    private static func ignoredName(_ expression: ExprSyntax) throws -> Ignored {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else {
            throw GraphMacroDiagnostic.malformedArgument("Ignored parameter names must be string literals.")
                .error(at: expression)
        }
        return Ignored(name: segment.content.text, literal: expression)
    }
}

extension FunctionParameterSyntax {
    /// The argument label, `nil` for `_`.
    var label: String? { firstName.tokenKind == .wildcard ? nil : firstName.text }

    /// The name the body uses, `nil` for `_`.
    var internalName: String? {
        let name = secondName ?? firstName
        return name.tokenKind == .wildcard ? nil : name.text
    }

    /// The name to show in messages and to add to `ignoring:`: the internal name, else the label.
    var displayName: String { internalName ?? label ?? "_" }

    /// Whether `name` is this parameter's label or internal name.
    func matches(name: String) -> Bool {
        name == label || name == internalName
    }

    /// Whether the parameter is `inout`.
    var isInout: Bool {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
        return attributed.specifiers.contains { $0.trimmedDescription == "inout" }
    }

    /// Whether the parameter's type is `@autoclosure`.
    var isAutoclosure: Bool {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
        return attributed.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "autoclosure"
        }
    }

    /// Whether the type mentions `some` or one of `genericNames`, so it cannot be resolved as written.
    func isGeneric(in genericNames: Set<String>) -> Bool {
        type.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .keyword(.some)
                || (token.tokenKind.isIdentifier && genericNames.contains(token.text))
        }
    }

    /// The type as an expression's metatype: `One.self`, `(any P).self`, `(@Sendable () -> Void).self`.
    var metatypeExpression: String {
        var type = self.type
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let kept = attributed.attributes.filter {
                let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
                return name != "escaping" && name != "autoclosure"
            }
            type =
                kept.isEmpty
                ? attributed.baseType : TypeSyntax(attributed.with(\.specifiers, []).with(\.attributes, kept))
        }
        if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "\(iuo.wrappedType.trimmedDescription)?.self"
        }
        let text = type.trimmedDescription
        if type.is(SomeOrAnyTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
            || type.is(CompositionTypeSyntax.self) || type.is(AttributedTypeSyntax.self)
        {
            return "(\(text)).self"
        }
        return "\(text).self"
    }
}

extension TokenKind {
    var isIdentifier: Bool {
        if case .identifier = self { return true }
        return false
    }
}

extension AttributeSyntax {
    /// The attribute's name without a module qualifier: `InjectedParameters` for `@LoomMacros.InjectedParameters`.
    var simpleName: String {
        let name = attributeName.trimmedDescription
        return name.split(separator: ".").last.map(String.init) ?? name
    }

    /// The attribute's arguments, none for `@Name` or `@Name()`.
    var argumentArray: [LabeledExprSyntax] {
        if case .argumentList(let list) = arguments { return Array(list) }
        return []
    }
}

extension AttributeListSyntax {
    /// Whether an attribute with this simple name is present.
    func contains(named name: String) -> Bool {
        contains { $0.as(AttributeSyntax.self)?.simpleName == name }
    }

    /// The attribute with this simple name.
    func first(named name: String) -> AttributeSyntax? {
        lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.simpleName == name }
    }
}
