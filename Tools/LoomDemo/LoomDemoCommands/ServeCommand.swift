import ArgumentParser
import Foundation
import Logging
import Loom
import LoomDemoApp
import LoomDemoCore
import LoomDemoServer
import LoomServiceLifecycle
import UnixSignals

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the notes as JSON over HTTP until Ctrl-C.",
        discussion: """
            GET /notes, POST /notes {"text": "…"}, GET /notes/search?q=…, DELETE /notes/<id>, GET /health, \
            GET /graph (Mermaid). Each request runs in its own request scope; its log lines carry its id. \
            Ctrl-C or SIGTERM stops the server first, then the services it uses, and releases the app's instances.
            """)

    @OptionGroup var options: StoreOptions

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed when listening).")
    var port = 8080

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
    }

    func run() async throws {
        let settings = try await options.startApp()
        let console = Conf[\.notesConsole]
        // Request lines at info or above, whatever Loom itself logs.
        let logger = NotesApp.logger(at: settings.logLevel > .info ? .info : settings.logLevel)
        let host = host
        let server = NotesServer.makeContainer(
            settings: .init(
                host: host, port: port, logger: logger,
                onRunning: { port in console.write("Listening on http://\(host):\(port)") }),
            graph: { GraphRendering.mermaid(NotesApp.containers, NotesApp.verify()).joined(separator: "\n") })
        let services = DependencyServiceGroup(
            container: server, gracefulShutdownSignals: [.sigint, .sigterm], logger: logger)
        defer {
            // swift-service-lifecycle leaves the signals it trapped ignored; give them back their default action.
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        try await services.run()
        console.write("Stopped.")
    }
}
