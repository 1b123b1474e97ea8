// The snippets of the article "Request scopes in a server"
// (Modules/LoomHummingbird/LoomHummingbird.docc/Articles/RequestScopesInAServer.md), compiled and run. Keep the two in
// step. Where the tests depart from the snippets: the containers log nothing; requests go through the router's
// responder in-process (or over 127.0.0.1 for the service); the application listens on a port the system picks,
// traps no signal, and the test shuts the group down itself instead of waiting for SIGTERM; `respondInProcess` is
// the test's own helper.
import Hummingbird
import Logging
import LoomCore
import LoomHummingbird
import LoomServiceLifecycle
import LoomTestSupport
import LoomTesting
import ServiceLifecycle
import Testing

private final class AuditTrail: Sendable {
    let id: ServerRequestID
    let path: String
    init(id: ServerRequestID, request: Request) {
        self.id = id
        path = request.uri.path
    }
}

/// The article's container and router, as its first snippets build them.
private func articleServer() -> (Container, Router<InProcessContext>) {
    let container = Container(name: "server", logger: DisabledLogger()) {
        DependencyGroup.serverRequestValues
    }
    container.register(scope: .scoped) {
        AuditTrail(id: try container.resolve(), request: try container.resolve())
    }
    let router = Router(context: InProcessContext.self)
    router.add(middleware: RequestScopeMiddleware(container))
    router.get("/audit") { _, _ in
        let trail: AuditTrail = try container.resolve()  // this request's, built from its id and path
        return "\(trail.path) \(trail.id == (try container.resolve(ServerRequestID.self)))"
    }
    router.get("/stream") { _, _ in
        let trail: AuditTrail = try container.resolve()
        return Response(
            status: .ok,
            body: ResponseBody { writer in
                let same: AuditTrail = try container.resolve()  // still this request's, still alive
                try await writer.write(ByteBuffer(string: "\(same === trail)"))
                try await writer.finish(nil)
            })
    }
    return (container, router)
}

/// A body writer that keeps what it is given.
private final class CollectingWriter: ResponseBodyWriter {
    let text = Collected<String>()
    func write(_ buffer: ByteBuffer) async throws { text.append(String(buffer: buffer)) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

private func body(of path: String, through router: Router<InProcessContext>) async throws -> String {
    try await body(of: path, through: router.buildResponder())
}

private func body(of path: String, through responder: RouterResponder<InProcessContext>) async throws -> String {
    let request = Request(
        head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path),
        body: RequestBody(buffer: ByteBuffer()))
    var logger = quietLogger
    logger[metadataKey: "hb.request.id"] = "req-1"
    let response = try await responder.respond(
        to: request, context: InProcessContext(source: .init(logger: logger)))
    let writer = CollectingWriter()
    try await response.body.write(writer)
    return writer.text.all.joined()
}

@Suite struct RequestScopesInAServerTests {
    @Test func requestValuesAreDeclaredAndOnlyARequestHasThem() throws {
        let (container, _) = articleServer()
        #expect {
            try container.resolve(Request.self)
        } throws: { error in
            if case .outsideRequestScope = error as? InjectionError { return true }
            return false
        }
        let report = container.verify()
        #expect(report.defects.isEmpty)
        #expect(report.skipped.contains { $0.valueType.hasSuffix("AuditTrail") })
    }

    @Test func theHandlerGetsThisRequestsInstance() async throws {
        let (_, router) = articleServer()
        #expect(try await body(of: "/audit", through: router) == "/audit true")
    }

    @Test func aStreamedBodyResolvesTheHandlersInstance() async throws {
        let (_, router) = articleServer()
        #expect(try await body(of: "/stream", through: router) == "true")
    }

    @Test func anyServerCanOpenAScopeWithItsOwnValues() async throws {
        struct JobID: Sendable, Equatable {
            let value: Int
        }

        let jobs = Container(name: "jobs", logger: DisabledLogger()) {
            Dependency.provided(JobID.self)
        }
        let id = try await jobs.withScope(providing: JobID(value: 7)) { scope in
            try scope.resolve(JobID.self)
        }
        #expect(id == JobID(value: 7))
    }

    @Test(.timeLimit(.minutes(1))) func theApplicationRunsAsAServiceAfterWhatItUses() async throws {
        final class Database: Service {
            let events: Collected<String>
            init(events: Collected<String>) { self.events = events }
            func run() async throws {
                events.append("start Database")
                try? await gracefulShutdown()
                events.append("stop Database")
            }
        }

        let events = Collected<String>()
        let port = PortBox()
        let container = Container(name: "server", logger: DisabledLogger()) {
            DependencyGroup.serverRequestValues
        }
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/health") { _, _ in "ok" }
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                events.append("start server")
                port.set(channel.localAddress?.port ?? 0)
            }, logger: quietLogger)
        container.register(scope: .singleton) { Database(events: events) }
        container.register(scope: .singleton) {
            try ApplicationService(application, uses: Database.self, from: container)
        }
        let services = DependencyServiceGroup(container: container, logger: quietLogger)
        let running = Task { try await services.run() }
        await port.ready.wait()
        let health = try await LiveClient(port: port.value).get("/health")
        await services.triggerGracefulShutdown()
        try await running.value
        #expect(health.body == "ok")
        #expect(events.all == ["start Database", "start server", "stop Database"])
    }

    @Test func aTestOverrideReachesTheHandlers() async throws {
        let (container, router) = articleServer()
        let responder = router.buildResponder()
        @Sendable func respondInProcess(to path: String) async throws -> String {
            try await body(of: path, through: responder)
        }
        let overridden = try await withTestDependencies {
            $0.register(scope: .scoped) { AuditTrail(id: ServerRequestID("test"), request: try container.resolve()) }
        } operation: {
            // start the server here; its handlers resolve the test's AuditTrail
            try await respondInProcess(to: "/audit")
        }
        #expect(overridden == "/audit false")
    }
}
