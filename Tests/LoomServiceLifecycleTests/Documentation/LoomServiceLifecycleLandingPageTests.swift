// The snippet of LoomServiceLifecycle's landing page
// (Modules/LoomServiceLifecycle/LoomServiceLifecycle.docc/LoomServiceLifecycle.md), compiled and run. Keep the two
// in step. Where the test departs from the snippet: the services note their start and stop, no signal is trapped,
// and the test shuts the group down itself instead of waiting for SIGTERM.
import Logging
import Loom
import LoomServiceLifecycle
import LoomTestSupport
import ServiceLifecycle
import Testing

@Suite struct LoomServiceLifecycleLandingPageTests {
    final class Database: Service {
        let events: Collected<String>
        init(events: Collected<String>) { self.events = events }
        func run() async throws {
            events.append("start Database")
            try? await gracefulShutdown()
            events.append("stop Database")
        }
    }

    final class HTTPServer: Service {
        let database: Database
        init(database: Database) { self.database = database }
        func run() async throws {
            database.events.append("start HTTPServer")
            try? await gracefulShutdown()
            database.events.append("stop HTTPServer")
        }
    }

    @Test func theLandingPageSnippet() async throws {
        let events = Collected<String>()
        let app = Container(name: "app")
        app.register(HTTPServer.self, scope: .singleton) { [unowned app] in HTTPServer(database: try app.resolve()) }
        app.register(Database.self, scope: .singleton) { Database(events: events) }

        let services = DependencyServiceGroup(container: app, logger: Logger(label: "app"))
        let running = Task { try await services.run() }
        #expect(await eventually { events.all.count == 2 })
        await services.triggerGracefulShutdown()
        try await running.value

        #expect(events.all == ["start Database", "start HTTPServer", "stop HTTPServer", "stop Database"])
    }
}
