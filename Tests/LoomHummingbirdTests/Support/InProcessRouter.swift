import Hummingbird
import Logging

/// A request context made without a channel, for driving a router's responder in-process.
struct InProcessContext: RequestContext {
    typealias Source = InProcessSource

    var coreContext: CoreRequestContextStorage

    init(source: InProcessSource) {
        coreContext = .init(source: source)
    }
}

/// Where an ``InProcessContext`` gets its logger.
struct InProcessSource: RequestContextSource {
    let logger: Logger
}

/// A response body writer that drops what it is given.
struct DiscardingWriter: ResponseBodyWriter {
    mutating func write(_ buffer: ByteBuffer) async throws {}
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Sends one GET through `responder` and writes its body, as the server would.
func respond(
    to path: String, with responder: some HTTPResponder<InProcessContext>, logger: Logger = quietLogger
) async throws -> Response {
    let request = Request(
        head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path),
        body: RequestBody(buffer: ByteBuffer()))
    var logger = logger
    logger[metadataKey: "hb.request.id"] = .stringConvertible(RequestID())
    let response = try await responder.respond(to: request, context: InProcessContext(source: .init(logger: logger)))
    try await response.body.write(DiscardingWriter())
    return response
}
