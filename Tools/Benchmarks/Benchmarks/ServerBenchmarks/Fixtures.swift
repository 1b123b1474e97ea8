import Hummingbird
import Logging
import Loom
import LoomHummingbird

/// A request context made without a channel, as Hummingbird's own benchmarks make one.
struct BenchmarkContext: RequestContext {
    typealias Source = BenchmarkSource

    var coreContext: CoreRequestContextStorage

    init(source: BenchmarkSource) {
        coreContext = .init(source: source)
    }
}

/// Where a ``BenchmarkContext`` gets its logger.
struct BenchmarkSource: RequestContextSource {
    let logger: Logger
}

/// A response body writer that drops what it is given.
struct DroppingWriter: ResponseBodyWriter {
    mutating func write(_ buffer: ByteBuffer) async throws {}
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// The two routers measured, and one request through either.
enum ServerFixtures {
    static let logger: Logger = {
        var logger = Logger(label: "benchmark") { _ in SwiftLogNoOpLogHandler() }
        logger.logLevel = .critical
        return logger
    }()

    static let container = Container(name: "server", logger: DisabledLogger()) {
        DependencyGroup.serverRequestValues
    }

    /// An empty handler, no middleware.
    static let plain: RouterResponder<BenchmarkContext> = {
        let router = Router(context: BenchmarkContext.self)
        router.get("/") { _, _ in HTTPResponse.Status.ok }
        return router.buildResponder()
    }()

    /// The same handler behind the request-scope middleware.
    static let scoped: RouterResponder<BenchmarkContext> = {
        let router = Router(context: BenchmarkContext.self)
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/") { _, _ in HTTPResponse.Status.ok }
        return router.buildResponder()
    }()

    static let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/")

    /// One GET of `/` through `responder`, its body written as the server would.
    static func respond(with responder: RouterResponder<BenchmarkContext>) async throws -> HTTPResponse.Status {
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        let response = try await responder.respond(
            to: request, context: BenchmarkContext(source: .init(logger: logger)))
        let status = response.status
        try await response.body.write(DroppingWriter())
        return status
    }
}
