public import LoomCore
internal import LoomRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `LoomLogger` that keeps every message, so a test can assert what Loom reported.
///
/// Install it with `LoomConfiguration.logger = logger` for the duration of a test that checks logs (the logger is
/// process-wide, so such tests belong in one `.serialized` suite, or in an exit test). Fatal reports (`die`) are
/// recorded, written to standard error as `die <file>:<line> <message>`, and then stop the process with
/// `EXIT_FAILURE`: assert on them with an exit test that observes standard error, as `Documentation/Testing.md` shows.
///
/// ```swift
/// let logger = CapturingLogger()
/// LoomConfiguration.logger = logger
/// container.lock()
/// container.register { 1 }
/// #expect(logger.messages(at: .error).contains { $0.contains("locked") })
/// ```
public final class CapturingLogger: LoomLogger {
    /// One logged message.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// Its level (`die` reports are recorded at `.error` with ``isFatal`` set).
        public let level: LoomLogLevel
        /// The message text.
        public let message: String
        /// The file that logged it (`#fileID` form).
        public let file: String
        /// The line that logged it.
        public let line: UInt
        /// Whether it was a fatal report.
        public let isFatal: Bool

        /// `<level> <file>:<line> <message>`, as a failed expectation prints it.
        ///
        /// ```swift
        /// print(logger.entries.first!)   // "warning App.swift:12 Replaced registration …"
        /// ```
        public var description: String { "\(level) \(file):\(line) \(message)" }
    }

    private let recorded = LoomLock<[Entry]>([])

    /// The least severe level kept.
    public let minimumLevel: LoomLogLevel

    /// Creates a logger that keeps messages at `minimumLevel` and above.
    ///
    /// ```swift
    /// let logger = CapturingLogger(minimumLevel: .error)
    /// ```
    ///
    /// - Parameter minimumLevel: The least severe level kept; `.trace` (everything) by default.
    public init(minimumLevel: LoomLogLevel = .trace) {
        self.minimumLevel = minimumLevel
    }

    /// Everything kept so far, oldest first.
    ///
    /// ```swift
    /// #expect(logger.entries.isEmpty)
    /// ```
    public var entries: [Entry] { recorded.withLock { $0 } }

    /// The messages kept at `level`.
    ///
    /// ```swift
    /// #expect(logger.messages(at: .error).count == 1)
    /// ```
    ///
    /// - Parameter level: The level to select.
    /// - Returns: Their texts, oldest first.
    public func messages(at level: LoomLogLevel) -> [String] {
        entries(at: level).map(\.message)
    }

    /// The entries kept at `level`.
    ///
    /// ```swift
    /// #expect(logger.entries(at: .warning).contains { $0.line == 12 })
    /// ```
    ///
    /// - Parameter level: The level to select.
    /// - Returns: The entries, oldest first.
    public func entries(at level: LoomLogLevel) -> [Entry] {
        entries.filter { $0.level == level }
    }

    /// Forgets everything kept so far.
    ///
    /// ```swift
    /// logger.removeAll()
    /// ```
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }

    /// Keeps the message when its level is at least ``minimumLevel``.
    ///
    /// ```swift
    /// logger.log("hello", level: .info, file: #fileID, function: #function, line: #line)
    /// ```
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - level: Its level.
    ///   - file: The reporting file.
    ///   - function: The reporting function.
    ///   - line: The reporting line.
    public func log(
        _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
        line: UInt
    ) {
        guard level >= minimumLevel else { return }
        append(Entry(level: level, message: message(), file: "\(file)", line: line, isFatal: false))
    }

    /// Keeps the fatal report, writes it to standard error, then stops the process with `EXIT_FAILURE`.
    ///
    /// ```swift
    /// // In an exit test:
    /// await #expect(processExitsWith: .failure) {
    ///     LoomConfiguration.logger = CapturingLogger()
    ///     _ = Screen().service   // an @Injected property with nothing registered
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - message: The report.
    ///   - file: The reporting file.
    ///   - function: The reporting function.
    ///   - line: The reporting line.
    public func die(_ message: @autoclosure () -> String, file: StaticString, function: StaticString, line: UInt)
        -> Never
    {
        let text = message()
        append(Entry(level: .error, message: text, file: "\(file)", line: line, isFatal: true))
        writeToStandardError("die \(file):\(line) \(text)\n")
        exit(EXIT_FAILURE)
    }

    private func append(_ entry: Entry) {
        recorded.withLock { $0.append(entry) }
    }
}
