import SwiftDiagnostics
import SwiftSyntax

/// A diagnostic of `@InjectedParameters`, `@PreferredInitializer` or `@Registerable`.
///
/// The messages of the original StitcherMacros are kept word for word where it had one
/// (`Documentation/Design/graph-macros.md#diagnostics`).
struct GraphMacroDiagnostic: DiagnosticMessage, Error {
    let message: String
    let id: String
    var severity: DiagnosticSeverity = .error

    var diagnosticID: MessageID { MessageID(domain: "LoomMacros", id: id) }

    /// The diagnostic at `node`, with optional fix-its.
    func diagnose(at node: some SyntaxProtocol, fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(node: Syntax(node), message: self, fixIts: fixIts)
    }

    /// The diagnostic at `node` as a thrown error: the macro expands to nothing.
    func error(at node: some SyntaxProtocol, fixIts: [FixIt] = []) -> DiagnosticsError {
        DiagnosticsError(diagnostics: [diagnose(at: node, fixIts: fixIts)])
    }
}

/// The title of a fix-it.
struct GraphMacroFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "LoomMacros", id: message) }
}

extension GraphMacroDiagnostic {
    // MARK: @InjectedParameters

    static let notFunctionOrInitializer = Self(
        message: "This macro can only be used on function or initializer declarations.", id: "notFunctionOrInitializer")

    static func unknownIgnoredParameter(_ name: String) -> Self {
        Self(
            message: "Malformed arguments. Ignored parameter '\(name)' does not match a known parameter name.",
            id: "unknownIgnoredParameter")
    }

    static func genericParameter(_ name: String) -> Self {
        Self(
            message: "Malformed arguments. Cannot inject generic parameter '\(name)'. Explicitly ignore the parameter.",
            id: "genericParameter")
    }

    static func inoutParameter(_ name: String) -> Self {
        Self(
            message: "Malformed arguments. Cannot inject inout parameter '\(name)'. Explicitly ignore the parameter.",
            id: "inoutParameter")
    }

    static func variadicParameter(_ name: String) -> Self {
        Self(
            message: "Variadic parameter '\(name)' cannot be forwarded by a generated overload.",
            id: "variadicParameter")
    }

    static let everyParameterIgnored = Self(
        message: "Every parameter is ignored, so @InjectedParameters generates nothing.", id: "everyParameterIgnored",
        severity: .warning)

    static func malformedArgument(_ detail: String) -> Self {
        Self(message: "Malformed arguments. \(detail)", id: "malformedArgument")
    }

    // MARK: @PreferredInitializer

    static let notInitializer = Self(
        message: "This macro can only be used on initializer declarations.", id: "notInitializer")

    static let genericInitializer = Self(
        message: "Generic arguments are not supported. A preferred initializer cannot have generic parameters.",
        id: "genericInitializer")

    static let failableInitializer = Self(
        message: "Failable initializers are not supported. A preferred initializer must not return nil.",
        id: "failableInitializer")

    // MARK: @Registerable (choice of initialiser, locator types, isolation)

    static let missingPreferredInitializer = Self(
        message:
            "Failed to find a supported preferred initializer. Please consider using the '@PreferredInitializer' "
            + "attribute on a non-failable initializer that has no generic arguments.",
        id: "missingPreferredInitializer")

    static let multipleInitializers = Self(
        message:
            "Multiple supported initializers found. Please consider using the '@PreferredInitializer' attribute on a "
            + "supported initializer, to use it for initializing the dependency.",
        id: "multipleInitializers")

    static let unrelatedLocatorType = Self(
        message:
            "Malformed arguments. The types specified in the dependency locator are not related to the attached "
            + "dependency type.",
        id: "unrelatedLocatorType")

    static func isolatedFactoryArguments(_ initializer: String, actor: String) -> Self {
        Self(
            message:
                "An isolated registration takes no factory arguments: '\(initializer)' runs on '\(actor)', and its "
                + "parameters would be runtime arguments. Resolve them from the graph with 'parameters: .injected', "
                + "or mark an initializer without parameters '@PreferredInitializer'.",
            id: "isolatedFactoryArguments")
    }

    static let notRegisterableDeclaration = Self(
        message: "@Registerable can only be attached to a class, struct, enum or actor declaration.",
        id: "notRegisterableDeclaration")

    static let genericRegisterable = Self(
        message:
            "Generic types are not supported. A registerable type stores its registration in a static property, "
            + "which generic types cannot declare.",
        id: "genericRegisterable")
}
