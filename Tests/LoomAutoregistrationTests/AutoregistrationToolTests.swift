import Foundation
import Testing

@testable import LoomAutoregistrationCore

/// One run of the tool over real files: the generated group, the printed diagnostics and summary, the report, and
/// whether the build fails.
@Suite struct AutoregistrationToolTests {
    static let editor = """
        public protocol Clock: Sendable {}
        public struct SystemClock: Clock { public init() {} }

        @Registerable(parameters: .injected)
        public final class Editor: Sendable {
            public init(clock: any Clock) {}
        }
        """

    @Test func anUnmetNeedFailsTheRunWithAnErrorAtTheNeedAndTheGroupIsStillWritten() throws {
        let directory = try SourceFolder()
        let editor = try directory.write("Feature/Editor.swift", Self.editor)
        let main = try directory.write(
            "App/main.swift", "let app = Container { DependencyGroup.featureAutoregistered }")
        let output = directory.path("Feature+Autoregistered.swift")
        let report = directory.path("App.graph-check.txt")

        let run = try AutoregistrationTool.run([
            "App", output, "--kind", "executable", "--report", report, main, "--dependency", "Feature", editor,
        ])
        #expect(run.failed)
        #expect(
            run.lines == [
                "\(editor):6:17: error: no registration provides 'any Clock', needed by 'Editor.init(clock:)' "
                    + "(searched App, Feature)",
                "Loom graph check of App (assembling): 1 need checked, 0 unknown; 1 error, 0 warnings (report: \(report))",
            ])
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("public static var appAutoregistered"))
        #expect(
            try String(contentsOfFile: report, encoding: .utf8).contains(
                "'Editor.init(clock:)' needs 'any Clock': unmet"))
    }

    @Test func theSameFilesAsALibraryOnlyRemark() throws {
        let directory = try SourceFolder()
        let editor = try directory.write("Feature/Editor.swift", Self.editor)
        let run = try AutoregistrationTool.run(["Feature", directory.path("Feature+Autoregistered.swift"), editor])
        #expect(!run.failed)
        #expect(run.lines.first?.contains(": remark: no registration in Feature provides 'any Clock'") == true)
        #expect(
            run.lines.last == "Loom graph check of Feature (library): 1 need checked, 0 unknown; 0 errors, 0 warnings")
    }

    @Test func anUnchangedGroupIsNotRewritten() throws {
        let directory = try SourceFolder()
        let editor = try directory.write("Feature/Editor.swift", Self.editor)
        let output = directory.path("Feature+Autoregistered.swift")
        _ = try AutoregistrationTool.run(["Feature", output, editor])
        let written = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        _ = try AutoregistrationTool.run(["Feature", output, editor])
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date == written)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("Editor.dependencyRegistration"))
    }
}
