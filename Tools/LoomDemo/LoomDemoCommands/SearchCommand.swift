import ArgumentParser
import Loom
import LoomDemoApp
import LoomDemoCore
import LoomDemoSearch

/// `loom-demo search <query>`: prints the notes containing every word of the query, ignoring case.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find the notes that contain every word of a query, ignoring case.")

    @OptionGroup var options: StoreOptions

    @Option(help: "The most matches to show. (default: the page size)")
    var limit: Int?

    @Argument(help: ArgumentHelp("The words to look for.", valueName: "query"))
    var words: [String] = []

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        try await options.startApp()
        let query = words.joined(separator: " ")
        let search = NotesApp.search()
        // An override for this search only, not a root value: `Conf.withValue` is task-local (child tasks inherit it)
        // and ends with the closure.
        let result = try await Conf.withValue(limit ?? Conf[\.notesPageSize], for: \.notesSearchLimit) {
            try await search.search(query)
        }
        let console = Conf[\.notesConsole]
        guard !result.matches.isEmpty else {
            console.write("No notes match \"\(query)\".")
            return
        }
        for line in result.matches.lines { console.write(line) }
        if result.isTruncated {
            console.write("Showing \(result.matches.count) of \(result.totalMatches) matches; use --limit to see more.")
        }
    }
}
