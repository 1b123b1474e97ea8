import Foundation
import Hummingbird
import Logging
import LoomCore
import LoomHummingbird
import LoomTestSupport
import LoomTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request's working object: counts how many were built and released.
private final class RequestWork: Sendable {
    let request: Request
    init(request: Request) { self.request = request }
}

/// Where the handlers store what they receive.
private actor NoteBox {
    private(set) var texts: [String] = []
    func add(_ text: String) { texts.append(text) }
}

/// A greeting the tests override.
private struct Greeting: Sendable {
    let text: String
}

private struct Posted: Decodable {
    let text: String
}

/// A container with the server's request values, a `.scoped` `RequestWork` counted in `built` and `released`, and
/// a singleton `NoteBox`.
private func serverContainer(built: Arrivals, released: Arrivals) -> Container {
    let container = Container(name: "server", logger: DisabledLogger()) {
        DependencyGroup.serverRequestValues
        Dependency { NoteBox() }.scope(.singleton)
        Dependency { Greeting(text: "live") }.scope(.singleton)
    }
    container.register(scope: .scoped) {
        built.arrive()
        return RequestWork(request: try container.resolve())
    } onRelease: { _ in
        released.arrive()
    }
    return container
}

@Suite(.timeLimit(.minutes(2))) struct RequestScopeMiddlewareTests {
    @Test func twoHundredConcurrentPostsAreAllStoredAndEveryScopedInstanceIsReleased() async throws {
        let (built, released) = (Arrivals(), Arrivals())
        let container = serverContainer(built: built, released: released)
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        router.post("/notes") { request, context in
            let work: RequestWork = try container.resolve()
            let posted = try await request.decode(as: Posted.self, context: context)
            let box: NoteBox = try container.resolve()
            await box.add(posted.text)
            return "\(work.request.uri.path)"
        }
        let texts = (0..<200).map { "note \($0)" }
        let statuses = try await withLiveServer(router) { client in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for text in texts {
                    group.addTask { try await client.post("/notes", json: #"{"text": "\#(text)"}"#).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        await released.wait(for: 200)
        let stored = try await container.resolve(NoteBox.self).texts
        #expect(statuses.allSatisfy { $0 == 200 })
        #expect(stored.count == 200)
        #expect(Set(stored) == Set(texts))
        #expect(built.count == 200)
        #expect(released.count == built.count)
    }

    @Test func aRequestThatThrowsStillReleasesItsScope() async throws {
        let (built, released) = (Arrivals(), Arrivals())
        let container = serverContainer(built: built, released: released)
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/fail") { _, _ -> String in
            _ = try container.resolve(RequestWork.self)
            throw HTTPError(.badRequest, message: "no")
        }
        let statuses = try await withLiveServer(router) { client in
            var statuses: [Int] = []
            for _ in 0..<5 { statuses.append(try await client.get("/fail").status) }
            return statuses
        }
        await released.wait(for: 5)
        #expect(statuses == Array(repeating: 400, count: 5))
        #expect(built.count == 5)
        #expect(released.count == 5)
    }

    /// Two requests held inside their handlers at once (a barrier, not a sleep) each see their own request, id and
    /// logger; after the server is gone, none resolves.
    @Test func requestValuesResolveOnlyInsideTheirOwnRequest() async throws {
        let (built, released) = (Arrivals(), Arrivals())
        let container = serverContainer(built: built, released: released)
        let bothInside = Arrivals()
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/echo/:name") { _, context in
            bothInside.arrive()
            await bothInside.wait(for: 2)
            let request: Request = try container.resolve()
            let id: ServerRequestID = try container.resolve()
            let logger: Logger = try container.resolve()
            let loggerID = logger[metadataKey: "hb.request.id"]?.description ?? "none"
            return "\(request.uri.path) \(id == ServerRequestID(context.id)) \(loggerID == id.rawValue)"
        }
        let bodies = try await withLiveServer(router) { client in
            async let first = client.get("/echo/a")
            async let second = client.get("/echo/b")
            return try await [first.body, second.body]
        }
        #expect(bodies == ["/echo/a true true", "/echo/b true true"])
        #expect(throws: InjectionError.self) { try container.resolve(Request.self) }
        #expect(throws: InjectionError.self) { try container.resolve(ServerRequestID.self) }
    }

    /// A streamed body runs after the handler returned: its `.scoped` instance is the handler's, still alive, and
    /// released only once the body has been written.
    @Test func aStreamedBodyKeepsTheRequestsScopedInstancesUntilItIsWritten() async throws {
        let (built, released) = (Arrivals(), Arrivals())
        let container = serverContainer(built: built, released: released)
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/stream") { _, _ in
            let work: RequestWork = try container.resolve()
            let body = ResponseBody { writer in
                let again: RequestWork = try container.resolve()
                let chunk = "same \(again === work), released before writing \(released.count)"
                try await writer.write(ByteBuffer(string: chunk))
                try await writer.finish(nil)
            }
            return Response(status: .ok, body: body)
        }
        let body = try await withLiveServer(router) { client in try await client.get("/stream").body }
        await released.wait(for: 1)
        #expect(body == "same true, released before writing 0")
        #expect(built.count == 1)
        #expect(released.count == 1)
    }

    /// A client that sends a request and hangs up before the response: the scope ends anyway (the body's write
    /// fails or the response is dropped).
    @Test func aClientThatGoesAwayStillReleasesTheScope() async throws {
        let (built, released) = (Arrivals(), Arrivals())
        let container = serverContainer(built: built, released: released)
        let handlerStarted = Latch()
        let clientGone = Latch()
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/slow") { _, _ in
            _ = try container.resolve(RequestWork.self)
            handlerStarted.open()
            await clientGone.wait()
            return Response(
                status: .ok,
                body: ResponseBody { writer in
                    for _ in 0..<64 { try await writer.write(ByteBuffer(repeating: 0x61, count: 64 * 1024)) }
                    try await writer.finish(nil)
                })
        }
        try await withLiveServer(router) { client in
            let task = try client.start("/slow")
            await handlerStarted.wait()
            // Cancelling the task closes its connection.
            task.cancel()
            clientGone.open()
            await released.wait(for: 1)
        }
        #expect(built.count == 1)
        #expect(released.count == 1)
    }

    @Test func aTestOverrideReachesTheHandlers() async throws {
        let (built, released) = (Arrivals(), Arrivals())
        let container = serverContainer(built: built, released: released)
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container))
        router.get("/greeting") { _, _ in try container.resolve(Greeting.self).text }
        let (overridden, live) = try await withTestDependencies {
            $0.register(scope: .singleton) { Greeting(text: "test") }
        } operation: {
            // The server's tasks start inside the override, so its handlers see it.
            let overridden = try await withLiveServer(router) { client in try await client.get("/greeting").body }
            return (overridden, try container.resolve(Greeting.self).text)
        }
        let afterwards = try await withLiveServer(router) { client in try await client.get("/greeting").body }
        #expect(overridden == "test")
        #expect(live == "test")
        #expect(afterwards == "live")
    }
}
