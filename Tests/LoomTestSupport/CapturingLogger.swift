import Foundation
public import LoomCore
import LoomRuntime

/// A logger that records every event it receives, for tests that check what Loom reports.
///
/// `die` writes the message to standard error and stops the process, like any logger must; observe it from an exit
/// test.
public final class CapturingLogger: LoomLogger {
    /// One recorded event.
    public struct Event: Sendable, CustomStringConvertible {
        /// The event's level.
        public let level: LoomLogLevel
        /// The built message.
        public let message: String
        /// The file the event was attributed to.
        public let file: String
        /// The line the event was attributed to.
        public let line: UInt
        /// `<level> <file>:<line> <message>`, like ``PrintLogger``.
        public var description: String { "\(level) \(file):\(line) \(message)" }
    }

    /// Events below this level are dropped.
    public let minimumLevel: LoomLogLevel
    private let recorded = LoomLock<[Event]>([])

    /// Creates a logger recording events at `minimumLevel` and above.
    ///
    /// - Parameter minimumLevel: The lowest level recorded.
    public init(minimumLevel: LoomLogLevel = .trace) {
        self.minimumLevel = minimumLevel
    }

    /// Every event recorded so far, oldest first.
    public var events: [Event] { recorded.withLock { $0 } }

    /// The events recorded at exactly `level`.
    ///
    /// - Parameter level: The level to filter by.
    /// - Returns: The matching events, oldest first.
    public func events(at level: LoomLogLevel) -> [Event] { events.filter { $0.level == level } }

    /// Records the event.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - level: The level.
    ///   - file: The attributed file.
    ///   - function: The attributed function.
    ///   - line: The attributed line.
    public func log(
        _ message: @autoclosure () -> String,
        level: LoomLogLevel,
        file: StaticString,
        function: StaticString,
        line: UInt
    ) {
        let event = Event(level: level, message: message(), file: "\(file)", line: line)
        recorded.withLock { $0.append(event) }
    }

    /// Writes `die <file>:<line> <message>` to standard error and exits with a failure status.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - file: The attributed file.
    ///   - function: The attributed function.
    ///   - line: The attributed line.
    public func die(_ message: @autoclosure () -> String, file: StaticString, function: StaticString, line: UInt)
        -> Never
    {
        let text = message()
        FileHandle.standardError.write(Data("die \(file):\(line) \(text)\n".utf8))
        exit(EXIT_FAILURE)
    }
}
