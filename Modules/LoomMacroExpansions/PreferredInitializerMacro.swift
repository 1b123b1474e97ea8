import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@PreferredInitializer`.
///
/// A marker read by `@Registerable`. It generates nothing and reports every reason the initialiser cannot be preferred
/// (generic or failable; `async` and throwing initialisers are accepted, since a registration's factory can be `async`
/// or throwing).
///
/// ```swift
/// @PreferredInitializer
/// init(session: NetworkingSession) { … }
/// ```
open class PreferredInitializerMacro: PeerMacro {
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
    /// Why this initialiser cannot build a registered dependency: generic or failable. (`async` and throwing ones
    /// can: `@Registerable` then generates an `async` or throwing factory.)
    var preferenceProblems: [Diagnostic] {
        var problems: [Diagnostic] = []
        if let generics = genericParameterClause {
            problems.append(GraphMacroDiagnostic.genericInitializer.diagnose(at: generics))
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
        genericParameterClause == nil && optionalMark == nil
    }

    /// `init(a:b:)`, as messages name it.
    var displayName: String {
        "init\(optionalMark?.text ?? "")(\(signature.parameterClause.parameters.labelList))"
    }
}

extension Sequence<FunctionParameterSyntax> {
    /// `a:b:_:`, the labels of a declaration's name.
    var labelList: String { map { "\($0.label ?? "_"):" }.joined() }
}

extension FixIt {
    /// Removes a node together with its trivia (`init?() {` → `init() {`).
    static func remove(_ node: some SyntaxProtocol, _ message: String) -> FixIt {
        FixIt(
            message: GraphMacroFixIt(message: message),
            changes: [.replace(oldNode: Syntax(node), newNode: Syntax(TokenSyntax.identifier("")))])
    }
}
