public import Foundation
public import LoomDemoCore

/// Keeps notes in a JSON file (`--store file`, the default), safely.
///
/// - A missing file is an empty store: the first note creates the file and its folders.
/// - Every change is written to a temporary file in the same folder, flushed to disk (`fsync`), and renamed over
///   the old file, so the file on disk is always either the old notes or the new ones — never half-written, even if
///   the process or the machine stops in the middle.
/// - Changes from several processes at once are serialised with an advisory lock (`flock`) on the folder, so two
///   `loom-demo add` runs never lose each other's note.
/// - A file that cannot be read, or does not hold notes, fails every operation with
///   ``LoomDemoCore/NotesError/unreadableStore(path:reason:)`` and is never overwritten.
///
/// ```swift
/// let store = FileNoteStore(path: "/tmp/notes.json")
/// let note = try await store.add("Buy milk", createdAt: Date())
/// ```
///
/// The file looks like this (`format` lets a later version change the layout):
///
/// ```json
/// {
///   "format" : 1,
///   "nextID" : 2,
///   "notes" : [ { "createdAt" : "2025-01-01T12:00:00Z", "id" : 1, "text" : "Buy milk" } ]
/// }
/// ```
///
/// > Important: The operations block their thread while they read, write or wait for another process's change.
/// > That is fine for a command-line tool; a server would run them on a thread of its own.
public final class FileNoteStore: NoteStore {
    /// The notes file, as given (a relative path is relative to the current folder).
    ///
    /// ```swift
    /// FileNoteStore(path: "/tmp/notes.json").path   // "/tmp/notes.json"
    /// ```
    public let path: String

    /// Creates a store for the file at `path`; nothing is read or created until the first operation.
    ///
    /// ```swift
    /// let store = FileNoteStore(path: NotesDefaults.storePath())
    /// ```
    /// - Parameter path: The notes file.
    public init(path: String) {
        self.path = path
    }

    /// The notes file's path.
    ///
    /// ```swift
    /// print("Notes are in \(store.location)")
    /// ```
    public var location: String { path }

    /// Every note in the file, oldest first; none if the file does not exist yet.
    ///
    /// ```swift
    /// let notes = try await FileNoteStore(path: path).notes()
    /// ```
    /// - Returns: The notes.
    /// - Throws: ``LoomDemoCore/NotesError/unreadableStore(path:reason:)`` if the file cannot be read or does not
    ///   hold notes.
    public func notes() async throws -> [Note] {
        try load().notes
    }

    /// Adds a note with the next id and saves the file.
    ///
    /// ```swift
    /// let note = try await store.add("Buy milk", createdAt: Date())
    /// ```
    /// - Parameters:
    ///   - text: The note's text.
    ///   - createdAt: The note's time stamp, kept to the second.
    /// - Returns: The stored note.
    /// - Throws: ``LoomDemoCore/NotesError`` if the file cannot be read or written; the file is unchanged then.
    public func add(_ text: String, createdAt: Date) async throws -> Note {
        try update { $0.add(text, createdAt: createdAt) }
    }

    /// Removes the note with `id` and saves the file.
    ///
    /// ```swift
    /// try await store.remove(id: 1)
    /// ```
    /// - Parameter id: The note's id.
    /// - Returns: The removed note.
    /// - Throws: ``LoomDemoCore/NotesError/unknownNote(id:)`` if there is no such note, or another
    ///   ``LoomDemoCore/NotesError`` if the file cannot be read or written; the file is unchanged then.
    @discardableResult
    public func remove(id: Int) async throws -> Note {
        try update { try $0.remove(id: id) }
    }

    /// Reads the file, applies `change`, and writes the result, all under the folder's lock.
    private func update<Result>(_ change: (inout NoteCollection) throws -> Result) throws -> Result {
        try withWriterLock {
            var collection = try load()
            let result = try change(&collection)
            try save(collection)
            return result
        }
    }
}
