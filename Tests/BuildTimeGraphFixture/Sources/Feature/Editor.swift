public import LoomMacros

/// Tells the time documents are stamped with.
public protocol Clock: Sendable {
    /// The current time, in seconds.
    func now() -> Int
}

/// A clock stuck at one moment.
public struct FixedClock: Clock {
    /// Creates the clock.
    public init() {}

    /// Always 42.
    public func now() -> Int { 42 }
}

/// Edits documents.
///
/// Its registration is generated and injects the clock from the dependency graph, so the build-time graph check
/// knows that the editor needs `any Clock`.
@Registerable(parameters: .injected)
public final class Editor: Sendable {
    private let clock: any Clock

    /// Creates an editor stamping documents with `clock`.
    public init(clock: any Clock) {
        self.clock = clock
    }

    /// The stamp of a document saved now.
    public func stamp() -> String { "saved at \(clock.now())" }
}
