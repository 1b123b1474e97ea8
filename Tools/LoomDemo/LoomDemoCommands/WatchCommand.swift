import ArgumentParser
import Foundation
import Logging
import Loom
import LoomDemoApp
import LoomDemoCore
import LoomDemoSearch
import LoomDemoStorage
import LoomServiceLifecycle
import UnixSignals

/// `loom-demo watch`: runs the app's services — the auto-saver and the index refresher — until Ctrl-C (or
/// `--for-seconds`), through LoomServiceLifecycle: started in dependency order, stopped in reverse, and the app's
/// cached instances released afterwards.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Auto-save notes and keep the note index fresh until Ctrl-C.",
        discussion: """
            Every --interval seconds, prints how many notes were added or removed meanwhile (by another loom-demo, \
            say). \
            Notes given with --add are auto-saved. Ctrl-C (or SIGTERM, or the end of --for-seconds) stops the \
            services in dependency order: the index refresher first, then the auto-saver, which saves what is left.
            """)

    @OptionGroup var options: StoreOptions

    @Option(help: ArgumentHelp("A note to auto-save; repeat it for several.", valueName: "text"))
    var add: [String] = []

    @Option(help: ArgumentHelp("Seconds between auto-saves and index refreshes.", valueName: "seconds"))
    var interval: Double = 1

    @Option(
        help: ArgumentHelp("Stop by itself after this many seconds (0: start, save and stop).", valueName: "seconds"))
    var forSeconds: Double?

    func validate() throws {
        guard interval > 0 else { throw ValidationError("--interval must be more than 0.") }
        if let forSeconds, forSeconds < 0 { throw ValidationError("--for-seconds must be 0 or more.") }
    }

    func run() async throws {
        let settings = try await options.startApp()
        let console = Conf[\.notesConsole]
        let autoSaver = try NotesSearch.container.resolve(AutoSaver.self)
        for text in add { await autoSaver.queue(text) }
        console.write("Watching \(NotesApp.notebook().storeLocation). Press Ctrl-C to stop.")

        let services = DependencyServiceGroup(
            container: NotesSearch.container, gracefulShutdownSignals: [.sigint, .sigterm],
            logger: NotesApp.logger(at: settings.logLevel))
        let timer = forSeconds.map { seconds in
            Task {
                try await Task.sleep(for: .seconds(seconds))
                await services.triggerGracefulShutdown()
            }
        }
        defer {
            timer?.cancel()
            // swift-service-lifecycle leaves the signals it trapped ignored; give them back their default action.
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        try await Conf.withValue(interval, for: \.notesWatchInterval) {
            try await services.run()
        }
        console.write("Stopped.")
    }
}
