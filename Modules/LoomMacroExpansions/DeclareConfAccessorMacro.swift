public import SwiftSyntax
internal import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `#declareConfAccessor` and `#declareConfFactoryAccessor`: a static convenience property on `Conf`.
///
/// Expands, inside `extension Conf { }`, to an internal static property named after the key path's last component
/// (or the custom name) that reads the key; the factory variant calls the factory. With `on: SomeGlobalActor.self`
/// the property is isolated to that actor:
///
/// ```swift
/// internal static var myBool: Bool {
///     Conf[\.myBool]
/// }
/// @DatabaseActor internal static var connectionCache: ConnectionCache {
///     Conf[\.connectionCache]
/// }
/// ```
open class DeclareConfAccessorMacro: DeclarationMacro {
    /// Expands one accessor macro into its static property.
    ///
    /// The compiler calls it for each use of the macro; tests call it through `assertMacroExpansion`:
    ///
    /// ```swift
    /// assertMacroExpansion(source, expandedSource: expected, macroSpecs: ["declareConfAccessor": MacroSpec(type: DeclareConfAccessorMacro.self)])
    /// ```
    ///
    /// - Parameters:
    ///   - node: The macro use.
    ///   - context: The expansion context (for unique names).
    /// - Returns: The generated declarations.
    /// - Throws: A diagnostic attached to the offending argument.
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let isFactory = node.macroName.text == "declareConfFactoryAccessor"
        var arguments = MacroArguments(node)
        let keyPathArgument = try arguments.takePositional("key path")
        guard let keyPath = keyPathArgument.expression.as(KeyPathExprSyntax.self),
            let last = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
        else { throw KeyMacroDiagnostic.notKeyPath.error(at: keyPathArgument.expression) }
        let type = try arguments.takePositional("value type").typeBeforeSelf("value type")
        let isolation = try arguments.take(label: "on")?.keyIsolation() ?? .none
        var name = last.declName.baseName.text
        if !arguments.isEmpty {
            let custom = try arguments.takePositional("accessor name")
            name = try custom.stringLiteral("accessor name")
            guard name.isIdentifier else { throw KeyMacroDiagnostic.notIdentifier.error(at: custom.expression) }
        }
        try arguments.finish()
        let call = isFactory ? "()" : ""
        return [
            """
            \(raw: isolation.attribute)internal static var \(raw: name): \(raw: type) {
                Conf[\(keyPath.trimmed)]\(raw: call)
            }
            """
        ]
    }
}
