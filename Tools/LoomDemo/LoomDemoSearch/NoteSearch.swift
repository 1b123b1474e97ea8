public import Loom
import LoomDemoCore

/// The search feature's entry point: finds the notes whose text contains every word of a query.
///
/// A `NoteSearch` resolves from its ``container`` — the search feature's, unless you pass another — whose parent
/// chain leads to the storage feature's store. It shows the property wrappers side by side:
/// - `@InjectedWeakly` for the store, which belongs to the storage feature: search borrows it and never keeps it
///   alive, and resolves it again once it is gone (a file store is a new value per resolution, so each search
///   reads the current configuration);
/// - `@Injected` for the feature's own ``TermMatcher``;
/// - `@InjectedConf` for the result limit, read through on every search so a `Conf.withValue` override applies.
///
/// ```swift
/// Container.lookupPolicy = .enclosingType()
/// let result = try await NoteSearch().search("milk")
/// ```
public final class NoteSearch: Containerable, @unchecked Sendable {
    // `@unchecked` only because property-wrapper storage is always a `var`: the wrappers are set once, in init, and
    // each keeps its state behind its own lock (`InjectedConf` has none: it reads `Conf` on every access).

    /// Where this search's dependencies come from: the search feature's container, or the one passed to `init`.
    ///
    /// ```swift
    /// NoteSearch().container === NotesSearch.container   // true
    /// ```
    public let container: Container

    /// The storage feature's store, held weakly.
    @InjectedWeakly private var store: (any NoteStore)?
    /// The search feature's matcher.
    @Injected private var matcher: TermMatcher
    /// The most matches to return.
    @InjectedConf(\.notesSearchLimit) private var limit: Int

    /// Creates a search resolving from `container`.
    ///
    /// ```swift
    /// let search = NoteSearch()
    /// let scratch = NoteSearch(container: NotesSearch.makeContainer(parent: scratchStorage))
    /// ```
    /// - Parameter container: The container to resolve from; the search feature's by default.
    public init(container: Container = NotesSearch.container) {
        self.container = container
    }

    /// The notes containing every word of `query`, ignoring case, oldest first, at most `Conf[\.notesSearchLimit]`.
    ///
    /// ```swift
    /// let result = try await Conf.withValue(5, for: \.notesSearchLimit) {
    ///     try await NoteSearch().search("milk")
    /// }
    /// ```
    /// - Parameter query: The words to look for.
    /// - Returns: The matches and how many there were in all.
    /// - Throws: ``LoomDemoCore/NotesError/emptyQuery`` if `query` has no words, or the store's error.
    public func search(_ query: String) async throws -> SearchResult {
        let terms = matcher.terms(of: query)
        guard !terms.isEmpty else { throw NotesError.emptyQuery }
        let limit = max(0, self.limit)
        guard let store else { throw NotesError.missingStore(container: container.description) }
        let found = try await store.notes().filter { matcher.matches($0.text, terms: terms) }
        return SearchResult(query: query, matches: Array(found.prefix(limit)), totalMatches: found.count, limit: limit)
    }
}
