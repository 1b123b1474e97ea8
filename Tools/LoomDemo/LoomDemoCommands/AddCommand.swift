import ArgumentParser
import Loom
import LoomDemoApp
import LoomDemoCore
import LoomDemoStorage

/// `loom-demo add <text>`: adds a note and prints its id.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a note.",
        discussion: "Quote the text, or give it as several words: loom-demo add Buy milk")

    @OptionGroup var options: StoreOptions

    @Argument(help: ArgumentHelp("The note's text.", valueName: "text"))
    var words: [String] = []

    func run() async throws {
        try await options.startApp()
        let note = try await NotesApp.notebook().add(words.joined(separator: " "))
        Conf[\.notesConsole].write("Added note \(note.id): \(note.text)")
    }
}
