internal import LoomRuntime

/// Loom's default logger: one line per event, `<level> <file>:<line> <message>`, on standard error.
///
/// ```swift
/// LoomConfiguration.logger = PrintLogger(minimumLevel: .debug)
/// // debug MyApp/AppDelegate.swift:12 Registered Type[MyService] in Container(app), scope instance
/// ```
public struct PrintLogger: LoomLogger {
    /// Events below this level are dropped.
    ///
    /// ```swift
    /// PrintLogger(minimumLevel: .info).minimumLevel   // .info
    /// ```
    public let minimumLevel: LoomLogLevel
    private let output: @Sendable (String) -> Void

    /// Creates a logger that writes events at `minimumLevel` and above.
    ///
    /// ```swift
    /// let logger = PrintLogger(minimumLevel: .warning)
    /// let captured = PrintLogger(minimumLevel: .debug) { line in lines.append(line) }
    /// ```
    /// - Parameters:
    ///   - minimumLevel: The lowest level written (default `.warning`).
    ///   - write: Where each formatted line goes (default: standard error).
    public init(
        minimumLevel: LoomLogLevel = .warning,
        write: @escaping @Sendable (String) -> Void = PrintLogger.writeToStandardError
    ) {
        self.minimumLevel = minimumLevel
        output = write
    }

    /// Writes `<level> <file>:<line> <message>` if `level` is at least ``minimumLevel``.
    ///
    /// ```swift
    /// PrintLogger().log("hello", level: .error, file: #fileID, function: #function, line: #line)
    /// ```
    public func log(
        _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
        line: UInt
    ) {
        guard level >= minimumLevel else { return }
        output("\(level) \(file):\(line) \(message())")
    }

    /// Writes `line` and a newline to standard error.
    ///
    /// ```swift
    /// PrintLogger.writeToStandardError("error App.swift:3 something failed")
    /// ```
    @Sendable
    public static func writeToStandardError(_ line: String) {
        LoomRuntime.writeToStandardError(line + "\n")
    }
}

/// A logger that records nothing and never builds a message; ``die(_:file:function:line:)`` still stops the
/// process.
///
/// ```swift
/// LoomConfiguration.logger = DisabledLogger()
/// ```
public struct DisabledLogger: LoomLogger {
    /// Creates the logger.
    ///
    /// ```swift
    /// let quiet = Container(name: "quiet", logger: DisabledLogger())
    /// ```
    public init() {}

    /// Above every level: nothing is recorded.
    ///
    /// ```swift
    /// DisabledLogger().minimumLevel   // .error
    /// ```
    public var minimumLevel: LoomLogLevel { .error }

    /// Does nothing; `message` is not evaluated.
    ///
    /// ```swift
    /// DisabledLogger().log("never built", level: .error, file: #fileID, function: #function, line: #line)
    /// ```
    public func log(
        _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
        line: UInt
    ) {}

    /// Stops the process with the message.
    ///
    /// ```swift
    /// DisabledLogger().die("unrecoverable", file: #fileID, function: #function, line: #line)
    /// ```
    public func die(_ message: @autoclosure () -> String, file: StaticString, function: StaticString, line: UInt)
        -> Never
    {
        fatalError(message(), file: file, line: line)
    }
}
