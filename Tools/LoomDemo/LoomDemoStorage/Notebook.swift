import Foundation
public import Loom
public import LoomDemoCore

/// The storage feature's entry point: adds, lists and removes notes, stamping new ones with the shared clock.
///
/// A `Notebook` resolves its dependencies from its ``container`` — the storage feature's, unless you pass another —
/// through `@Injected` properties. That needs the `.enclosingType()` lookup policy, which the app module installs
/// at start-up (see `Containerable`).
///
/// ```swift
/// Container.lookupPolicy = .enclosingType()
/// let notebook = Notebook()
/// let note = try await notebook.add("Buy milk")
/// ```
public final class Notebook: Containerable, @unchecked Sendable {
    // `@unchecked` only because property-wrapper storage is always a `var`: `_store` and `_clock` are set once, in
    // init, and each `Injected` keeps its resolved value behind its own lock.

    /// Where this notebook's dependencies come from: the storage feature's container, or the one passed to `init`.
    ///
    /// ```swift
    /// Notebook().container === NotesStorage.container   // true
    /// ```
    public let container: Container

    /// The configured store, from ``container`` (resolved on first use).
    @Injected private var store: any NoteStore
    /// The shared clock, from the notes container at the root of ``container``'s chain.
    @Injected private var clock: any NoteClock

    /// Creates a notebook resolving from `container`.
    ///
    /// ```swift
    /// let notebook = Notebook()                          // the storage feature's store
    /// let scratch = Notebook(container: scratchStorage)  // a child container with a store of its own
    /// ```
    /// - Parameter container: The container to resolve from; the storage feature's by default.
    public init(container: Container = NotesStorage.container) {
        self.container = container
    }

    /// Where the notes are: a file path or `memory`.
    ///
    /// ```swift
    /// print("Notes are in \(notebook.storeLocation)")
    /// ```
    public var storeLocation: String { store.location }

    /// Adds a note.
    ///
    /// Surrounding white space is trimmed from `text`.
    ///
    /// ```swift
    /// let note = try await notebook.add("  Buy milk ")   // note.text == "Buy milk"
    /// ```
    /// - Parameter text: The note's text.
    /// - Returns: The stored note, with its id.
    /// - Throws: ``LoomDemoCore/NotesError/emptyText`` if `text` is only white space, or the store's error.
    public func add(_ text: String) async throws -> Note {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw NotesError.emptyText }
        return try await store.add(trimmed, createdAt: clock.now())
    }

    /// Every note, oldest first.
    ///
    /// ```swift
    /// for note in try await notebook.notes() { print(note.text) }
    /// ```
    /// - Returns: The notes.
    /// - Throws: The store's error if the notes cannot be read.
    public func notes() async throws -> [Note] {
        try await store.notes()
    }

    /// Removes the note with `id`.
    ///
    /// ```swift
    /// try await notebook.remove(id: 3)
    /// ```
    /// - Parameter id: The note's id.
    /// - Returns: The removed note.
    /// - Throws: ``LoomDemoCore/NotesError/unknownNote(id:)`` if there is no such note, or the store's error.
    @discardableResult
    public func remove(id: Int) async throws -> Note {
        try await store.remove(id: id)
    }
}
