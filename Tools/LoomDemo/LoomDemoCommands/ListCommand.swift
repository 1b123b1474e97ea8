import ArgumentParser
import Loom
import LoomDemoApp
import LoomDemoCore
import LoomDemoStorage

/// `loom-demo list`: prints every note, oldest first.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every note, oldest first.")

    @OptionGroup var options: StoreOptions

    func run() async throws {
        try options.startApp()
        let notes = try await NotesApp.notebook().notes()
        let console = Conf[\.notesConsole]
        guard !notes.isEmpty else {
            console.write("No notes yet. Add one with: loom-demo add \"Buy milk\"")
            return
        }
        for line in notes.lines { console.write(line) }
    }
}
