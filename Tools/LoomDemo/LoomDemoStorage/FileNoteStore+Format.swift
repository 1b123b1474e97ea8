import Foundation
import LoomDemoCore

/// The JSON layout of a notes file.
private struct NotesFile: Codable {
    var format: Int
    var nextID: Int
    var notes: [Note]
}

extension FileNoteStore {
    /// The layout this version writes, and the newest it reads.
    static let currentFormat = 1

    /// The notes in the file, or an empty collection if there is no file.
    func load() throws -> NoteCollection {
        guard let data = try readContents() else { return NoteCollection() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let file: NotesFile
        do {
            file = try decoder.decode(NotesFile.self, from: data)
        } catch let error as DecodingError {
            throw unreadable(Self.reason(for: error))
        }
        guard file.format <= Self.currentFormat else {
            throw unreadable("it was written by a newer loom-demo (format \(file.format))")
        }
        var seen = Set<Int>()
        for note in file.notes where !seen.insert(note.id).inserted {
            throw unreadable("note id \(note.id) appears twice")
        }
        // A hand-edited file may have a stale `nextID`: never hand out an id that is in use.
        let highest = file.notes.map(\.id).max() ?? 0
        return NoteCollection(nextID: max(file.nextID, highest + 1), notes: file.notes)
    }

    /// Replaces the file with `collection`.
    func save(_ collection: NoteCollection) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let file = NotesFile(format: Self.currentFormat, nextID: collection.nextID, notes: collection.notes)
        var data = try encoder.encode(file)
        data.append(contentsOf: Array("\n".utf8))
        try replaceContents(with: data)
    }

    func unreadable(_ reason: String) -> NotesError {
        .unreadableStore(path: path, reason: reason)
    }

    func unwritable(_ reason: String) -> NotesError {
        .unwritableStore(path: path, reason: reason)
    }

    private static func reason(for error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON"
        case .keyNotFound(let key, _):
            return "it is not a loom-demo notes file (it has no \"\(key.stringValue)\" field)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "it is not a loom-demo notes file (unexpected value for \"\(field)\")"
        @unknown default:
            return "it is not a loom-demo notes file"
        }
    }
}
