public import Foundation

/// Where notes are kept.
///
/// The storage feature registers the configured store in its container as `any NoteStore`; other features resolve
/// it from there. Implement it to keep notes somewhere else, and register your store in a child of the storage
/// container (or in the storage container itself) to use it.
///
/// ```swift
/// let store: any NoteStore = MemoryNoteStore()
/// let note = try await store.add("Buy milk", createdAt: Date())
/// try await store.remove(id: note.id)
/// ```
///
/// > Important: A store must never lose notes it already holds: an operation that fails leaves the store as it was.
public protocol NoteStore: AnyObject, Sendable {
    /// Where the notes are, for messages: a file path, or `memory`.
    var location: String { get }

    /// Every note, oldest first.
    ///
    /// - Returns: The notes.
    /// - Throws: ``NotesError/unreadableStore(path:reason:)`` when the notes cannot be read.
    func notes() async throws -> [Note]

    /// Adds a note with the next id.
    ///
    /// - Parameters:
    ///   - text: The note's text, already validated by the caller.
    ///   - createdAt: The note's time stamp; stores keep it to the second.
    /// - Returns: The stored note.
    /// - Throws: ``NotesError`` when the store cannot be read or written; nothing changes then.
    func add(_ text: String, createdAt: Date) async throws -> Note

    /// Removes the note with `id`.
    ///
    /// - Parameter id: The note's id.
    /// - Returns: The removed note.
    /// - Throws: ``NotesError/unknownNote(id:)`` if there is no such note, or another ``NotesError`` when the store
    ///   cannot be read or written; nothing changes then.
    @discardableResult
    func remove(id: Int) async throws -> Note
}
