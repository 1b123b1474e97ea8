import Foundation
import Hummingbird
import Logging
import LoomRuntime
import LoomTestSupport
import ServiceLifecycle

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A logger that keeps metadata (Hummingbird's request id lives there) and prints nothing a test would see.
let quietLogger: Logger = {
    var logger = Logger(label: "loom-hummingbird-tests")
    logger.logLevel = .critical
    return logger
}()

/// One Hummingbird application on 127.0.0.1 at a port the system picks, for the length of `body`.
///
/// The server stops gracefully when `body` returns (or throws), and this returns only once it has stopped.
func withLiveServer<R: Sendable>(
    _ router: Router<BasicRequestContext>, _ body: (LiveClient) async throws -> R
) async throws -> R {
    let port = PortBox()
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in port.set(channel.localAddress?.port ?? 0) }, logger: quietLogger)
    let group = ServiceGroup(configuration: .init(services: [app], logger: quietLogger))
    let running = Task { try await group.run() }
    await port.ready.wait()
    let result: Result<R, any Error>
    do {
        result = .success(try await body(LiveClient(port: port.value)))
    } catch {
        result = .failure(error)
    }
    await group.triggerGracefulShutdown()
    try await running.value
    return try result.get()
}

/// The bound port, published once the server runs.
final class PortBox: Sendable {
    let ready = Latch()
    private let port = LoomLock(0)

    var value: Int { port.withLock { $0 } }

    func set(_ value: Int) {
        port.withLock { $0 = value }
        ready.open()
    }
}

/// What a request got back.
struct LiveResponse: Sendable {
    let status: Int
    let body: String
}

/// An HTTP client for a server on 127.0.0.1, through URLSession (no TLS, nothing beyond Foundation).
struct LiveClient: Sendable {
    let port: Int

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }()

    func get(_ path: String) async throws -> LiveResponse {
        try await send("GET", path)
    }

    func post(_ path: String, json: String) async throws -> LiveResponse {
        try await send("POST", path, body: Data(json.utf8))
    }

    func delete(_ path: String) async throws -> LiveResponse {
        try await send("DELETE", path)
    }

    /// Starts a GET whose answer nobody reads: cancel the task to hang up.
    func start(_ path: String) throws -> URLSessionDataTask {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
        let task = Self.session.dataTask(with: URLRequest(url: url)) { _, _, _ in }
        task.resume()
        return task
    }

    func send(_ method: String, _ path: String, body: Data? = nil) async throws -> LiveResponse {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return try await withCheckedThrowingContinuation { continuation in
            Self.session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                    continuation.resume(
                        returning: LiveResponse(status: status, body: String(decoding: data ?? Data(), as: UTF8.self)))
                }
            }
            .resume()
        }
    }
}
