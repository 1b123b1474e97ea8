import Foundation
import LoomDemoCore
import LoomTestSupport

/// A folder of its own for one test, removed when the test ends.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("loom-demo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names of the folder's entries, including hidden ones, sorted.
    func entries(_ subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(subfolder)).sorted()
    }
}

/// A console that keeps what the commands write.
final class CapturingConsole: NotesConsole {
    private let output = Collected<String>()

    var lines: [String] { output.all }

    func write(_ line: String) { output.append(line) }
}

/// A clock stuck at one moment.
struct FixedClock: NoteClock {
    let date: Date
    func now() -> Date { date }
}

/// 2025-01-02T03:04:05Z.
let fixedDate = Date(timeIntervalSince1970: 1_735_787_045)

/// Reads a file's bytes, or `nil` if it does not exist.
func contents(of path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}
