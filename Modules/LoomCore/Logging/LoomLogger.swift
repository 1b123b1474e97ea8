/// The severity of a Loom log event.
///
/// ```swift
/// LoomConfiguration.logger = PrintLogger(minimumLevel: .debug)
/// ```
public enum LoomLogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Very fine-grained tracing.
    case trace
    /// Container creation, registrations, resolutions, injections, cleanup.
    case debug
    /// Notable, expected events.
    case info
    /// Something probably unintended, such as replacing a registration.
    case warning
    /// A failed operation, such as registering on a locked container or a failed resolution.
    case error

    /// Orders levels by severity, `trace` lowest.
    ///
    /// ```swift
    /// LoomLogLevel.debug < .warning   // true
    /// ```
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `trace`, `debug`, `info`, `warning` or `error`.
    ///
    /// ```swift
    /// LoomLogLevel.warning.description   // "warning"
    /// ```
    public var description: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// Where Loom reports what it does, and how it stops the process on an unrecoverable injection failure.
///
/// Install one with ``LoomConfiguration/logger`` (global) or `Container(logger:)` (one container). Messages are
/// autoclosures: when an event's level is below ``minimumLevel`` Loom does not build the message at all, and
/// the check costs one comparison.
///
/// ```swift
/// struct OSLogger: LoomLogger {
///     var minimumLevel: LoomLogLevel { .info }
///     func log(_ message: @autoclosure () -> String, level: LoomLogLevel,
///              file: StaticString, function: StaticString, line: UInt) {
///         print("[\(level)] \(message())")
///     }
/// }
/// LoomConfiguration.logger = OSLogger()
/// ```
///
/// > Important: ``die(_:file:function:line:)`` must not return. A test logger may end the current test instead
/// > of the process (see `LoomTesting`), but it must still never return to its caller.
public protocol LoomLogger: Sendable {
    /// Events below this level are dropped without building their message. Defaults to `.trace` (everything).
    var minimumLevel: LoomLogLevel { get }

    /// Records one event.
    ///
    /// - Parameters:
    ///   - message: The message, built only if the event is recorded.
    ///   - level: The event's severity.
    ///   - file: The file of the user code that caused the event.
    ///   - function: The function of the user code for events of property wrappers, which capture it; for other
    ///     events (registrations, resolutions, activations) the Loom function that reported them.
    ///   - line: The line of the user code that caused the event.
    func log(
        _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
        line: UInt)

    /// Reports an unrecoverable injection failure (from a property wrapper or generated code) and stops.
    ///
    /// - Parameters:
    ///   - message: `InjectionError: <description>. Recovery: <suggestion>`.
    ///   - file: The file of the failing property or call.
    ///   - function: The function of the failing property or call.
    ///   - line: The line of the failing property or call.
    func die(_ message: @autoclosure () -> String, file: StaticString, function: StaticString, line: UInt) -> Never
}

extension LoomLogger {
    /// Records every level.
    ///
    /// ```swift
    /// struct EverythingLogger: LoomLogger { func log(…) { … } }   // minimumLevel is .trace
    /// ```
    public var minimumLevel: LoomLogLevel { .trace }

    /// Logs the message at `.error` and stops the process with `fatalError`.
    ///
    /// ```swift
    /// logger.die("InjectionError: …", file: #fileID, function: #function, line: #line)
    /// ```
    public func die(_ message: @autoclosure () -> String, file: StaticString, function: StaticString, line: UInt)
        -> Never
    {
        let text = message()
        log(text, level: .error, file: file, function: function, line: line)
        fatalError(text, file: file, line: line)
    }
}

/// Macaroni's name for ``PrintLogger``.
///
/// Macaroni's logger printed every event; `PrintLogger()` prints warnings and errors only. Pass
/// `minimumLevel: .debug` to print what Macaroni printed.
///
/// ```swift
/// LoomConfiguration.logger = SimpleMacaroniLogger()   // write PrintLogger(minimumLevel: .debug)
/// ```
@available(*, deprecated, renamed: "PrintLogger")
public typealias SimpleMacaroniLogger = PrintLogger

/// Macaroni's name for ``DisabledLogger``.
///
/// ```swift
/// LoomConfiguration.logger = DisabledMacaroniLogger()   // write DisabledLogger()
/// ```
@available(*, deprecated, renamed: "DisabledLogger")
public typealias DisabledMacaroniLogger = DisabledLogger
