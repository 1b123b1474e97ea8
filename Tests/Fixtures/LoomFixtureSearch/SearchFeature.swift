public import Loom
public import LoomFixtureShared

/// The search feature's container: a search index over its own store.
public let searchContainer = Container(name: "search", parent: sharedContainer, logger: DisabledLogger()) {
    Dependency { () -> any NoteStore in SearchCache(owner: "search") }.scope(.singleton)
    Dependency { SearchIndex() }.scope(.singleton)
}

/// Types of the search feature resolve from ``searchContainer`` (under `.enclosingType` lookup).
public protocol SearchFeature: Containerable {}

extension SearchFeature {
    /// The search feature's container.
    public var container: Container { searchContainer }
}

/// Finds notes containing a word.
public final class SearchIndex: Sendable {
    /// Creates an index.
    public init() {}

    /// The notes of `store` whose text contains `word`, case-insensitively.
    ///
    /// - Parameters:
    ///   - word: The word to look for.
    ///   - store: The notes to search.
    /// - Returns: The matching notes.
    public func search(_ word: String, in store: any NoteStore) -> [Note] {
        store.notes.filter { $0.text.lowercased().contains(word.lowercased()) }
    }
}

/// The search feature's entry point.
public final class SearchEngine: SearchFeature, @unchecked Sendable {
    // `@Injected` storage is a `var` the compiler writes once, in init; the wrappers synchronise themselves.
    /// The feature's index.
    @Injected public var index: SearchIndex
    /// The feature's own store.
    @Injected public var cache: any NoteStore
    /// The shared clock, through the parent container.
    @Injected public var clock: any AppClock

    /// Creates the engine.
    public init() {}
}

final class SearchCache: NoteStore, @unchecked Sendable {
    // `storage` is only touched inside its own lock.
    private let storage = Locked<[Note]>([])
    let owner: String

    init(owner: String) { self.owner = owner }

    func add(_ note: Note) { storage.withLock { $0.append(note) } }
    var notes: [Note] { storage.withLock { $0 } }
}
