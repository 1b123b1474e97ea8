import ArgumentParser
import Foundation
import Loom
import LoomDemoApp
import LoomDemoCommands
import LoomDemoCore
import LoomTesting
import Testing

/// The commands, parsed and run in this process with their output captured.
///
/// Serialized: running a command starts the app, which sets process-wide state (the `Conf` root values of the store
/// settings, the global lookup policy, the graph's active containers). Every run names its store explicitly, so what
/// another suite left in that state cannot change a result here.
@Suite(.serialized) struct CommandTests {
    /// Parses `arguments` as `loom-demo` would, runs the command, and returns what it wrote.
    func run(_ arguments: [String], console: CapturingConsole = CapturingConsole()) async throws -> [String] {
        var command = try LoomDemoCommand.parseAsRoot(arguments)
        try await Conf.withValue(console as any NotesConsole, for: \.notesConsole) {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        }
        return console.lines
    }

    /// The exit status and message `loom-demo` would print for running `arguments`.
    func failure(_ arguments: [String], console: CapturingConsole = CapturingConsole()) async -> (
        code: Int32, message: String
    )? {
        do {
            _ = try await run(arguments, console: console)
            return nil
        } catch {
            return (LoomDemoCommand.exitCode(for: error).rawValue, LoomDemoCommand.fullMessage(for: error))
        }
    }

    @Test func addListSearchAndRemoveWithAFileStore() async throws {
        let directory = try TemporaryDirectory()
        let store = ["--store", "file", "--store-path", directory.path("notes.json")]
        #expect(try await run(["add", "Buy milk"] + store) == ["Added note 1: Buy milk"])
        #expect(try await run(["add", "Call", "Ada"] + store) == ["Added note 2: Call Ada"])
        #expect(try await run(["add", "Buy oat milk"] + store) == ["Added note 3: Buy oat milk"])

        let list = try await run(["list"] + store)
        #expect(list.count == 3)
        #expect(list[0].hasPrefix("1  20") && list[0].hasSuffix("  Buy milk"))
        #expect(list[1].hasSuffix("  Call Ada"))

        let search = try await run(["search", "MILK"] + store)
        #expect(search.count == 2)
        #expect(search.allSatisfy { $0.hasSuffix("milk") })
        let limited = try await run(["search", "milk", "--limit", "1"] + store)
        #expect(limited.count == 2)
        #expect(limited.last == "Showing 1 of 2 matches; use --limit to see more.")
        #expect(try await run(["search", "tea"] + store) == ["No notes match \"tea\"."])

        #expect(try await run(["remove", "1"] + store) == ["Removed note 1: Buy milk"])
        let remaining = try await run(["list"] + store)
        #expect(remaining.map { $0.split(separator: " ").first.map(String.init) } == ["2", "3"])
    }

    @Test func anEmptyStoreSaysHowToAddANote() async throws {
        let directory = try TemporaryDirectory()
        let lines = try await run(["list", "--store-path", directory.path("notes.json"), "--store", "file"])
        #expect(lines == ["No notes yet. Add one with: loom-demo add \"Buy milk\""])
        #expect(try directory.entries().isEmpty)
    }

    @Test func theMemoryStoreKeepsNotesForTheLifeOfTheProcessAndWritesNoFile() async throws {
        let directory = try TemporaryDirectory()
        let options = ["--store", "memory", "--store-path", directory.path("notes.json")]
        let word = "memory-\(UUID().uuidString)"
        let added = try await run(["add", word] + options)
        #expect(added.count == 1 && added[0].hasSuffix(": \(word)"))
        #expect(try await run(["search", word] + options).count == 1)
        #expect(try await run(["list"] + options).contains { $0.hasSuffix(word) })
        #expect(try directory.entries().isEmpty)
    }

    @Test func badInputFailsWithAClearMessageAndKeepsTheNotes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        let store = ["--store", "file", "--store-path", path]
        _ = try await run(["add", "keep me"] + store)
        let saved = contents(of: path)

        let cases: [(arguments: [String], code: Int32, message: String)] = [
            (["add", "   "], 1, "A note needs some text"),
            (["add"], 1, "A note needs some text"),
            (["remove", "42"], 1, "No note has id 42."),
            (["remove", "two"], 64, "The value 'two' is invalid for '<id>'"),
            (["search"], 1, "Search for at least one word"),
            (["search", "milk", "--limit", "0"], 64, "--limit must be at least 1."),
            (["frobnicate"], 64, "Unexpected argument 'frobnicate'"),
            (["list", "--store", "cloud"], 64, "The value 'cloud' is invalid for '--store <store>'"),
        ]
        for (arguments, code, message) in cases {
            // The unknown command gets no store options, so its own error is the one reported.
            let options = arguments.first == "frobnicate" ? [] : store
            let failure = try #require(await failure(arguments + options), "\(arguments) succeeded")
            #expect(failure.code == code, "\(arguments)")
            #expect(failure.message.contains(message), "\(arguments): \(failure.message)")
        }
        #expect(contents(of: path) == saved)
        #expect(try await run(["list"] + store).count == 1)
    }

    @Test func anUnreadableStoreIsReportedAndLeftAsItIs() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: path))
        for arguments in [["list"], ["add", "new"], ["search", "x"], ["remove", "1"]] {
            let failure = try #require(await failure(arguments + ["--store-path", path, "--store", "file"]))
            #expect(failure.code == 1)
            #expect(failure.message.contains("Cannot read the notes in \(path): it is not valid JSON"))
        }
        #expect(contents(of: path) == Data("{ broken".utf8))
    }

    @Test func noArgumentsPrintsHelpAndSucceeds() async throws {
        let failure = try #require(await failure([]))
        #expect(failure.code == 0)
        #expect(failure.message.contains("USAGE: loom-demo <subcommand>"))
        for subcommand in ["add", "list", "search", "remove"] {
            #expect(failure.message.contains("  \(subcommand) "))
        }
    }

    @Test func runningACommandStartsTheAppWithItsSettings() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("started.json")
        _ = try await run(["list", "--store", "file", "--store-path", path])
        #expect(Conf[\.notesStoreKind] == .file)
        #expect(Conf[\.notesStorePath] == path)
        #expect(Container.lookupPolicy is EnclosingTypeLookupPolicy)
        let active = Set(DependencyGraph.activeContainers.map(ObjectIdentifier.init))
        #expect(NotesApp.containers.allSatisfy { active.contains(ObjectIdentifier($0)) })
    }

    @Test func theConfigCommandPrintsEachSettingWithItsSource() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("demo.json")
        try Data(#"{"store": "memory", "logLevel": "error"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let lines = try await run(["config", "--config", file, "--page-size", "3", "--store-path", "/tmp/n.json"])
        #expect(
            lines == [
                "store: memory (config file \(file))", "store path: /tmp/n.json (flag --store-path)",
                "page size: 3 (flag --page-size)", "log level: error (config file \(file))",
                "config file: \(file) (read)",
            ])
    }

    @Test func listAndSearchShowOnePageAtMost() async throws {
        let directory = try TemporaryDirectory()
        let store = ["--store", "file", "--store-path", directory.path("notes.json")]
        for text in ["milk", "more milk", "milk again"] { _ = try await run(["add", text] + store) }
        let list = try await run(["list", "--page-size", "2"] + store)
        #expect(list.count == 3 && list.last == "Showing 2 of 3 notes; use --page-size to see more.")
        #expect(Conf[\.notesPageSize] == 2)
        let search = try await run(["search", "milk", "--page-size", "1"] + store)
        #expect(search.count == 2 && search.last == "Showing 1 of 3 matches; use --limit to see more.")
        #expect(try await run(["search", "milk", "--page-size", "1", "--limit", "3"] + store).count == 3)
    }

    @Test func graphListsEveryContainerItsRegistrationsAndTheEdges() async throws {
        let lines = try await run(["graph", "--store", "memory"])
        #expect(lines.first == "Container(notes)")
        #expect(lines.contains("Container(storage) (parent: Container(notes))"))
        #expect(lines.contains("Container(search) (parent: Container(storage))"))
        #expect(lines.contains("  Type[MemoryNoteStore] → MemoryNoteStore [singleton]"))
        // A registration with a factory for another run mode lists its modes after its scope.
        #expect(lines.contains("  Type[NoteClock] → NoteClock [instance; live, preview]"))
        #expect(lines.contains("  Type[NoteStore] (Container(storage)) → Type[MemoryNoteStore] (Container(storage))"))
    }

    @Test func graphPrintsMermaid() async throws {
        let lines = try await run(["graph", "--format", "mermaid", "--store", "memory"])
        #expect(lines.first == "flowchart TD")
        #expect(lines.contains("  subgraph c1[\"Container(storage)\"]"))
        #expect(lines.contains("  c2 -. parent .-> c1"))
        #expect(lines.contains { $0.hasPrefix("  r") && $0.contains(" --> r") })
    }

    @Test func graphShowsTheDependenciesOfEachFeaturesInjectedProperties() async throws {
        let lines = try await run(["graph", "--store", "memory"])
        // Search on storage; storage on the clock and its settings; the settings on configuration keys.
        #expect(lines.contains("  Type[NoteSearch] (Container(search)) → Type[NoteStore] (Container(storage))"))
        #expect(lines.contains("  Type[NoteSearch] (Container(search)) → Type[TermMatcher] (Container(search))"))
        #expect(lines.contains("  Type[Notebook] (Container(storage)) → Type[NoteStore] (Container(storage))"))
        #expect(lines.contains("  Type[Notebook] (Container(storage)) → Type[NoteClock] (Container(notes))"))
        #expect(lines.contains("  Type[NoteStore] (Container(storage)) → Type[StoreSettings] (Container(storage))"))
        #expect(lines.contains("  Type[StoreSettings] (Container(storage)) → Conf[notesStoreKind] (Conf)"))
    }

    @Test func graphPrintsTheFeaturesEdgesAsMermaid() async throws {
        let lines = try await run(["graph", "--format", "mermaid", "--store", "memory"])
        // `    r3["Type[NoteStore]<br/>instance"]` → "Type[NoteStore]": "r3"
        var nodes: [String: String] = [:]
        for line in lines where line.hasPrefix("    ") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: "[", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let label = parts[1].dropFirst().prefix { $0 != "<" && $0 != "\"" }
            nodes[String(label)] = String(parts[0])
        }
        func edge(_ from: String, _ to: String) -> Bool {
            guard let from = nodes[from], let to = nodes[to] else { return false }
            return lines.contains("  \(from) --> \(to)")
        }
        #expect(edge("Type[NoteSearch]", "Type[NoteStore]"))
        #expect(edge("Type[Notebook]", "Type[NoteStore]"))
        #expect(edge("Type[Notebook]", "Type[NoteClock]"))
        #expect(edge("Type[NoteStore]", "Type[StoreSettings]"))
        #expect(edge("Type[StoreSettings]", "Conf[notesStorePath]"))
        #expect(lines.contains("  subgraph conf[\"Conf\"]"))
    }

    @Test func doctorReportsAMissingPropertyDependencyWithItsFileAndLine() async throws {
        let console = CapturingConsole()
        let outcome = await withTestDependencies { container in
            container.register { LooseEnds() }
        } operation: {
            await self.failure(["doctor", "--store", "memory"], console: console)
        }
        #expect(outcome?.code == ExitCode.failure.rawValue)
        let location = "LoomDemoTests/CommandTests.swift:\(LooseEnds.missingLine)"
        #expect(
            console.lines.contains {
                $0.contains("@Injected var missing at \(location)") && $0.contains("MissingService")
            },
            "\(console.lines)")
    }

    @Test func doctorReportsAHealthyGraph() async throws {
        // `doctor` verifies the app's own containers (`NotesApp.verify()`), so containers that suites of other targets
        // activate in this process (LoomIntegrationTests' fixture app registers `any NoteStore` twice, on purpose)
        // cannot change its answer.
        let lines = try await run(["doctor", "--store", "memory"])
        #expect(lines.first?.hasSuffix("healthy") == true)
    }

    @Test func doctorFailsWhenTheGraphHasADefect() async throws {
        // A registration whose dependency is missing, visible to the graph only inside this test's scope.
        let outcome = await withTestDependencies { container in
            container.register { () throws -> Unhealthy in
                _ = try DependencyGraph.inject(byType: MissingService.self)
                return Unhealthy()
            }
        } operation: {
            await self.failure(["doctor", "--store", "memory"])
        }
        #expect(outcome?.code == ExitCode.failure.rawValue)
    }
}

/// Nothing registers it.
private struct MissingService {}

/// Injects ``MissingService`` lazily: only a `verify()` that reads its properties finds the problem before first use.
private final class LooseEnds: @unchecked Sendable {
    // The wrapper's storage is written once, in init; the wrapper synchronises itself.
    static let missingLine = #line + 1
    @Injected var missing: MissingService
}

/// Needs ``MissingService``.
private struct Unhealthy {}
