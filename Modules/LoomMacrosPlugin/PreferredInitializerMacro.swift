import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@PreferredInitializer`.
///
/// A marker read by `@Registerable`. It generates nothing and reports every reason the initialiser cannot be preferred
/// (SMAC-11).
///
/// ```swift
/// @PreferredInitializer
/// init(session: NetworkingSession) { … }
/// ```
public struct PreferredInitializerMacro: PeerMacro {
    /// Validates the initialiser the attribute is attached to.
    ///
    /// The compiler calls it for each use of the macro; tests call it through `assertMacroExpansion`:
    ///
    /// ```swift
    /// assertMacroExpansion(source, expandedSource: expected, macroSpecs: ["PreferredInitializer": MacroSpec(type: PreferredInitializerMacro.self)])
    /// ```
    ///
    /// - Parameters:
    ///   - node: The attribute.
    ///   - declaration: The declaration it is attached to.
    ///   - context: The expansion context, which receives one diagnostic per problem.
    /// - Returns: Nothing.
    /// - Throws: A diagnostic when the attribute is not on an initialiser.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let initializer = declaration.as(InitializerDeclSyntax.self) else {
            throw GraphMacroDiagnostic.notInitializer.error(at: node, fixIts: [.removeAttribute(node, in: declaration)])
        }
        for problem in initializer.preferenceProblems {
            context.diagnose(problem)
        }
        return []
    }
}

extension InitializerDeclSyntax {
    /// Why this initialiser cannot build a registered dependency: generic, async, throwing or failable.
    var preferenceProblems: [Diagnostic] {
        var problems: [Diagnostic] = []
        if let generics = genericParameterClause {
            problems.append(GraphMacroDiagnostic.genericInitializer.diagnose(at: generics))
        }
        let effects = signature.effectSpecifiers
        if let asyncSpecifier = effects?.asyncSpecifier {
            problems.append(
                GraphMacroDiagnostic.asyncInitializer.diagnose(
                    at: asyncSpecifier, fixIts: [.remove(asyncSpecifier, "Remove '\(asyncSpecifier.text)'")]))
        }
        if let throwsClause = effects?.throwsClause {
            problems.append(
                GraphMacroDiagnostic.throwingInitializer.diagnose(
                    at: throwsClause,
                    fixIts: [.remove(throwsClause, "Remove '\(throwsClause.trimmedDescription)'")]))
        }
        if let optionalMark {
            problems.append(
                GraphMacroDiagnostic.failableInitializer.diagnose(
                    at: optionalMark, fixIts: [.remove(optionalMark, "Remove '\(optionalMark.text)'")]))
        }
        return problems
    }

    /// Whether `@Registerable` can build its type with this initialiser.
    var isSupportedForRegistration: Bool {
        genericParameterClause == nil && signature.effectSpecifiers?.asyncSpecifier == nil
            && signature.effectSpecifiers?.throwsClause == nil && optionalMark == nil
    }

    /// `init(a:b:)`, as messages name it.
    var displayName: String {
        let labels = signature.parameterClause.parameters.map { "\($0.label ?? "_"):" }.joined()
        return "init\(optionalMark?.text ?? "")(\(labels))"
    }
}

extension FixIt {
    /// Removes a node together with its trivia (`init() async {` → `init() {`).
    static func remove(_ node: some SyntaxProtocol, _ message: String) -> FixIt {
        FixIt(
            message: GraphMacroFixIt(message: message),
            changes: [.replace(oldNode: Syntax(node), newNode: Syntax(TokenSyntax.identifier("")))])
    }
}
