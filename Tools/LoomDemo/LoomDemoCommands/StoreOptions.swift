import ArgumentParser
import Foundation
import LoomDemoApp
import LoomDemoCore

/// The options every subcommand shares: which store, where, and whether to log.
struct StoreOptions: ParsableArguments {
    @Option(help: "Where to keep notes: file or memory. (default: $LOOM_DEMO_STORE, else file)")
    var store: NoteStoreKind?

    @Option(
        help: ArgumentHelp(
            "The notes file. (default: $LOOM_DEMO_STORE_PATH, else the data folder; see loom-demo --help)",
            valueName: "path"))
    var storePath: String?

    @Flag(help: "Log what Loom does (containers, registrations, resolutions) to standard error.")
    var verbose = false

    /// Resolves the settings from these options and the process environment, and starts the app with them.
    func startApp() throws {
        let settings = try NotesSettings(
            store: store, storePath: storePath, verbose: verbose, environment: ProcessInfo.processInfo.environment)
        NotesApp.start(settings)
    }
}
