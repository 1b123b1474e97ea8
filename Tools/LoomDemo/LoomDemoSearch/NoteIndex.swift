public import LoomDemoCore

/// The notes as `watch` last read them, by id: what an index refresh compares the store with.
///
/// A singleton of the search container; not a service itself — ``IndexRefresher`` keeps it fresh.
///
/// ```swift
/// let index = NoteIndex()
/// let change = await index.update(with: try await store.notes())
/// print(change.added, change.removed, await index.count)
/// ```
public actor NoteIndex {
    private var notes: [Int: Note] = [:]
    /// Whether ``update(with:)`` has run; a copy that was only built (by `verify()`, say) has not.
    public private(set) var isLoaded = false

    /// An empty index.
    ///
    /// ```swift
    /// let index = NoteIndex()
    /// ```
    public init() {}

    /// How many notes the index holds.
    ///
    /// ```swift
    /// await index.count
    /// ```
    public var count: Int { notes.count }

    /// Replaces the indexed notes with `current`.
    ///
    /// ```swift
    /// let change = await index.update(with: notes)
    /// if change.added + change.removed > 0 { print("changed") }
    /// ```
    /// - Parameter current: Every note the store holds now.
    /// - Returns: How many notes appeared and disappeared since the last update.
    public func update(with current: [Note]) -> (added: Int, removed: Int) {
        let next = Dictionary(current.map { ($0.id, $0) }) { _, last in last }
        let added = next.keys.filter { notes[$0] == nil }.count
        let removed = notes.keys.filter { next[$0] == nil }.count
        notes = next
        isLoaded = true
        return (added, removed)
    }
}
