/// How much Loom logs to standard error: the `--log-level` option, `LOOM_DEMO_LOG_LEVEL` and `"logLevel"` in the
/// config file.
///
/// `warning` (the default) keeps Loom's own logger, which prints warnings and errors; any other level installs a
/// swift-log logger at that level (`--verbose` is `--log-level debug`).
///
/// ```swift
/// NotesLogLevel(rawValue: "debug")   // .debug
/// ```
public enum NotesLogLevel: String, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Everything, including every resolution's details.
    case trace
    /// What Loom does: containers, registrations, resolutions.
    case debug
    /// Notable events, such as which store is used.
    case info
    /// Problems Loom recovered from, and errors (the default).
    case warning
    /// Errors only.
    case error

    /// The level's name, as written on the command line.
    ///
    /// ```swift
    /// NotesLogLevel.debug.description   // "debug"
    /// ```
    public var description: String { rawValue }

    /// Whether `lhs` logs more than `rhs` (`trace` < `debug` < … < `error`).
    ///
    /// ```swift
    /// NotesLogLevel.debug < .warning   // true
    /// ```
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
