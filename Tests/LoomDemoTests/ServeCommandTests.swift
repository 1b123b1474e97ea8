import Foundation
import LoomTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `loom-demo serve`, run as a person would and asked over 127.0.0.1 as `curl` would: the JSON API, refusals that
/// leave the store as it was, concurrent writers (requests and other `loom-demo` processes), and SIGTERM.
@Suite(.timeLimit(.minutes(3))) struct ServeCommandTests {
    /// A running `loom-demo serve --port 0` in `home`, and what it printed.
    final class Server: Sendable {
        let process: UncheckedServerProcess
        let outputURL: URL
        let errorsURL: URL
        let status: Task<Int32, Never>

        init(home: TemporaryDirectory, arguments: [String]) throws {
            let executable = try #require(ExecutableTests.executable, "loom-demo was not built next to the test bundle")
            outputURL = home.url.appendingPathComponent(".stdout-serve")
            errorsURL = home.url.appendingPathComponent(".stderr-serve")
            _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
            var environment = ProcessInfo.processInfo.environment.filter {
                !$0.key.hasPrefix("LOOM_DEMO_") && $0.key != "XDG_DATA_HOME" && $0.key != "XDG_CONFIG_HOME"
            }
            environment["HOME"] = home.url.path
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", "--port", "0"] + arguments
            process.currentDirectoryURL = home.url
            process.environment = environment
            process.standardOutput = try FileHandle(forWritingTo: outputURL)
            process.standardError = try FileHandle(forWritingTo: errorsURL)
            let finished = Latch()
            process.terminationHandler = { _ in finished.open() }
            try process.run()
            self.process = UncheckedServerProcess(process)
            let running = self.process
            status = Task {
                await finished.wait()
                return running.process.terminationStatus
            }
        }

        var output: String { String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self) }
        var errors: String { String(decoding: (try? Data(contentsOf: errorsURL)) ?? Data(), as: UTF8.self) }

        /// The port from `Listening on http://127.0.0.1:<port>`, once printed (the process starts in well under a
        /// minute, even on a loaded machine).
        func port() async throws -> Int {
            for _ in 0..<600 {
                if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Listening on http://") }),
                    let port = line.split(separator: ":").last.flatMap({ Int($0) })
                {
                    return port
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            Issue.record("serve never listened; it printed: \(output) \(errors)")
            throw CancellationError()
        }

        /// SIGTERM, then its exit status.
        func terminate() async -> Int32 {
            process.process.terminate()
            return await status.value
        }
    }

    @Test func servesTheNotesAsJSONRefusesBadInputAndStopsOnSIGTERM() async throws {
        let home = try TemporaryDirectory()
        let server = try Server(home: home, arguments: [])
        let client = HTTPClient(port: try await server.port())

        #expect(try await client.send("GET", "/health") == Answer(status: 200, body: #"{"status":"ok"}"#))
        let added = try await client.send("POST", "/notes", body: #"{"text": "Buy milk"}"#)
        #expect(added.status == 201)
        #expect(added.body.contains(#""text":"Buy milk""#))

        let badJSON = try await client.send("POST", "/notes", body: "{text:")
        #expect(badJSON.status == 400)
        #expect(badJSON.body.hasPrefix(#"{"error":"#))
        let empty = try await client.send("POST", "/notes", body: #"{"text": "   "}"#)
        #expect(empty.status == 400)
        #expect(empty.body.contains("needs some text"))
        let unknown = try await client.send("DELETE", "/notes/99")
        #expect(unknown.status == 404)
        #expect(unknown.body.contains("No note has id 99"))
        #expect(try await client.send("DELETE", "/notes/abc").status == 400)
        #expect(try await client.send("GET", "/notes/search?q=").status == 400)

        let list = try await client.send("GET", "/notes")
        #expect(list.status == 200)
        #expect(list.body.components(separatedBy: #""id":"#).count == 2, "the refusals left the store as it was")
        let search = try await client.send("GET", "/notes/search?q=MILK")
        #expect(search.body.contains(#""total":1"#))
        let graph = try await client.send("GET", "/graph")
        #expect(graph.body.hasPrefix("flowchart TD"))
        #expect(try await client.send("DELETE", "/notes/1").status == 200)

        let status = await server.terminate()
        #expect(status == 0)
        #expect(server.output.hasSuffix("Stopped.\n"))
        #expect(server.errors.contains("request="), "each request's log lines carry its id")
    }

    /// Requests and other `loom-demo add` processes write the same file at once: nothing is lost.
    @Test func concurrentRequestsAndOtherProcessesLoseNoNote() async throws {
        let home = try TemporaryDirectory()
        let store = home.path("shared.json")
        let server = try Server(home: home, arguments: ["--store-path", store])
        let client = HTTPClient(port: try await server.port())
        let texts = (0..<40).map { "request note \($0)" }
        let cli = (0..<4).map { "process note \($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for text in texts {
                group.addTask {
                    let answer = try await client.send("POST", "/notes", body: #"{"text": "\#(text)"}"#)
                    #expect(answer.status == 201)
                }
            }
            for text in cli {
                group.addTask {
                    let run = try await ExecutableTests().loomDemo(["add", text, "--store-path", store], in: home)
                    #expect(run.status == 0)
                }
            }
            try await group.waitForAll()
        }
        #expect(await server.terminate() == 0)
        let file = String(decoding: contents(of: store) ?? Data(), as: UTF8.self)
        for text in texts + cli { #expect(file.contains(text)) }
        #expect(file.components(separatedBy: #""id""#).count - 1 == texts.count + cli.count)
    }
}

/// The process, sent a signal from the test's task (Foundation allows `terminate()` from any thread).
struct UncheckedServerProcess: @unchecked Sendable {
    // `@unchecked`: only `terminate()` and `terminationStatus` (after exit) are called on it.
    let process: Process
    init(_ process: Process) { self.process = process }
}

struct Answer: Equatable, Sendable {
    let status: Int
    let body: String
}

/// What `curl` does here, through URLSession.
struct HTTPClient: Sendable {
    let port: Int

    func send(_ method: String, _ path: String, body: String? = nil) async throws -> Answer {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body { request.httpBody = Data(body.utf8) }
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(
                        returning: Answer(
                            status: (response as? HTTPURLResponse)?.statusCode ?? 0,
                            body: String(decoding: data ?? Data(), as: UTF8.self)))
                }
            }
            .resume()
        }
    }
}
