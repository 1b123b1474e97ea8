/// Whether a target assembles an app — so every need must be met by what it and its dependencies register — or is a
/// library whose needs a later target may meet.
///
/// Executable and test targets assemble; other targets are libraries. A `// loom-graph: assembling` comment in any
/// of the target's own files makes a library assemble (an app module that composes feature modules), and
/// `// loom-graph: library` makes an executable or test target a library.
///
/// ```swift
/// TargetRole(kind: "executable", markers: [])          // .assembling
/// TargetRole(kind: "generic", markers: ["assembling"]) // .assembling
/// TargetRole(kind: "test", markers: ["library"])       // .library
/// ```
enum TargetRole: String, Equatable {
    /// An unmet need is an error, a cycle too.
    case assembling
    /// An unmet need is a remark, a cycle a warning: another target may register what it needs.
    case library

    /// The role of a target of SwiftPM module kind `kind` (`executable`, `test`, `generic`, …) whose files carry
    /// the `// loom-graph:` settings `markers`.
    init(kind: String, markers: [String]) {
        if markers.contains("library") {
            self = .library
        } else if markers.contains("assembling") || kind == "executable" || kind == "test" {
            self = .assembling
        } else {
            self = .library
        }
    }
}
