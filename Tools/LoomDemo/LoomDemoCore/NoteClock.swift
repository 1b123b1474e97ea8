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

/// A clock stopped at the start of 2026: what the notes container uses in previews (`LOOM_RUN_MODE=preview`), so
/// every run stamps notes alike.
///
/// ```swift
/// let stamp = FixedNoteClock().now()   // 2026-01-01 00:00:00 UTC
/// ```
public struct FixedNoteClock: NoteClock {
    /// Creates the clock.
    ///
    /// ```swift
    /// let clock: any NoteClock = FixedNoteClock()
    /// ```
    public init() {}

    /// The start of 2026.
    ///
    /// ```swift
    /// FixedNoteClock().now()
    /// ```
    /// - Returns: 2026-01-01 00:00:00 UTC.
    public func now() -> Date { Date(timeIntervalSince1970: 1_767_225_600) }
}
