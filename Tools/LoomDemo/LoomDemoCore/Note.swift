public import Foundation

/// One note: a stable id, its text, and when it was added.
///
/// Stores give ids in increasing order and never reuse one, so an id printed by `loom-demo list` keeps naming the
/// same note until it is removed.
///
/// ```swift
/// let note = Note(id: 1, text: "Buy milk", createdAt: Date())
/// print("#\(note.id) \(note.text)")
/// ```
public struct Note: Codable, Sendable, Hashable, Identifiable {
    /// The note's id, unique within its store.
    public let id: Int
    /// The note's text, trimmed of surrounding white space.
    public let text: String
    /// When the note was added, to the second.
    public let createdAt: Date

    /// Creates a note.
    ///
    /// Stores create notes; create one yourself for tests or for a store of your own.
    ///
    /// ```swift
    /// let note = Note(id: 7, text: "Call Ada", createdAt: Date(timeIntervalSince1970: 0))
    /// ```
    /// - Parameters:
    ///   - id: The note's id.
    ///   - text: The note's text.
    ///   - createdAt: When the note was added.
    public init(id: Int, text: String, createdAt: Date) {
        self.id = id
        self.text = text
        self.createdAt = createdAt
    }
}
