import Foundation
import LoomDemoCore

/// The notes of one store and the next id to give, with the rules every store follows.
///
/// Ids increase and are never reused, even after the newest note is removed; time stamps are kept to the second, so
/// a note reads back from a file exactly as it was added.
struct NoteCollection: Sendable, Equatable {
    var nextID = 1
    var notes: [Note] = []

    /// Appends a note with the next id.
    mutating func add(_ text: String, createdAt: Date) -> Note {
        let stamp = Date(timeIntervalSince1970: createdAt.timeIntervalSince1970.rounded(.down))
        let note = Note(id: nextID, text: text, createdAt: stamp)
        nextID += 1
        notes.append(note)
        return note
    }

    /// Removes the note with `id`, or throws ``NotesError/unknownNote(id:)`` and changes nothing.
    mutating func remove(id: Int) throws -> Note {
        guard let index = notes.firstIndex(where: { $0.id == id }) else { throw NotesError.unknownNote(id: id) }
        return notes.remove(at: index)
    }
}
