import Foundation

/// Decides whether a note matches a query: every word of the query must appear in the note, ignoring case.
///
/// Words are separated by white space and matched as substrings, so `milk` finds "Buy milk" and "Milkshake", and
/// `buy milk` finds "Buy oat milk" but not "Buy bread".
///
/// ```swift
/// let matcher = TermMatcher()
/// matcher.matches("Buy oat milk", terms: matcher.terms(of: "MILK buy"))   // true
/// ```
public struct TermMatcher: Sendable {
    /// Creates a matcher.
    ///
    /// ```swift
    /// let matcher = TermMatcher()
    /// ```
    public init() {}

    /// The words of `query`.
    ///
    /// ```swift
    /// TermMatcher().terms(of: "  buy   milk ")   // ["buy", "milk"]
    /// ```
    /// - Parameter query: The text typed after `search`.
    /// - Returns: Its words, in order; empty if it is only white space.
    public func terms(of query: String) -> [String] {
        query.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Whether `text` contains every term, ignoring case.
    ///
    /// ```swift
    /// TermMatcher().matches("Buy milk", terms: ["MILK"])   // true
    /// ```
    /// - Parameters:
    ///   - text: A note's text.
    ///   - terms: The query's words; no terms match nothing.
    /// - Returns: `true` if every term occurs in `text`.
    public func matches(_ text: String, terms: [String]) -> Bool {
        !terms.isEmpty && terms.allSatisfy { text.range(of: $0, options: .caseInsensitive) != nil }
    }
}
