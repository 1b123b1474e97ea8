public import Loom

/// Services every feature may use; the app module registers the implementations in ``sharedContainer``.
public protocol AppClock: Sendable {
    /// A monotonically increasing tick.
    func tick() -> Int
}

/// A note as the features exchange it.
public struct Note: Sendable, Hashable {
    /// The note's text.
    public let text: String

    /// Creates a note.
    ///
    /// - Parameter text: The note's text.
    public init(_ text: String) { self.text = text }
}

/// Where notes are kept; each feature registers its own implementation in its own container.
public protocol NoteStore: AnyObject, Sendable {
    /// Which feature the store belongs to.
    var owner: String { get }
    /// Adds a note.
    ///
    /// - Parameter note: The note.
    func add(_ note: Note)
    /// Every note, oldest first.
    var notes: [Note] { get }
}

/// The root of every feature container's parent chain; the app fills it at start-up.
public let sharedContainer = Container(name: "shared", logger: DisabledLogger())
