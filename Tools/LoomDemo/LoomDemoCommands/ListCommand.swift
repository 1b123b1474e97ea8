import ArgumentParser
import Loom
import LoomDemoApp
import LoomDemoCore
import LoomDemoStorage

/// `loom-demo list`: prints the notes, oldest first, a page of them at most (`--page-size`).
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the notes, oldest first (at most --page-size of them).")

    @OptionGroup var options: StoreOptions

    func run() async throws {
        try await options.startApp()
        let notes = try await NotesApp.notebook().notes()
        let console = Conf[\.notesConsole]
        guard !notes.isEmpty else {
            console.write("No notes yet. Add one with: loom-demo add \"Buy milk\"")
            return
        }
        let pageSize = Conf[\.notesPageSize]
        for line in Array(notes.prefix(pageSize)).lines { console.write(line) }
        if notes.count > pageSize {
            console.write("Showing \(pageSize) of \(notes.count) notes; use --page-size to see more.")
        }
    }
}
