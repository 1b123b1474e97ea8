import LoomMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Every macro the plugin provides, by the name it is used with.
let loomMacroSpecs: [String: MacroSpec] = [
    "declareConfKey": MacroSpec(type: DeclareConfKeyMacro.self),
    "declareConfFactoryKey": MacroSpec(type: DeclareConfKeyMacro.self),
    "declareServiceKey": MacroSpec(type: DeclareConfKeyMacro.self),
    "declareServiceFactoryKey": MacroSpec(type: DeclareConfKeyMacro.self),
    "declareConfAccessor": MacroSpec(type: DeclareConfAccessorMacro.self),
    "declareConfFactoryAccessor": MacroSpec(type: DeclareConfAccessorMacro.self),
]

/// Expands `source` with Loom's macros and compares the result (and diagnostics) with the expectation, recording
/// every mismatch as a Swift Testing issue at the caller.
func assertExpansion(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: loomMacroSpecs,
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        })
}

/// Expects `source` to fail with exactly one error, `message`, at `line`:`column` (both 1-based, in `source`).
func assertDiagnostic(
    _ source: String, message: String, line: Int, column: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    // A macro that throws is left unexpanded, so the expected source is the input itself.
    assertExpansion(
        source, expandedSource: source,
        diagnostics: [DiagnosticSpec(message: message, line: line, column: column)], sourceLocation: sourceLocation)
}
