import SwiftDiagnostics
public import SwiftSyntax
internal import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@InjectedParameters(parent:strategy:loading:ignoring:)`: a disfavoured overload whose non-ignored parameters are
/// resolved from the graph — injected by a synchronous overload, loaded (`await`) by an `async` one.
///
/// The overload has exactly the declaration's other parameters, so it can satisfy a protocol requirement such as
/// `func findAll() -> [Entity]`; a failure is reported at the attribute's file and line, written into the overload.
///
/// ```swift
/// @InjectedParameters(ignoring: "file")
/// func upload(file: URL, networkingSession: NetworkingSession) {}
/// // generates (an `async` function's overload is `async` and calls `_loadedParameter` instead)
/// @_disfavoredOverload
/// func upload(file: URL) {
///     upload(file: file, networkingSession: _injectedParameter(byType: NetworkingSession.self, fileID: "App/Upload.swift", line: 12))
/// }
/// ```
open class InjectedParametersMacro: PeerMacro {
    /// Expands one use of the macro.
    ///
    /// The compiler calls it for each use of the macro; tests call it through `assertMacroExpansion`:
    ///
    /// ```swift
    /// assertMacroExpansion(source, expandedSource: expected, macroSpecs: ["InjectedParameters": MacroSpec(type: InjectedParametersMacro.self)])
    /// ```
    ///
    /// - Parameters:
    ///   - node: The attribute.
    ///   - declaration: The function or initialiser it is attached to.
    ///   - context: The expansion context (for the enclosing type).
    /// - Returns: The generated overload, or nothing when there is nothing to inject.
    /// - Throws: A diagnostic at the offending attribute, argument or parameter.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let configuration = try InjectedParametersConfiguration.parse(node)
        let overload: InjectedOverload
        if let function = declaration.as(FunctionDeclSyntax.self) {
            overload = InjectedOverload(function: function)
        } else if let initializer = declaration.as(InitializerDeclSyntax.self) {
            overload = InjectedOverload(
                initializer: initializer,
                delegation: delegation(for: initializer, parent: configuration.parent, in: context))
        } else {
            throw GraphMacroDiagnostic.notFunctionOrInitializer.error(
                at: node, fixIts: [.removeAttribute(node, in: declaration)])
        }
        try overload.validate(configuration, attribute: node)
        guard !overload.parameters.isEmpty else { return [] }  // Nothing to inject: no overload.
        guard overload.parameters.contains(where: { !configuration.isIgnored($0) }) else {
            context.diagnose(GraphMacroDiagnostic.everyParameterIgnored.diagnose(at: node))
            return []
        }
        // Where failures are reported: the attribute, as `#fileID` and `#line` would name it there.
        let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID)
        let site = (
            file: location?.file.trimmedDescription ?? "#fileID", line: location?.line.trimmedDescription ?? "#line"
        )
        return [DeclSyntax(stringLiteral: overload.render(configuration, reportingAt: site))]
    }

    /// How the generated initialiser delegates: `convenience` in a class, plain elsewhere.
    static func delegation(
        for initializer: InitializerDeclSyntax, parent: InjectedParametersConfiguration.Parent,
        in context: some MacroExpansionContext
    ) -> InjectedOverload.Delegation {
        switch parent {
        case .classParent: return .convenience
        case .actorParent, .structParent, .enumParent: return .plain
        case .inferred:
            if initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) }) {
                return .convenience
            }
            return context.lexicalContext.first?.is(ClassDeclSyntax.self) == true ? .convenience : .plain
        }
    }
}

/// The generated overload of one function or initialiser.
struct InjectedOverload {
    enum Delegation { case convenience, plain }

    enum Kind {
        case function(name: String)
        case initializer(Delegation)
    }

    let kind: Kind
    let attributes: AttributeListSyntax
    let modifiers: DeclModifierListSyntax
    let genericClause: GenericParameterClauseSyntax?
    let whereClause: GenericWhereClauseSyntax?
    let signature: FunctionSignatureSyntax
    let optionalMark: TokenSyntax?

    init(function: FunctionDeclSyntax) {
        kind = .function(name: function.name.text)
        attributes = function.attributes
        modifiers = function.modifiers
        genericClause = function.genericParameterClause
        whereClause = function.genericWhereClause
        signature = function.signature
        optionalMark = nil
    }

    init(initializer: InitializerDeclSyntax, delegation: Delegation) {
        kind = .initializer(delegation)
        attributes = initializer.attributes
        modifiers = initializer.modifiers
        genericClause = initializer.genericParameterClause
        whereClause = initializer.genericWhereClause
        signature = initializer.signature
        optionalMark = initializer.optionalMark
    }

    var parameters: FunctionParameterListSyntax { signature.parameterClause.parameters }

    var isAsync: Bool { signature.effectSpecifiers?.asyncSpecifier != nil }
    var isThrowing: Bool { signature.effectSpecifiers?.throwsClause != nil }

    /// Checks that every ignored name matches a parameter and that every injected parameter can be injected.
    func validate(_ configuration: InjectedParametersConfiguration, attribute: AttributeSyntax) throws {
        for ignored in configuration.ignored where !parameters.contains(where: { $0.matches(name: ignored.name) }) {
            throw GraphMacroDiagnostic.unknownIgnoredParameter(ignored.name).error(
                at: ignored.literal, fixIts: [.removeIgnoredName(ignored, from: attribute)])
        }
        let genericNames = Set(genericClause?.parameters.map(\.name.text) ?? [])
        for parameter in parameters {
            if parameter.ellipsis != nil {
                throw GraphMacroDiagnostic.variadicParameter(parameter.displayName).error(at: parameter)
            }
            guard !configuration.isIgnored(parameter) else { continue }
            if parameter.isGeneric(in: genericNames) {
                throw GraphMacroDiagnostic.genericParameter(parameter.displayName).error(
                    at: parameter, fixIts: [.ignore(parameter, in: attribute)])
            }
            if parameter.isInout {
                throw GraphMacroDiagnostic.inoutParameter(parameter.displayName).error(
                    at: parameter, fixIts: [.ignore(parameter, in: attribute)])
            }
        }
    }

    /// Whether the generated initialiser can be a `@PreferredInitializer`: non-generic and non-failable.
    var generatesPreferredInitializer: Bool {
        guard case .initializer = kind else { return false }
        return genericClause == nil && optionalMark == nil
    }

    /// The generated declaration's source; failures are reported at `site` (string and integer literals).
    func render(_ configuration: InjectedParametersConfiguration, reportingAt site: (file: String, line: String))
        -> String
    {
        var generatedParameters: [String] = []
        var arguments: [String] = []
        for (index, parameter) in parameters.enumerated() {
            let argument: String
            if configuration.isIgnored(parameter) {
                let name = parameter.internalName ?? "_loomParameter\(index)"
                var declared = parameter.with(\.trailingComma, nil).trimmed
                if parameter.internalName == nil {
                    declared = declared.with(
                        \.secondName, .identifier(name, leadingTrivia: parameter.label == nil ? .space : []))
                    if parameter.label == nil { declared = declared.with(\.firstName, .wildcardToken()) }
                }
                generatedParameters.append(declared.description)
                argument = parameter.isInout ? "&\(name)" : parameter.isAutoclosure ? "\(name)()" : name
            } else {
                argument = injection(
                    of: parameter, strategy: configuration.strategy, site: site,
                    loads: isAsync && configuration.loading == .automatic)
            }
            arguments.append(parameter.label.map { "\($0): \(argument)" } ?? argument)
        }

        var lines = ["@_disfavoredOverload"]
        if generatesPreferredInitializer { lines.append("@PreferredInitializer") }
        let keptAttributes = attributes.filter { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return true }
            return !Self.droppedAttributes.contains(attribute.simpleName)
        }
        lines += keptAttributes.map(\.trimmedDescription)
        var keptModifiers = modifiers.filter { !Self.droppedModifiers.contains($0.name.text) }.map(\.trimmedDescription)
        let head: String
        let call: String
        switch kind {
        case .function(let name):
            head = "func \(name)"
            call = name
        case .initializer(let delegation):
            if delegation == .convenience { keptModifiers.append("convenience") }
            head = "init\(optionalMark?.text ?? "")"
            call = "self.init"
        }
        var signatureText = "\(head)\(genericClause?.trimmedDescription ?? "")("
        signatureText += generatedParameters.joined(separator: ", ") + ")"
        if let effects = signature.effectSpecifiers { signatureText += " \(effects.trimmedDescription)" }
        if let returnClause = signature.returnClause { signatureText += " \(returnClause.trimmedDescription)" }
        if let whereClause { signatureText += " \(whereClause.trimmedDescription)" }
        lines.append((keptModifiers + [signatureText]).joined(separator: " ") + " {")
        let effects = (isThrowing ? "try " : "") + (isAsync ? "await " : "")
        lines.append("    \(effects)\(call)(\(arguments.joined(separator: ", ")))")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The expression that resolves one injected parameter: `_injectedParameter(…)`, or `_loadedParameter(…)` when
    /// it `loads` (in an `async` overload, under the call's `await`).
    private func injection(
        of parameter: FunctionParameterSyntax, strategy: InjectedParametersConfiguration.Strategy,
        site: (file: String, line: String), loads: Bool
    ) -> String {
        let helper = loads ? "_loadedParameter" : "_injectedParameter"
        let location = "fileID: \(site.file), line: \(site.line)"
        if strategy == .byName, let name = parameter.internalName {
            return "\(helper)(byName: \"\(name)\", as: \(parameter.metatypeExpression), \(location))"
        }
        return "\(helper)(byType: \(parameter.metatypeExpression), \(location))"
    }

    /// Attributes the generated overload must not repeat: the macros themselves, Objective-C exposure (the overload
    /// would clash), and the disfavouring it gets anyway.
    static let droppedAttributes: Set<String> = [
        "InjectedParameters", "PreferredInitializer", "_disfavoredOverload", "objc", "IBAction", "IBSegueAction",
        "GKInspectable", "IBInspectable", "NSManaged",
    ]

    /// Modifiers that describe the original's place in a class hierarchy, not the overload's.
    static let droppedModifiers: Set<String> = ["override", "required", "convenience", "dynamic", "optional"]
}

extension FixIt {
    /// Removes an attribute from the declaration.
    static func removeAttribute(_ attribute: AttributeSyntax, in declaration: some DeclSyntaxProtocol) -> FixIt {
        FixIt(
            message: GraphMacroFixIt(message: "Remove '@\(attribute.attributeName.trimmedDescription)'"),
            changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(TokenSyntax.identifier("")))])
    }

    /// Removes one name from `ignoring:`.
    static func removeIgnoredName(_ ignored: InjectedParametersConfiguration.Ignored, from attribute: AttributeSyntax)
        -> FixIt
    {
        var newAttribute = attribute
        if case .argumentList(let arguments) = attribute.arguments {
            var kept = Array(arguments)
            if let index = kept.firstIndex(where: { $0.expression.id == ignored.literal.id }) {
                let removed = kept.remove(at: index)
                // The label moves to the next name when the first ignored name goes.
                if removed.label != nil, index < kept.count, kept[index].label == nil {
                    kept[index] = kept[index].with(\.label, removed.label).with(\.colon, removed.colon)
                }
            }
            newAttribute = attribute.with(\.arguments, .argumentList(Self.relisted(kept)))
            if kept.isEmpty {
                newAttribute = newAttribute.with(\.leftParen, nil).with(\.rightParen, nil).with(\.arguments, nil)
            }
        }
        return FixIt(
            message: GraphMacroFixIt(message: "Remove '\(ignored.name)' from the ignored parameters"),
            changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(newAttribute))])
    }

    /// Adds a parameter to `ignoring:`, creating the argument if needed.
    static func ignore(_ parameter: FunctionParameterSyntax, in attribute: AttributeSyntax) -> FixIt {
        let name = parameter.displayName
        var arguments = attribute.argumentArray
        let literal = ExprSyntax(StringLiteralExprSyntax(content: name))
        if arguments.contains(where: { $0.label?.text == "ignoring" }) {
            arguments.append(LabeledExprSyntax(expression: literal))
        } else {
            arguments.append(LabeledExprSyntax(label: "ignoring", expression: literal))
        }
        return .replaceArguments(of: attribute, with: arguments, message: "Ignore '\(name)'")
    }

    /// Replaces an attribute's arguments, adding parentheses if it had none.
    static func replaceArguments(of attribute: AttributeSyntax, with arguments: [LabeledExprSyntax], message: String)
        -> FixIt
    {
        let newAttribute = attribute.with(\.leftParen, .leftParenToken()).with(\.rightParen, .rightParenToken())
            .with(\.arguments, .argumentList(relisted(arguments)))
        return FixIt(
            message: GraphMacroFixIt(message: message),
            changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(newAttribute))])
    }

    /// The arguments with commas between them and a space after each comma.
    private static func relisted(_ arguments: [LabeledExprSyntax]) -> LabeledExprListSyntax {
        LabeledExprListSyntax(
            arguments.enumerated().map { index, argument in
                let isLast = index == arguments.count - 1
                return argument.with(\.leadingTrivia, index == 0 ? [] : .space)
                    .with(\.trailingComma, isLast ? nil : .commaToken())
                    .with(\.trailingTrivia, [])
            })
    }
}
