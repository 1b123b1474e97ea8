public import LoomDemoCore

/// The notes that matched a search, up to the limit, and how many matched in all.
///
/// ```swift
/// let result = try await NoteSearch().search("milk")
/// print("\(result.matches.count) of \(result.totalMatches)")
/// ```
public struct SearchResult: Sendable, Equatable {
    /// The query as typed.
    public let query: String
    /// The matching notes, oldest first, at most ``limit`` of them.
    public let matches: [Note]
    /// How many notes matched, including those beyond the limit.
    public let totalMatches: Int
    /// The most matches the search returns.
    public let limit: Int

    /// Creates a result.
    ///
    /// ```swift
    /// let none = SearchResult(query: "milk", matches: [], totalMatches: 0, limit: 20)
    /// ```
    /// - Parameters:
    ///   - query: The query as typed.
    ///   - matches: The matching notes returned.
    ///   - totalMatches: How many notes matched in all.
    ///   - limit: The most matches returned.
    public init(query: String, matches: [Note], totalMatches: Int, limit: Int) {
        self.query = query
        self.matches = matches
        self.totalMatches = totalMatches
        self.limit = limit
    }

    /// Whether matches were left out because of the limit.
    ///
    /// ```swift
    /// if result.isTruncated { print("…and \(result.totalMatches - result.matches.count) more") }
    /// ```
    public var isTruncated: Bool { totalMatches > matches.count }
}
