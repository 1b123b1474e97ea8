public import Foundation
public import LoomDemoCore

/// Keeps notes in memory until the process ends (`--store memory`).
///
/// For trying the demo without touching a file, and for tests. The storage container registers one per process
/// as a singleton, so every command run in the same process sees the same notes.
///
/// ```swift
/// let store = MemoryNoteStore()
/// let note = try await store.add("Buy milk", createdAt: Date())
/// try await store.notes()   // [note]
/// ```
public actor MemoryNoteStore: NoteStore {
    private var collection = NoteCollection()

    /// Creates an empty store.
    ///
    /// ```swift
    /// let store: any NoteStore = MemoryNoteStore()
    /// ```
    public init() {}

    /// `memory`.
    ///
    /// ```swift
    /// MemoryNoteStore().location   // "memory"
    /// ```
    public nonisolated var location: String { "memory" }

    /// Every note, oldest first.
    ///
    /// ```swift
    /// for note in try await store.notes() { print(note.text) }
    /// ```
    /// - Returns: The notes.
    public func notes() -> [Note] { collection.notes }

    /// Adds a note with the next id.
    ///
    /// ```swift
    /// let note = try await store.add("Buy milk", createdAt: Date())
    /// ```
    /// - Parameters:
    ///   - text: The note's text.
    ///   - createdAt: The note's time stamp, kept to the second.
    /// - Returns: The stored note.
    public func add(_ text: String, createdAt: Date) -> Note {
        collection.add(text, createdAt: createdAt)
    }

    /// Removes the note with `id`.
    ///
    /// ```swift
    /// try await store.remove(id: 1)
    /// ```
    /// - Parameter id: The note's id.
    /// - Returns: The removed note.
    /// - Throws: ``NotesError/unknownNote(id:)`` if there is no such note.
    @discardableResult
    public func remove(id: Int) throws -> Note {
        try collection.remove(id: id)
    }
}
