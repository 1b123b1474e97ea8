import Testing

@testable import LoomAutoregistrationCore

/// Diagnostics print as compilers print theirs, so SwiftPM and Xcode place them.
@Suite struct GraphDiagnosticTests {
    @Test func aDiagnosticRendersAsPathLineColumnSeverityMessage() {
        let location = SourceLocation(path: "/src/App/Editor.swift", module: "App", line: 12, column: 5)
        let diagnostic = GraphDiagnostic(severity: .error, location: location, message: "no registration provides 'X'")
        #expect(diagnostic.rendered == "/src/App/Editor.swift:12:5: error: no registration provides 'X'")
    }

    @Test func diagnosticsSortByFileThenPlace() {
        func at(_ path: String, _ line: Int) -> GraphDiagnostic {
            GraphDiagnostic(
                severity: .remark, location: SourceLocation(path: path, module: "M", line: line, column: 1), message: ""
            )
        }
        #expect(
            [at("b.swift", 1), at("a.swift", 9), at("a.swift", 2)].sorted() == [
                at("a.swift", 2), at("a.swift", 9), at("b.swift", 1),
            ])
    }
}
