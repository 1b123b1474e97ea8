import Hummingbird
import LoomCore
import LoomHummingbird
import LoomServiceLifecycle
import LoomTestSupport
import ServiceLifecycle
import Testing

/// A service the application's handlers use: it must start before the server and stop after it.
private final class Database: Service, Sendable {
    let events: Collected<String>
    let port: PortBox

    init(events: Collected<String>, port: PortBox) {
        self.events = events
        self.port = port
    }

    func run() async throws {
        events.append("database started")
        try? await gracefulShutdown()
        // The server stopped first: a request now finds nobody listening.
        let answered = (try? await LiveClient(port: port.value).get("/rows")) != nil
        events.append("database stopping, server answers: \(answered)")
    }
}

@Suite(.timeLimit(.minutes(2))) struct ApplicationServiceTests {
    @Test func theApplicationStartsAfterWhatItUsesStopsFirstAndIsReleasedFirst() async throws {
        let events = Collected<String>()
        let port = PortBox()
        let container = Container(name: "app", logger: DisabledLogger())
        container.register(scope: .singleton) {
            Database(events: events, port: port)
        } onRelease: { _ in
            events.append("database released")
        }
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/rows") { _, _ in
            _ = try container.resolve(Database.self)
            return "rows"
        }
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                events.append("server running")
                port.set(channel.localAddress?.port ?? 0)
            }, logger: quietLogger)
        container.register(scope: .singleton) {
            try ApplicationService(application, uses: Database.self, from: container)
        } onRelease: { _ in
            events.append("application released")
        }
        let group = DependencyServiceGroup(container: container, logger: quietLogger)
        let running = Task { try await group.run() }
        await port.ready.wait()
        let answer = try await LiveClient(port: port.value).get("/rows")
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(answer.body == "rows")
        #expect(
            events.all == [
                "database started", "server running", "database stopping, server answers: false",
                "application released", "database released",
            ])
    }

    @Test func aTypeTheApplicationUsesThatDoesNotResolveFailsItsFactory() {
        let container = Container(name: "app", logger: DisabledLogger())
        let application = Application(router: Router(), logger: quietLogger)
        #expect(throws: InjectionError.self) {
            try ApplicationService(application, uses: Database.self, from: container)
        }
    }
}
