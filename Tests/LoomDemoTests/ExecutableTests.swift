import Foundation
import LoomTestSupport
import Testing

/// The built `loom-demo` executable, run as a person would: each test in a folder of its own, with `HOME` pointing
/// there and none of the demo's environment variables set unless the test sets them.
@Suite struct ExecutableTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String

        var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// Runs `loom-demo arguments` in `directory` and waits for it without blocking a thread; with `interruptWhen`,
    /// sends it SIGINT (Ctrl-C) once what it printed satisfies the condition.
    func loomDemo(
        _ arguments: [String], in directory: TemporaryDirectory, environment extra: [String: String] = [:],
        interruptWhen: (@Sendable (_ output: String) -> Bool)? = nil
    ) async throws -> Run {
        let executable = try #require(Self.executable, "loom-demo was not built next to the test bundle")
        let id = UUID().uuidString
        let outputURL = directory.url.appendingPathComponent(".stdout-\(id)")
        let errorsURL = directory.url.appendingPathComponent(".stderr-\(id)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorsURL)
        }
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("LOOM_DEMO_") && $0.key != "XDG_DATA_HOME" && $0.key != "XDG_CONFIG_HOME"
        }
        environment["HOME"] = directory.url.path
        environment.merge(extra) { _, new in new }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            guard let interruptWhen else { return }
            let running = UncheckedProcess(process)
            Task {
                _ = await eventually {
                    interruptWhen(String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self))
                }
                running.process.interrupt()
            }
        }
        return Run(
            status: status,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorsURL), as: UTF8.self)
        )
    }

    /// `loom-demo` in the build products folder: the folder of the test runner or of the `.xctest` bundle.
    static let executable: URL? = {
        var folders: [URL] = []
        if let runner = Bundle.main.executableURL { folders.append(runner.deletingLastPathComponent()) }
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        folders.append(Bundle.main.bundleURL)
        return folders.map { $0.appendingPathComponent("loom-demo") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test func theQuickStartWorksOnAFreshMachine() async throws {
        let home = try TemporaryDirectory()
        let added = try await loomDemo(["add", "Buy milk"], in: home)
        #expect(added.status == 0)
        #expect(added.output == "Added note 1: Buy milk\n")
        #expect(added.errors.isEmpty)
        let list = try await loomDemo(["list"], in: home)
        #expect(list.status == 0)
        #expect(list.lines.count == 1)
        #expect(list.lines.first?.hasSuffix("  Buy milk") == true)
        #expect(contents(of: home.path(".local/share/loom-demo/notes.json")) != nil)
    }

    @Test func noArgumentsPrintsHelpAndExitsZero() async throws {
        let home = try TemporaryDirectory()
        let run = try await loomDemo([], in: home)
        #expect(run.status == 0)
        #expect(run.output.contains("USAGE: loom-demo <subcommand>"))
        #expect(run.output.contains("LOOM_DEMO_STORE"))
        #expect(try home.entries().filter { !$0.hasPrefix(".std") }.isEmpty)
    }

    @Test func addSearchAndRemoveWithAStorePath() async throws {
        let home = try TemporaryDirectory()
        let store = ["--store-path", home.path("my-notes.json")]
        for text in ["Buy milk", "Call Ada", "milkshake recipe"] {
            #expect(try await loomDemo(["add", text] + store, in: home).status == 0)
        }
        let search = try await loomDemo(["search", "MILK"] + store, in: home)
        #expect(search.status == 0)
        #expect(search.lines.map { $0.split(separator: " ").first.map(String.init) } == ["1", "3"])
        let removed = try await loomDemo(["remove", "2"] + store, in: home)
        #expect(removed.output == "Removed note 2: Call Ada\n")
        #expect(try await loomDemo(["list"] + store, in: home).lines.count == 2)
        #expect(contents(of: home.path(".local/share/loom-demo/notes.json")) == nil)
    }

    @Test func environmentVariablesStandInForTheFlags() async throws {
        let home = try TemporaryDirectory()
        let path = home.path("from-env.json")
        let added = try await loomDemo(["add", "via env"], in: home, environment: ["LOOM_DEMO_STORE_PATH": path])
        #expect(added.status == 0)
        #expect(contents(of: path) != nil)

        let memory = try await loomDemo(
            ["add", "gone"], in: home, environment: ["LOOM_DEMO_STORE": "memory", "LOOM_DEMO_STORE_PATH": path])
        #expect(memory.output == "Added note 1: gone\n")
        let list = try await loomDemo(["list"], in: home, environment: ["LOOM_DEMO_STORE_PATH": path])
        #expect(list.lines.count == 1 && list.lines[0].hasSuffix("via env"))

        let xdg = try await loomDemo(["add", "xdg"], in: home, environment: ["XDG_DATA_HOME": home.path("data")])
        #expect(xdg.status == 0)
        #expect(contents(of: home.path("data/loom-demo/notes.json")) != nil)

        let invalid = try await loomDemo(["list"], in: home, environment: ["LOOM_DEMO_STORE": "cloud"])
        #expect(invalid.status == 1)
        #expect(invalid.errors.contains("LOOM_DEMO_STORE is \"cloud\", but it must be file or memory."))
    }

    @Test func settingsComeFromFlagsThenTheEnvironmentThenTheConfigFileThenTheDefaults() async throws {
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: home.path(".config/loom-demo"), withIntermediateDirectories: true)
        try Data(#"{"storePath": "~/from-file.json", "pageSize": 1}"#.utf8)
            .write(to: URL(fileURLWithPath: home.path(".config/loom-demo/config.json")))
        for text in ["Try Loom", "Try it again"] {
            #expect(try await loomDemo(["add", text], in: home).status == 0)
        }
        #expect(contents(of: home.path("from-file.json")) != nil)
        let list = try await loomDemo(["list"], in: home)
        #expect(list.lines.count == 2 && list.lines[1] == "Showing 1 of 2 notes; use --page-size to see more.")

        let config = try await loomDemo(
            ["config", "--store", "memory"], in: home, environment: ["LOOM_DEMO_PAGE_SIZE": "2"])
        let file = home.path(".config/loom-demo/config.json")
        #expect(
            config.lines == [
                "store: memory (flag --store)", "store path: \(home.path("from-file.json")) (config file \(file))",
                "page size: 2 (environment variable LOOM_DEMO_PAGE_SIZE)", "log level: warning (default)",
                "config file: \(file) (read)",
            ])
    }

    static let badInput: [(arguments: [String], status: Int32, message: String)] = [
        (["frobnicate"], 64, "Unexpected argument 'frobnicate'"),
        (["add", ""], 1, "A note needs some text"),
        (["remove", "7"], 1, "No note has id 7."),
        (["remove", "seven"], 64, "The value 'seven' is invalid for '<id>'"),
        (["search", " "], 1, "Search for at least one word"),
        (["list", "--store", "cloud"], 64, "The value 'cloud' is invalid for '--store <store>'"),
    ]

    @Test(arguments: badInput)
    func badInputExitsNonZeroWithAMessageOnStandardError(arguments: [String], status: Int32, message: String)
        async throws
    {
        let home = try TemporaryDirectory()
        let path = home.path("notes.json")
        _ = try await loomDemo(["add", "keep me", "--store-path", path], in: home)
        let saved = contents(of: path)
        // Subcommands get the store; the unknown command gets nothing more, so its own error is the one reported.
        let store = arguments.first == "frobnicate" ? [] : ["--store-path", path]
        let run = try await loomDemo(arguments + store, in: home)
        #expect(run.status == status)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(run.output.isEmpty)
        #expect(contents(of: path) == saved)
    }

    @Test func anUnreadableStoreIsNeverOverwritten() async throws {
        let home = try TemporaryDirectory()
        let path = home.path("notes.json")
        let damaged = Data(#"{"format": 1, "nextID": 2, "notes": [ {"id": 1, "#.utf8)
        try damaged.write(to: URL(fileURLWithPath: path))
        for arguments in [["add", "new note"], ["remove", "1"], ["list"]] {
            // Subcommands get the store; the unknown command gets nothing more, so its own error is the one reported.
            let store = arguments.first == "frobnicate" ? [] : ["--store-path", path]
            let run = try await loomDemo(arguments + store, in: home)
            #expect(run.status == 1)
            #expect(run.errors.contains("Cannot read the notes in \(path)"))
            #expect(run.errors.contains("The file was left as it is"))
        }
        #expect(contents(of: path) == damaged)
        #expect(try home.entries().filter { !$0.hasPrefix(".std") } == ["notes.json"])
    }

    @Test func processesAddingAtOnceLoseNoNote() async throws {
        let home = try TemporaryDirectory()
        let store = ["--store-path", home.path("notes.json")]
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 1...8 {
                group.addTask { try await loomDemo(["add", "note \(index)"] + store, in: home).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: 8))
        let list = try await loomDemo(["list"] + store, in: home)
        #expect(list.lines.count == 8)
        let ids: [String] = list.lines.map { String($0.prefix { $0 != " " }) }
        #expect(Set(ids) == Set((1...8).map { String($0) }))
    }

    @Test func verboseLogsLoomsEventsToStandardErrorThroughSwiftLog() async throws {
        let home = try TemporaryDirectory()
        let run = try await loomDemo(["list", "--verbose"], in: home)
        #expect(run.status == 0)
        #expect(run.output == "No notes yet. Add one with: loom-demo add \"Buy milk\"\n")
        #expect(run.errors.contains("[Loom] Activated Container(storage)"))
        #expect(run.errors.contains("[Loom] Injected Type[NoteStore] from Container(storage)"))
        #expect(run.errors.contains("loom.file=LoomDemoStorage/Notebook.swift"))
        #expect(run.errors.contains(" debug loom-demo:"))
        let quiet = try await loomDemo(["list"], in: home)
        #expect(quiet.errors.isEmpty)
    }
}

/// A running `Process`, handed to the task that interrupts it.
private struct UncheckedProcess: @unchecked Sendable {
    // `@unchecked`: the task only calls `interrupt()`, which Foundation allows from any thread.
    let process: Process
    init(_ process: Process) { self.process = process }
}
