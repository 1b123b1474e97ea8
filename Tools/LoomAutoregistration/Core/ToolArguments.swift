/// The command line the LoomAutoregistration plugin runs the tool with.
///
/// ```
/// LoomAutoregistrationTool <module> <output> [--kind <kind>] [--report <path>] <source>…
///                          [--dependency <module> <source>…]…
/// ```
///
/// `<source>`s before any `--dependency` are the target's own files: their `@Registerable` types go into the
/// generated group. The files after `--dependency <module>` belong to a module the target depends on; the graph
/// check reads them too. `--kind` is the target's SwiftPM module kind (`executable`, `test`, `generic`, …), which
/// decides its ``TargetRole`` with the files' `// loom-graph:` settings.
///
/// ```swift
/// let arguments = try ToolArguments(["App", "/out/App+Autoregistered.swift", "--kind", "executable",
///                                    "Sources/App/main.swift", "--dependency", "Feature", "Sources/Feature/Editor.swift"])
/// arguments.sources["Feature"]   // ["Sources/Feature/Editor.swift"]
/// ```
struct ToolArguments: Equatable {
    /// A command line the tool cannot run.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static let usage =
        "usage: LoomAutoregistrationTool <module> <output> [--kind <kind>] [--report <path>] <source>... "
        + "[--dependency <module> <source>...]..."

    let module: String
    let output: String
    let kind: String
    let report: String?
    /// The scanned modules, the target's own first, then its dependencies in the order given.
    let modules: [String]
    /// Each scanned module's files.
    let sources: [String: [String]]

    /// Parses `arguments` (without the executable's path).
    init(_ arguments: [String]) throws {
        guard arguments.count >= 2 else { throw UsageError(description: Self.usage) }
        module = arguments[0]
        output = arguments[1]
        var kind = "generic"
        var report: String?
        var modules = [arguments[0]]
        var sources: [String: [String]] = [arguments[0]: []]
        var current = arguments[0]
        var index = 2
        func value(after option: String) throws -> String {
            guard index + 1 < arguments.count else { throw UsageError(description: "\(option) needs a value") }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--kind": kind = try value(after: "--kind")
            case "--report": report = try value(after: "--report")
            case "--dependency":
                current = try value(after: "--dependency")
                if sources[current] == nil {
                    modules.append(current)
                    sources[current] = []
                }
            default: sources[current, default: []].append(arguments[index])
            }
            index += 1
        }
        self.kind = kind
        self.report = report
        self.modules = modules
        self.sources = sources
    }
}
