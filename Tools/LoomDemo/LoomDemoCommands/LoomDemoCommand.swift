public import ArgumentParser

/// `loom-demo`: a small notes tool, and a sample of an app built from per-module containers.
///
/// The root command has no action of its own: run without a subcommand it prints its help. Each subcommand is a
/// type listed in `subcommands`; to add one, write an `AsyncParsableCommand` that takes
/// `@OptionGroup var options: StoreOptions`, calls `try options.startApp()` first, writes through
/// `Conf[\.notesConsole]`, and add it to the list.
///
/// ```swift
/// await LoomDemoCommand.main()                                   // the executable
/// var command = try LoomDemoCommand.parseAsRoot(["list"])       // a test
/// ```
public struct LoomDemoCommand: AsyncParsableCommand {
    /// The command's name, help text and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "loom-demo",
        abstract: "Keep short notes: a sample app built with Loom's per-module containers.",
        discussion: """
            Notes are kept in a JSON file: $XDG_DATA_HOME/loom-demo/notes.json, else \
            ~/.local/share/loom-demo/notes.json. Nothing needs setting up: the first note creates the file.

            Settings come from flags, else LOOM_DEMO_* environment variables (LOOM_DEMO_STORE, \
            LOOM_DEMO_STORE_PATH, LOOM_DEMO_PAGE_SIZE, LOOM_DEMO_LOG_LEVEL), else a JSON config file \
            (~/.config/loom-demo/config.json, or --config), else the defaults: loom-demo config shows each one and \
            where it came from.
            """,
        subcommands: [
            AddCommand.self, ListCommand.self, SearchCommand.self, RemoveCommand.self, GraphCommand.self,
            DoctorCommand.self, ConfigCommand.self, WatchCommand.self, ServeCommand.self,
        ]
    )

    /// Creates the command; swift-argument-parser calls it while parsing.
    public init() {}
}
