public import Foundation

/// Tells the time notes are stamped with.
///
/// The notes container (the root of every feature's container chain) registers ``SystemNoteClock``; a test
/// registers a fixed clock in a child container to get predictable time stamps.
///
/// ```swift
/// struct FixedClock: NoteClock {
///     func now() -> Date { Date(timeIntervalSince1970: 0) }
/// }
/// ```
public protocol NoteClock: Sendable {
    /// The current time.
    ///
    /// - Returns: The time to stamp a new note with.
    func now() -> Date
}

/// The system's clock.
///
/// ```swift
/// let stamp = SystemNoteClock().now()
/// ```
public struct SystemNoteClock: NoteClock {
    /// Creates the clock.
    ///
    /// ```swift
    /// let clock: any NoteClock = SystemNoteClock()
    /// ```
    public init() {}

    /// The current time.
    ///
    /// ```swift
    /// SystemNoteClock().now()
    /// ```
    /// - Returns: `Date()`.
    public func now() -> Date { Date() }
}
