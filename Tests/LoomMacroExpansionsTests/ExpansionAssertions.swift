import LoomMacroExpansions
import SwiftSyntaxBuilder
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
    "InjectedParameters": MacroSpec(type: InjectedParametersMacro.self),
    "PreferredInitializer": MacroSpec(type: PreferredInitializerMacro.self),
    "Registerable": MacroSpec(
        type: RegisterableMacro.self, conformances: ["RegisterableDependency", "AutoregisterableDependency"]),
]

/// Expands `source` with Loom's macros and compares the result (and diagnostics) with the expectation, recording
/// every mismatch as a Swift Testing issue at the caller.
///
/// `fixedSource` is the source after applying every fix-it (or those whose messages `applyFixIts` lists).
func assertExpansion(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [], applyFixIts: [String]? = nil,
    fixedSource: String? = nil, macroSpecs: [String: MacroSpec] = loomMacroSpecs,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: macroSpecs,
        applyFixIts: applyFixIts, fixedSource: fixedSource,
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        })
}

/// Expects `source` to fail with exactly one error, `message`, at `line`:`column` (both 1-based, in `source`).
///
/// `fixIts` lists the titles of the fix-its the diagnostic offers, and `fixedSource` the source after applying them.
func assertDiagnostic(
    _ source: String, message: String, line: Int, column: Int, fixIts: [String] = [], fixedSource: String? = nil,
    expandedSource: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    // A macro that throws is left unexpanded, so by default the expected source is the input without the attribute
    // for attached macros (the caller passes it) or the input itself.
    assertExpansion(
        source, expandedSource: expandedSource ?? source,
        diagnostics: [
            DiagnosticSpec(
                message: message, line: line, column: column, fixIts: fixIts.map { FixItSpec(message: $0) })
        ],
        fixedSource: fixedSource, sourceLocation: sourceLocation)
}
