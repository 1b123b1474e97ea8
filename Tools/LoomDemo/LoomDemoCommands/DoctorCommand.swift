import ArgumentParser
import Loom
import LoomDemoApp
import LoomDemoCore

/// `loom-demo doctor`: verifies the app's dependency graph and exits non-zero when it has defects.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check that every registration resolves: no missing dependency, cycle, ambiguity or captive.")

    @OptionGroup var options: StoreOptions

    func run() async throws {
        try await options.startApp()
        let report = NotesApp.verify()
        let console = Conf[\.notesConsole]
        for line in report.description.split(separator: "\n", omittingEmptySubsequences: false) {
            console.write(String(line))
        }
        guard report.isHealthy else { throw ExitCode.failure }
    }
}
