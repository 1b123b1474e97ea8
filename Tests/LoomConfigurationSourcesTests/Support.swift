import Configuration
import Foundation
import LoomCore
import LoomTestSupport

/// A folder of its own for one test, removed when the test ends.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("loom-configuration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// A JSON file that a test rewrites; each write replaces the file whole (write, then rename) and gives it a later
/// modification time, so a file provider sees every version even when writes follow each other within one clock tick.
final class ConfigFile: Sendable {
    let path: String
    private let version = LoomTestSupport.Counter()

    init(in folder: TemporaryFolder, named name: String = "config.json", contents: String) throws {
        path = folder.path(name)
        try write(contents)
    }

    /// Replaces the file's contents.
    func write(_ contents: String) throws {
        let url = URL(fileURLWithPath: path)
        try Data(contents.utf8).write(to: url, options: .atomic)
        let stamp = Date(timeIntervalSince1970: 1_700_000_000 + Double(version.increment()))
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
    }
}

/// A service built by a factory that reads configuration, counting how often it is built.
final class Built: Sendable {
    let value: String
    init(_ value: String) { self.value = value }
}

/// Waits for the first `DependencyGraph.changes` element that reports `key` changed.
///
/// Subscribe before causing the change: `let change = awaitConfigurationChange(of: "a.b")` then change, then
/// `await change.value`.
func configurationChange(of key: String) -> Task<DependencyGraphChange?, Never> {
    let changes = DependencyGraph.changes
    return Task {
        for await change in changes where change.kind == .configurationChanged && change.keys.contains(key) {
            return change
        }
        return nil
    }
}
