import Foundation
import LoomDemoCore

extension Note {
    /// One line per note: the id (right-aligned to `idWidth`), the time stamp in UTC, and the text.
    func line(idWidth: Int) -> String {
        let id = String(id)
        let padding = String(repeating: " ", count: max(0, idWidth - id.count))
        return "\(padding)\(id)  \(createdAt.formatted(.iso8601))  \(text)"
    }
}

extension [Note] {
    /// The notes as ``Note/line(idWidth:)`` lines, ids aligned.
    var lines: [String] {
        let width = map { String($0.id).count }.max() ?? 0
        return map { $0.line(idWidth: width) }
    }
}
