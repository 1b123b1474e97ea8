import Foundation
import LoomTestSupport
import Testing

// `watch` in this process: part of CommandTests, which is serialized because running a command starts the app.
extension CommandTests {
    @Test func watchStartsTheServicesInDependencyOrderStopsThemInReverseAndSavesEveryDraft() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        let store = ["--store", "file", "--store-path", path]
        _ = try await run(["add", "Existing"] + store)

        let lines = try await run(
            ["watch", "--add", "Buy milk", "--add", "Call Ada", "--for-seconds", "0"] + store)

        #expect(
            lines == [
                "Watching \(path). Press Ctrl-C to stop.",
                "Auto-save started (every 1 s).",
                "Index refresh started (every 1 s).",
                "Index: 3 notes (+3).",
                "Index refresh stopped.",
                "Auto-save stopped: saved 2 notes.",
                "Closed the note index.",
                "Closed the auto-saver.",
                "Stopped.",
            ])
        let list = try await run(["list"] + store)
        #expect(list.map { $0.split(separator: "  ").last.map(String.init) } == ["Existing", "Buy milk", "Call Ada"])
    }

    @Test func watchRejectsAnIntervalOfZero() async throws {
        let failure = await failure(["watch", "--interval", "0", "--store", "memory"])
        #expect(failure?.code == 64)
        #expect(failure?.message.contains("--interval must be more than 0.") == true)
    }
}

extension ExecutableTests {
    @Test func watchRunsUntilCtrlCThenStopsItsServicesInOrderAndLeavesTheNotesFileComplete() async throws {
        let home = try TemporaryDirectory()
        let notes = home.path(".local/share/loom-demo/notes.json")
        async let watching = loomDemo(["watch", "--interval", "0.1", "--add", "Draft"], in: home) { output in
            output.contains("Index: 2 notes")
        }
        // Once the auto-saver has written the draft, another process adds a note; the index refresher sees it.
        #expect(await eventually { contents(of: notes) != nil })
        let added = try await loomDemo(["add", "From another process"], in: home)
        #expect(added.status == 0)

        let watch = try await watching
        #expect(watch.status == 0, "\(watch.errors)")
        #expect(
            watch.lines.prefix(3) == [
                "Watching \(notes). Press Ctrl-C to stop.",
                "Auto-save started (every 0.1 s).",
                "Index refresh started (every 0.1 s).",
            ])
        #expect(watch.lines.contains { $0.hasPrefix("Index: 2 notes") })
        #expect(
            watch.lines.suffix(5) == [
                "Index refresh stopped.", "Auto-save stopped: saved 1 note.", "Closed the note index.",
                "Closed the auto-saver.", "Stopped.",
            ])
        let list = try await loomDemo(["list"], in: home)
        #expect(
            list.lines.map { $0.split(separator: "  ").last.map(String.init) } == ["Draft", "From another process"])
    }
}
