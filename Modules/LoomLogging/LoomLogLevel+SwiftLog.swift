public import Logging
public import LoomCore

extension LoomLogLevel {
    /// The swift-log level with the same name: `trace`, `debug`, `info`, `warning` or `error`.
    ///
    /// Use it when you forward Loom's events to swift-log yourself; ``SwiftLogLogger`` uses this mapping.
    ///
    /// ```swift
    /// LoomLogLevel.warning.swiftLogLevel   // Logger.Level.warning
    /// ```
    public var swiftLogLevel: Logger.Level {
        switch self {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }

    /// The lowest Loom level a swift-log logger at `level` records.
    ///
    /// swift-log has two levels Loom lacks: `notice` (between `info` and `warning`) records Loom's `warning` and
    /// `error`; `critical` records no Loom event, and `error` is the closest Loom can get.
    init(lowestRecordedBy level: Logger.Level) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice, .warning: self = .warning
        case .error, .critical: self = .error
        }
    }
}
