public import Logging
public import LoomCore

/// A `LoomLogger` that sends Loom's events to a swift-log `Logger`.
///
/// Use it when your app already logs through swift-log (a server, a command-line tool, anything that bootstraps
/// `LoggingSystem`): Loom's container, registration, resolution and injection events then go to the same handlers,
/// with the same formatting and filtering, as the rest of your logs.
///
/// Loom's levels map one to one onto swift-log's (`trace`, `debug`, `info`, `warning`, `error`);
/// ``die(_:file:function:line:)`` logs at `critical` before it stops the process. Every event carries the user
/// code's position as metadata (see ``Metadata``) and ``source`` as its swift-log source, so a handler can tell
/// Loom's events from the app's own.
///
/// ```swift
/// import Logging
/// import LoomLogging
///
/// var logger = Logger(label: "com.example.app")
/// logger.logLevel = .debug
/// LoomConfiguration.logger = SwiftLogLogger(logger)
/// ```
///
/// > Important: The adapter reads the wrapped logger's `logLevel` once, when it is created, to derive
/// > ``minimumLevel``: Loom skips building the messages of events below it. Changing the level later means
/// > creating a new `SwiftLogLogger`.
public struct SwiftLogLogger: LoomLogger {
    /// The metadata keys every event carries.
    ///
    /// `LoomLogger` receives the message, its level and the position of the user code that caused the event — the
    /// file, function and line Loom was called from (for a property wrapper, the property's declaration). That
    /// position is what the adapter attaches; it also passes it as swift-log's own `file`, `function` and `line`.
    /// The container, the registration's locator and its scope are part of Loom's message text (for example
    /// `Registered Type[Database] in Container(app), scope singleton`); the adapter does not parse them out of it.
    ///
    /// ```swift
    /// // debug com.example.app : loom.file=App/Boot.swift loom.function=boot() loom.line=12 [Loom] Registered …
    /// ```
    public enum Metadata {
        /// `loom.file`: the file ID (`Module/File.swift`) of the user code that caused the event.
        ///
        /// ```swift
        /// event.metadata?[SwiftLogLogger.Metadata.file]   // "App/Boot.swift"
        /// ```
        public static let file = "loom.file"
        /// `loom.function`: the function (or, for a property wrapper, the property) that caused the event.
        ///
        /// ```swift
        /// event.metadata?[SwiftLogLogger.Metadata.function]   // "boot()"
        /// ```
        public static let function = "loom.function"
        /// `loom.line`: the line of the user code that caused the event.
        ///
        /// ```swift
        /// event.metadata?[SwiftLogLogger.Metadata.line]   // "12"
        /// ```
        public static let line = "loom.line"
    }

    /// The swift-log source of every event, `"Loom"`.
    ///
    /// Use it to route or filter Loom's events in a log handler.
    ///
    /// ```swift
    /// if event.source == SwiftLogLogger.source { … }
    /// ```
    public static let source = "Loom"

    /// The swift-log logger the events go to.
    ///
    /// ```swift
    /// SwiftLogLogger(Logger(label: "app")).logger.label   // "app"
    /// ```
    public let logger: Logger

    /// The lowest Loom level the wrapped logger lets through, derived from its `logLevel` when this adapter was made.
    ///
    /// `notice` maps to `.warning`, the lowest Loom level a `notice` logger records; `critical` maps to `.error`
    /// (Loom has no higher level, and swift-log drops those events itself).
    ///
    /// ```swift
    /// var logger = Logger(label: "app")
    /// logger.logLevel = .notice
    /// SwiftLogLogger(logger).minimumLevel   // .warning
    /// ```
    public let minimumLevel: LoomLogLevel

    /// Creates an adapter that logs to `logger`.
    ///
    /// Set the logger's level and metadata first: the adapter keeps a copy, and events carry the logger's own
    /// metadata as well as Loom's.
    ///
    /// ```swift
    /// var logger = Logger(label: "loom") { StreamLogHandler.standardError(label: $0) }
    /// logger.logLevel = .debug
    /// let loomLogger = SwiftLogLogger(logger)
    /// ```
    /// - Parameter logger: The swift-log logger to send Loom's events to.
    public init(_ logger: Logger) {
        self.logger = logger
        minimumLevel = LoomLogLevel(lowestRecordedBy: logger.logLevel)
    }

    /// Sends one event to the wrapped logger at the matching swift-log level.
    ///
    /// The message is built only if the logger records `level`.
    ///
    /// ```swift
    /// SwiftLogLogger(logger).log("hello", level: .info, file: #fileID, function: #function, line: #line)
    /// ```
    /// - Parameters:
    ///   - message: The message, built only if the event is recorded.
    ///   - level: The event's Loom level.
    ///   - file: The file of the user code that caused the event.
    ///   - function: The function of the user code that caused the event.
    ///   - line: The line of the user code that caused the event.
    public func log(
        _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
        line: UInt
    ) {
        send(level.swiftLogLevel, message(), file: file, function: function, line: line)
    }

    /// Logs the message at `critical`, then stops the process with it.
    ///
    /// Loom calls this for failures it cannot throw, such as an `@Injected` property whose dependency is missing.
    ///
    /// ```swift
    /// SwiftLogLogger(logger).die("InjectionError: …", file: #fileID, function: #function, line: #line)
    /// ```
    /// - Parameters:
    ///   - message: `InjectionError: <description>. Recovery: <suggestion>`.
    ///   - file: The file of the failing property or call.
    ///   - function: The function of the failing property or call.
    ///   - line: The line of the failing property or call.
    public func die(_ message: @autoclosure () -> String, file: StaticString, function: StaticString, line: UInt)
        -> Never
    {
        let text = message()
        send(.critical, text, file: file, function: function, line: line)
        fatalError(text, file: file, line: line)
    }

    private func send(
        _ level: Logger.Level, _ message: @autoclosure () -> String, file: StaticString, function: StaticString,
        line: UInt
    ) {
        let file = "\(file)"
        let function = "\(function)"
        logger.log(
            level: level,
            "\(message())",
            metadata: [
                Metadata.file: .string(file),
                Metadata.function: .string(function),
                Metadata.line: .stringConvertible(line),
            ],
            source: Self.source,
            file: file,
            function: function,
            line: line
        )
    }
}
