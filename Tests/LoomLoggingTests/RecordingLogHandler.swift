import Logging
import LoomTestSupport

/// A swift-log handler that keeps every event in memory, for checking what the adapter sends.
struct RecordingLogHandler: LogHandler {
    /// The events recorded by this handler and every copy of it.
    let events: Collected<LogEvent>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    init(logLevel: Logger.Level = .trace, events: Collected<LogEvent> = Collected()) {
        self.logLevel = logLevel
        self.events = events
    }

    func log(event: LogEvent) {
        var event = event
        // Logger-level metadata reaches a handler through its own `metadata`; merged as a real handler would.
        event.metadata = metadata.merging(event.metadata ?? [:]) { _, new in new }
        events.append(event)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}

extension Logger {
    /// A logger at `level` whose events land in the returned list.
    static func recording(_ level: Logger.Level = .trace) -> (Logger, Collected<LogEvent>) {
        let events = Collected<LogEvent>()
        let logger = Logger(label: "loom-logging-tests") { _ in RecordingLogHandler(logLevel: level, events: events) }
        return (logger, events)
    }
}
