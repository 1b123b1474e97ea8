import Foundation

/// What the LoomAutoregistration plugin's tool (the `LoomAutoregistrationTool` executable) does; see
/// ``ToolArguments`` for its command line. For one target it
///
/// 1. writes the module's autoregistered `DependencyGroup` to `<output>` (left untouched when unchanged, so nothing
///    rebuilds), from the `@Registerable` types of the target's own files;
/// 2. checks the dependency graph of the target's files and its dependencies' (``GraphCheck``), prints each finding
///    as `file:line:column: severity: message` and a summary line, writes the report to `--report`, and exits with
///    a failure when a finding is an error, which fails the build.
package enum AutoregistrationTool {
    /// What one run printed and whether it must fail the build.
    struct Run {
        let lines: [String]
        let failed: Bool
    }

    /// The tool's entry point: runs with the process's arguments, prints, and exits with a failure when the run
    /// failed.
    package static func main() -> Never {
        do {
            let run = try run(Array(CommandLine.arguments.dropFirst()))
            for line in run.lines { print(line) }
            exit(run.failed ? EXIT_FAILURE : EXIT_SUCCESS)
        } catch {
            FileHandle.standardError.write(Data("LoomAutoregistrationTool: \(error)\n".utf8))
            exit(EXIT_FAILURE)
        }
    }

    /// Does the work of one run with `arguments` (without the executable's path) and returns what to print.
    ///
    /// ```swift
    /// let run = try AutoregistrationTool.run(["App", "/tmp/App+Autoregistered.swift", "--kind", "executable", "main.swift"])
    /// run.lines.last   // Loom graph check of App (assembling): 0 needs checked, 0 unknown; 0 errors, 0 warnings
    /// ```
    static func run(_ commandLine: [String]) throws -> Run {
        let arguments = try ToolArguments(commandLine)
        var types: [RegisterableType] = []
        var facts: [SourceFacts] = []
        var markers: [String] = []
        var fileCount = 0
        for module in arguments.modules {
            for path in (arguments.sources[module] ?? []).sorted() {
                let source = LexedSource(try String(contentsOfFile: path, encoding: .utf8))
                let fileFacts = GraphSourceScanner.facts(in: source, path: path, module: module)
                facts.append(fileFacts)
                fileCount += 1
                guard module == arguments.module else { continue }
                markers += fileFacts.markers
                for type in RegisterableScanner.registerableTypes(in: source.tokens) where !types.contains(type) {
                    types.append(type)
                }
            }
        }

        let generated = GroupRenderer.render(module: arguments.module, types: types)
        let outputURL = URL(fileURLWithPath: arguments.output)
        if (try? String(contentsOf: outputURL, encoding: .utf8)) != generated {
            try generated.write(to: outputURL, atomically: true, encoding: .utf8)
        }

        let graph = StaticGraph(facts: facts, modules: arguments.modules)
        let role = TargetRole(kind: arguments.kind, markers: markers)
        let result = GraphCheck.run(graph: graph, role: role, module: arguments.module)
        let report = GraphCheckReport(result: result, graph: graph, module: arguments.module, fileCount: fileCount)
        if let path = arguments.report { try report.text.write(toFile: path, atomically: true, encoding: .utf8) }
        let summary = report.summary + (arguments.report.map { " (report: \($0))" } ?? "")
        return Run(lines: result.diagnostics.map(\.rendered) + [summary], failed: result.hasErrors)
    }
}
