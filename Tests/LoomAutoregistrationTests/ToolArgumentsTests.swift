import Testing

@testable import LoomAutoregistrationCore

/// The tool's command line, as the plugin writes it.
@Suite struct ToolArgumentsTests {
    @Test func ownSourcesComeFirstAndEachDependencyBringsItsFiles() throws {
        let arguments = try ToolArguments([
            "App", "/out/App+Autoregistered.swift", "--kind", "executable", "--report", "/out/App.txt", "main.swift",
            "--dependency", "Feature", "Editor.swift", "Clock.swift", "--dependency", "Core", "Core.swift",
        ])
        #expect(arguments.module == "App")
        #expect(arguments.output == "/out/App+Autoregistered.swift")
        #expect(arguments.kind == "executable")
        #expect(arguments.report == "/out/App.txt")
        #expect(arguments.modules == ["App", "Feature", "Core"])
        #expect(
            arguments.sources == [
                "App": ["main.swift"], "Feature": ["Editor.swift", "Clock.swift"], "Core": ["Core.swift"],
            ])
    }

    @Test func theOriginalCommandLineStillWorks() throws {
        let arguments = try ToolArguments(["Catalog", "/out/Catalog+Autoregistered.swift", "a.swift", "b.swift"])
        #expect(arguments.kind == "generic")
        #expect(arguments.report == nil)
        #expect(arguments.sources == ["Catalog": ["a.swift", "b.swift"]])
    }

    @Test func aMissingValueOrOutputIsAUsageError() {
        #expect(throws: ToolArguments.UsageError.self) { try ToolArguments(["App"]) }
        #expect(throws: ToolArguments.UsageError.self) { try ToolArguments(["App", "/out.swift", "--kind"]) }
    }
}
