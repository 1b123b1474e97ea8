import Hummingbird
import LoomCore
import LoomHummingbird
import LoomRuntime
import LoomTestSupport
import Testing

/// Counts its live instances.
private final class Tracked: Sendable {
    static let live = LoomLock(0)
    static var liveCount: Int { live.withLock { $0 } }
    init() { Self.live.withLock { $0 += 1 } }
    deinit { Self.live.withLock { $0 -= 1 } }
}

/// The scope of a request ends on every path: the body written, the handler throwing, the response dropped.
///
/// In-process (the router's responder called directly), so ten thousand requests take a moment.
@Suite(.serialized) struct RequestScopeEndTests {
    /// A router behind the middleware whose one route resolves a `.scoped` ``Tracked``, and the count of its releases.
    private func trackingResponder() -> (some HTTPResponder<InProcessContext>, Counter) {
        let released = Counter()
        let container = Container(name: "requests", logger: DisabledLogger())
        container.register(scope: .scoped) {
            Tracked()
        } onRelease: { _ in
            released.increment()
        }
        let router = Router(context: InProcessContext.self)
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/") { _, _ in
            _ = try container.resolve(Tracked.self)
            return "ok"
        }
        return (router.buildResponder(), released)
    }

    @Test func afterTenThousandRequestsNoRequestsObjectIsAlive() async throws {
        let (responder, released) = trackingResponder()
        for _ in 0..<10_000 {
            _ = try await respond(to: "/", with: responder)
        }
        #expect(released.value == 10_000)
        #expect(Tracked.liveCount == 0)
    }

    @Test func aResponseDroppedBeforeItsBodyIsWrittenStillEndsItsScope() async throws {
        let (responder, released) = trackingResponder()
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/"),
            body: RequestBody(buffer: ByteBuffer()))
        var response: Response? = try await responder.respond(
            to: request, context: InProcessContext(source: .init(logger: quietLogger)))
        let beforeDropping = released.value
        response = nil
        #expect(response == nil)
        #expect(beforeDropping == 0)
        #expect(released.value == 1)
        #expect(Tracked.liveCount == 0)
    }
}
