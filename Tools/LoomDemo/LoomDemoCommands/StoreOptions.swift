import ArgumentParser
import Foundation
import LoomDemoApp
import LoomDemoCore

/// The options every subcommand shares: the settings (which store, where, how many notes a page shows, what Loom
/// logs) and the config file they may come from.
struct StoreOptions: ParsableArguments {
    @Option(help: "Where to keep notes: file or memory. (default: $LOOM_DEMO_STORE, else the config file, else file)")
    var store: NoteStoreKind?

    @Option(
        help: ArgumentHelp(
            "The notes file. (default: $LOOM_DEMO_STORE_PATH, else the config file, else the data folder)",
            valueName: "path"))
    var storePath: String?

    @Option(
        help: ArgumentHelp(
            "How many notes list and search show. (default: $LOOM_DEMO_PAGE_SIZE, else the config file, else 20)",
            valueName: "count"))
    var pageSize: Int?

    @Option(
        help: ArgumentHelp(
            "What Loom logs to standard error: trace, debug, info, warning or error. (default: $LOOM_DEMO_LOG_LEVEL, "
                + "else the config file, else warning)",
            valueName: "level"))
    var logLevel: NotesLogLevel?

    @Option(
        help: ArgumentHelp(
            "A JSON config file to read instead of ~/.config/loom-demo/config.json (see loom-demo config).",
            valueName: "path"))
    var config: String?

    @Flag(help: "Log what Loom does (containers, registrations, resolutions) to standard error: --log-level debug.")
    var verbose = false

    /// The settings given on the command line.
    var flags: NotesFlags {
        NotesFlags(
            store: store, storePath: storePath, pageSize: pageSize, logLevel: logLevel ?? (verbose ? .debug : nil),
            configFile: config)
    }

    func validate() throws {
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be at least 1.") }
    }

    /// Resolves the settings from these options, the process environment and the config file, and starts the app
    /// with them.
    @discardableResult
    func startApp() async throws -> NotesSettings {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            throw ValidationError("loom-demo reads its settings with swift-configuration, which needs macOS 15.")
        }
        let configuration = try await NotesConfiguration.resolve(
            flags: flags, environment: ProcessInfo.processInfo.environment)
        try NotesApp.start(configuration)
        return configuration.settings
    }
}
