import SwiftDiagnostics
import SwiftSyntax

/// An error the key macros report at the argument (or macro) that caused it.
struct KeyMacroDiagnostic: DiagnosticMessage, Error {
    let message: String
    let id: String

    var diagnosticID: MessageID { MessageID(domain: "LoomMacros", id: id) }
    var severity: DiagnosticSeverity { .error }

    /// Wraps the message in an error attached to `node`, so the compiler points at the offending source.
    func error(at node: some SyntaxProtocol) -> DiagnosticsError {
        DiagnosticsError(diagnostics: [Diagnostic(node: Syntax(node), message: self)])
    }
}

extension KeyMacroDiagnostic {
    static func unexpectedLabel(_ label: String, for role: String) -> Self {
        Self(
            message: "the \(role) is a positional argument; remove the label '\(label):'", id: "unexpectedLabel")
    }

    static func missingArgument(_ role: String) -> Self {
        Self(message: "missing the \(role) argument", id: "missingArgument")
    }

    static let defaultValueLabel = Self(
        message: "the default value must be the last argument, labelled 'defaultValue:'", id: "defaultValueLabel")

    static func notStringLiteral(_ role: String) -> Self {
        Self(
            message: "the \(role) must be a string literal (or nil) so the macro can read it at compile time",
            id: "notStringLiteral")
    }

    static func notTypeSelf(_ role: String, example: String = "Int.self") -> Self {
        Self(message: "the \(role) must be written as a type followed by '.self', like '\(example)'", id: "notTypeSelf")
    }

    static let tooManyArguments = Self(
        message: "too many arguments: remove the extra arguments after the ones this macro takes",
        id: "tooManyArguments")

    static let invalidVisibility = Self(
        message: "'visibility:' must be '.public' or '.internal' (or 'DeclarationVisibility.public' / '.internal')",
        id: "invalidVisibility")

    static let notBooleanLiteral = Self(
        message: "'unsafeNonIsolated:' must be the literal 'true' or 'false'", id: "notBooleanLiteral")

    static let notIdentifier = Self(
        message: "the name must be a valid Swift identifier", id: "notIdentifier")

    static let notKeyPath = Self(
        message: "the first argument must be a key path literal into ConfKeys, like '\\.myKey' or '\\.myLib.myKey'",
        id: "notKeyPath")
}
