/// Where one container's events go: its own logger, or the global one.
@usableFromInline
package struct LogTarget: Sendable {
    package let logger: (any LoomLogger)?
    @usableFromInline package let threshold: LogThreshold

    package init(_ logger: (any LoomLogger)?) {
        self.logger = logger
        threshold = LogThreshold(logger)
    }

    /// Whether an event at `level` would be recorded; one comparison.
    @inlinable
    package func isEnabled(_ level: LoomLogLevel) -> Bool { threshold.isEnabled(level) }

    /// Records an event; `message` is built only if it is recorded.
    ///
    /// Never call while holding a lock.
    @inline(__always)
    package func log(
        _ level: LoomLogLevel,
        _ message: @autoclosure () -> String,
        file: StaticString,
        function: StaticString = #function,
        line: UInt
    ) {
        guard isEnabled(level) else { return }
        effectiveLogger.log(message(), level: level, file: file, function: function, line: line)
    }

    /// The logger that reports fatal failures.
    package var effectiveLogger: any LoomLogger { logger ?? LoomConfiguration.logger }
}

/// A logger's minimum level as a plain word, so hot-path checks never copy the logger existential.
@usableFromInline
package struct LogThreshold: Sendable {
    /// The own logger's minimum level, or `UInt.max` to mean "ask the global logger".
    @usableFromInline let ownMinimumLevel: UInt

    package init(_ logger: (any LoomLogger)?) {
        ownMinimumLevel = logger.map { UInt($0.minimumLevel.rawValue) } ?? .max
    }

    @inlinable
    package func isEnabled(_ level: LoomLogLevel) -> Bool {
        UInt(level.rawValue) >= (ownMinimumLevel == .max ? LoomConfiguration.minimumLogLevel : ownMinimumLevel)
    }
}
