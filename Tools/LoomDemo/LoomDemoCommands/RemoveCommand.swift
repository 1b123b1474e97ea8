import ArgumentParser
import Loom
import LoomDemoApp
import LoomDemoCore
import LoomDemoStorage

/// `loom-demo remove <id>`: removes one note.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a note by its id (see loom-demo list).")

    @OptionGroup var options: StoreOptions

    @Argument(help: "The id of the note to remove.")
    var id: Int

    func run() async throws {
        try await options.startApp()
        let note = try await NotesApp.notebook().remove(id: id)
        Conf[\.notesConsole].write("Removed note \(note.id): \(note.text)")
    }
}
