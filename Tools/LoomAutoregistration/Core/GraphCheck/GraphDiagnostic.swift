/// One finding of the graph check, printed the way compilers print diagnostics so that SwiftPM and Xcode show it at
/// its place: `Sources/App/Editor.swift:12:5: error: …`.
///
/// ```swift
/// let diagnostic = GraphDiagnostic(severity: .error, location: location, message: "no registration provides 'any Clock'")
/// print(diagnostic.rendered)   // Sources/App/Editor.swift:12:5: error: no registration provides 'any Clock'
/// ```
struct GraphDiagnostic: Hashable, Comparable {
    /// How serious it is; an `error` fails the build.
    enum Severity: String, Hashable {
        case error, warning, note, remark
    }

    let severity: Severity
    let location: SourceLocation
    let message: String

    /// `path:line:column: severity: message`.
    var rendered: String {
        "\(location.path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}
