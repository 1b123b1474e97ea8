public import Hummingbird
public import Logging
public import Loom
import LoomDemoCore
public import LoomDemoSearch
import LoomDemoStorage
import LoomHummingbird

/// `loom-demo serve`: the notes features as a JSON API over HTTP, each request in its own request scope.
///
/// The server's container sits below the search feature's (and so the storage feature's): it declares the values
/// each request brings (`DependencyGroup.serverRequestValues`), a per-request ``NotesEndpoint`` built from them, and
/// the application itself, a service `DependencyServiceGroup` runs.
public enum NotesServer {
    /// Where the server listens and what it logs.
    public struct Settings: Sendable {
        /// The address to bind, `127.0.0.1` by default.
        public var host: String
        /// The port to bind; `0` lets the system choose (``onRunning`` gets the one chosen).
        public var port: Int
        /// The logger of the server and, with each request's id, of its requests.
        public var logger: Logger
        /// Called once the server listens, with the port bound.
        public var onRunning: @Sendable (Int) async -> Void

        /// Settings for `host:port`.
        public init(host: String, port: Int, logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void) {
            self.host = host
            self.port = port
            self.logger = logger
            self.onRunning = onRunning
        }
    }

    /// The server's container, below `parent` (the search feature's container in the app): the request values, the
    /// per-request endpoint and the application service.
    ///
    /// - Parameters:
    ///   - parent: The container the features resolve from.
    ///   - settings: Where to listen.
    ///   - graph: The app's graph as a Mermaid flowchart, for `GET /graph`.
    /// - Returns: The container; run it with a `DependencyServiceGroup`.
    public static func makeContainer(
        parent: Container = NotesSearch.container, settings: Settings, graph: @escaping @Sendable () -> String
    ) -> Container {
        let container = Container(name: "server", parent: parent) {
            DependencyGroup.serverRequestValues
        }
        container.add {
            // One per request, built from that request's logger and id (held unowned: the registration lives inside
            // the container).
            Dependency { [unowned container] () throws -> NotesEndpoint in
                NotesEndpoint(container: container, logger: try container.resolve(), id: try container.resolve())
            }
            .scope(.scoped)
            Dependency { [unowned container] () throws -> ApplicationService in
                try ApplicationService(
                    application(container: container, settings: settings, graph: graph),
                    uses: Notebook.self, NoteSearch.self, from: container)
            }
            .scope(.singleton)
        }
        return container
    }

    /// The Hummingbird application serving `container`'s endpoints.
    static func application(container: Container, settings: Settings, graph: @escaping @Sendable () -> String)
        -> some ApplicationProtocol
    {
        Application(
            router: router(container: container, graph: graph),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "loom-demo"),
            onServerRunning: { channel in await settings.onRunning(channel.localAddress?.port ?? settings.port) },
            logger: settings.logger)
    }

    /// The routes, each resolving this request's endpoint.
    ///
    /// - Parameters:
    ///   - container: The server's container (``makeContainer(parent:settings:graph:)``).
    ///   - graph: The app's graph as a Mermaid flowchart, for `GET /graph`.
    /// - Returns: The router, with the request-scope middleware in front of every route.
    public static func router(container: Container, graph: @escaping @Sendable () -> String)
        -> Router<BasicRequestContext>
    {
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        @Sendable func endpoint() throws -> NotesEndpoint { try container.resolve() }
        router.get("/health") { _, _ in try endpoint().health() }
        router.get("/notes") { _, _ in try await endpoint().list() }
        router.post("/notes") { request, context in try await endpoint().add(request, context: context) }
        router.get("/notes/search") { request, _ in
            try await endpoint().search(request.uri.queryParameters.get("q") ?? "")
        }
        router.delete("/notes/:id") { _, context in try await endpoint().remove(context.parameters.get("id") ?? "") }
        router.get("/graph") { _, _ in try endpoint().graph(graph()) }
        return router
    }
}
