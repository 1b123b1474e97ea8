public import SwiftSyntax
internal import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `#declareConfKey`, `#declareConfFactoryKey`, `#declareServiceKey` and `#declareServiceFactoryKey`.
///
/// Expands, inside an extension of `ConfKeys` (or of a namespace in it), to a key enum and an accessor:
///
/// ```swift
/// public enum ConfKey_myBool: ConfKey {
///     public typealias Value = Bool
///     public static let defaultValue: Value! = .some(true)
/// }
/// public var myBool: ConfKey_myBool.Type {
///     ConfKey_myBool.self
/// }
/// ```
///
/// With `on: SomeGlobalActor.self` (any global actor but the main actor, whose keys keep their `ConfKeyMainActor`
/// form) the key type is isolated to that actor and conforms to `ConfKeyIsolated` through a conformance isolated to
/// it, which only code on that actor can use; a factory key's value is then `() -> T`:
///
/// ```swift
/// @DatabaseActor public enum ConfKey_cache: @DatabaseActor ConfKeyIsolated {
///     public typealias Isolation = DatabaseActor
///     public typealias Value = ConnectionCache
///     public static let defaultValue: Value! = .some(ConnectionCache())
/// }
/// ```
///
/// Conf keys wrap the default in `.some(…)` so that implicit members (`.init()`, `.default`) resolve against the
/// value type; service keys keep the expression as written so that `nil` declares a key without a default.
open class DeclareConfKeyMacro: DeclarationMacro {
    enum Flavor: String {
        case declareConfKey, declareConfFactoryKey, declareServiceKey, declareServiceFactoryKey

        var isFactory: Bool { self == .declareConfFactoryKey || self == .declareServiceFactoryKey }
        var allowsNilDefault: Bool { self == .declareServiceKey || self == .declareServiceFactoryKey }
    }

    /// Everything the expansion needs, read from the arguments.
    struct Declaration {
        var visibility = "public"
        var accessorName: String?
        var valueType: String
        var isolation = KeyIsolation.none
        var isUnsafeNonIsolated = false
        var keyTypeName: String?
        var defaultValue: ExprSyntax
    }

    /// Expands one key macro into its key type and accessor.
    ///
    /// The compiler calls it for each use of the macro; tests call it through `assertMacroExpansion`:
    ///
    /// ```swift
    /// assertMacroExpansion(source, expandedSource: expected, macroSpecs: ["declareConfKey": MacroSpec(type: DeclareConfKeyMacro.self)])
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
        guard let flavor = Flavor(rawValue: node.macroName.text) else {
            throw KeyMacroDiagnostic(message: "unknown key macro '\(node.macroName.text)'", id: "unknownMacro")
                .error(at: node.macroName)
        }
        let declaration = try parse(node)
        return render(declaration, flavor: flavor, in: context)
    }

    /// Reads `[visibility:] name, Type.self, [on:] [unsafeNonIsolated:] [customKeyTypeName,] defaultValue:`.
    static func parse(_ node: some FreestandingMacroExpansionSyntax) throws -> Declaration {
        var arguments = MacroArguments(node)
        let visibility = try arguments.take(label: "visibility")?.visibility() ?? "public"
        let name = try arguments.takePositional("key name")
        let accessorName = try name.optionalStringLiteral("key name")
        if let accessorName, !accessorName.isIdentifier {
            throw KeyMacroDiagnostic.notIdentifier.error(at: name.expression)
        }
        let type = try arguments.takePositional("value type").typeBeforeSelf("value type")
        let isolation = try arguments.take(label: "on")?.keyIsolation() ?? .none
        let isUnsafe = try arguments.take(label: "unsafeNonIsolated")?.booleanLiteral() ?? false
        var keyTypeName: String?
        if let custom = arguments.takeOptionalPositional() {
            keyTypeName = try custom.optionalStringLiteral("custom key type name")
            if let keyTypeName, !keyTypeName.isIdentifier {
                throw KeyMacroDiagnostic.notIdentifier.error(at: custom.expression)
            }
        }
        let defaultValue = try arguments.takeRequired(
            label: "defaultValue", diagnostic: .defaultValueLabel)
        try arguments.finish()
        return Declaration(
            visibility: visibility, accessorName: accessorName, valueType: type, isolation: isolation,
            isUnsafeNonIsolated: isUnsafe, keyTypeName: keyTypeName, defaultValue: defaultValue.expression.trimmed)
    }

    static func render(
        _ declaration: Declaration, flavor: Flavor, in context: some MacroExpansionContext
    ) -> [DeclSyntax] {
        let access = declaration.visibility
        let keyType =
            declaration.keyTypeName ?? declaration.accessorName.map { "ConfKey_\($0)" }
            ?? context.makeUniqueName("ConfKey").text
        var members: [String] = []
        var stored = declaration.valueType
        var defaultValue = declaration.defaultValue.description
        if declaration.isUnsafeNonIsolated {
            members.append(
                """
                \(access) struct UncheckedSendableBox: @unchecked Sendable {
                    \(access) let value: \(declaration.valueType)
                    \(access) init(_ value: \(declaration.valueType)) {
                        self.value = value
                    }
                }
                """)
            stored = "UncheckedSendableBox"
            defaultValue =
                flavor.allowsNilDefault && declaration.defaultValue.is(NilLiteralExprSyntax.self)
                ? "nil" : "UncheckedSendableBox(\(defaultValue))"
        }
        let valueType: String
        let conformance: String
        switch declaration.isolation {
        case .none:
            valueType = flavor.isFactory ? "@Sendable () -> \(stored)" : stored
            conformance = "ConfKey"
        case .mainActor:
            valueType = flavor.isFactory ? "@MainActor @Sendable () -> \(stored)" : stored
            conformance = "ConfKeyMainActor"
        case .globalActor(let actor):
            // The factory need not be Sendable: like every value of the key, it never leaves the actor.
            valueType = flavor.isFactory ? "() -> \(stored)" : stored
            conformance = "@\(actor) ConfKeyIsolated"
            members.append("\(access) typealias Isolation = \(actor)")
        }
        let initialValue = flavor.allowsNilDefault ? defaultValue : ".some(\(defaultValue))"
        members.append("\(access) typealias Value = \(valueType)")
        members.append("\(access) static let defaultValue: Value! = \(initialValue)")
        var result: [DeclSyntax] = [
            """
            \(raw: declaration.isolation.attribute)\(raw: access) enum \(raw: keyType): \(raw: conformance) {
            \(raw: members.joined(separator: "\n"))
            }
            """
        ]
        if let accessor = declaration.accessorName {
            result.append(
                """
                \(raw: access) var \(raw: accessor): \(raw: keyType).Type {
                    \(raw: keyType).self
                }
                """)
        }
        return result
    }
}
