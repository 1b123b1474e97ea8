import Foundation
import Logging
import LoomCore
import LoomLogging
import LoomTestSupport
import Testing

@Suite struct SwiftLogLoggerTests {
    static let expectedLevels: [LoomLogLevel: Logger.Level] = [
        .trace: .trace, .debug: .debug, .info: .info, .warning: .warning, .error: .error,
    ]

    @Test(arguments: LoomLogLevel.allCases)
    func eachLoomLevelArrivesAtTheSwiftLogLevelOfTheSameName(level: LoomLogLevel) throws {
        let (logger, events) = Logger.recording()
        SwiftLogLogger(logger).log(
            "event at \(level)", level: level, file: "App/Boot.swift", function: "boot()", line: 7)
        let event = try #require(events.all.first)
        #expect(events.all.count == 1)
        #expect(event.level == Self.expectedLevels[level])
        #expect(event.level == level.swiftLogLevel)
        #expect(event.message.description == "event at \(level)")
    }

    @Test func everyEventCarriesTheUserCodePositionAsMetadataAndLoomAsSource() throws {
        let (logger, events) = Logger.recording()
        SwiftLogLogger(logger).log(
            "Registered Type[Database]", level: .debug, file: "App/Boot.swift",
            function: "boot()", line: 42)
        let event = try #require(events.all.first)
        let metadata = try #require(event.metadata)
        #expect(metadata[SwiftLogLogger.Metadata.file] == "App/Boot.swift")
        #expect(metadata[SwiftLogLogger.Metadata.function] == "boot()")
        #expect(metadata[SwiftLogLogger.Metadata.line]?.description == "42")
        #expect(metadata.count == 3)
        #expect(event.source == "Loom")
        #expect(event.file == "App/Boot.swift")
        #expect(event.function == "boot()")
        #expect(event.line == 42)
    }

    @Test func theWrappedLoggersOwnMetadataIsKept() throws {
        let (recording, events) = Logger.recording()
        var logger = recording
        logger[metadataKey: "request"] = "r-1"
        SwiftLogLogger(logger).log("hello", level: .info, file: "App/A.swift", function: "f()", line: 1)
        let metadata = try #require(events.all.first?.metadata)
        #expect(metadata["request"] == "r-1")
        #expect(metadata[SwiftLogLogger.Metadata.line]?.description == "1")
    }

    @Test func eventsBelowTheLoggersLevelAreDroppedWithoutBuildingTheirMessage() {
        let (logger, events) = Logger.recording(.warning)
        let adapter = SwiftLogLogger(logger)
        let built = Counter()
        func message(_ text: String) -> String {
            built.increment()
            return text
        }
        adapter.log(message("trace"), level: .trace, file: #fileID, function: #function, line: #line)
        adapter.log(message("debug"), level: .debug, file: #fileID, function: #function, line: #line)
        adapter.log(message("info"), level: .info, file: #fileID, function: #function, line: #line)
        adapter.log(message("warning"), level: .warning, file: #fileID, function: #function, line: #line)
        adapter.log(message("error"), level: .error, file: #fileID, function: #function, line: #line)
        #expect(events.all.map(\.message.description) == ["warning", "error"])
        #expect(built.value == 2)
    }

    @Test(arguments: [
        (Logger.Level.trace, LoomLogLevel.trace), (.debug, .debug), (.info, .info), (.notice, .warning),
        (.warning, .warning), (.error, .error), (.critical, .error),
    ])
    func theMinimumLevelFollowsTheWrappedLoggersLevel(swiftLogLevel: Logger.Level, expected: LoomLogLevel) {
        let (logger, _) = Logger.recording(swiftLogLevel)
        #expect(SwiftLogLogger(logger).minimumLevel == expected)
    }

    @Test func aContainerLoggingThroughTheAdapterReportsItsEvents() throws {
        let (logger, events) = Logger.recording(.debug)
        let container = Container(name: "logged", logger: SwiftLogLogger(logger))
        container.register { 42 }
        let answer: Int = try container.resolve()
        #expect(answer == 42)
        let messages = events.all.map(\.message.description)
        #expect(messages.contains { $0.contains("Container(logged)") })
        #expect(events.all.allSatisfy { $0.level == .debug && $0.source == SwiftLogLogger.source })
        #expect(events.all.allSatisfy { $0.metadata?[SwiftLogLogger.Metadata.file] != nil })
    }

    @Test func dieLogsAtCriticalThenStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let logger = Logger(label: "dying") { StreamLogHandler.standardError(label: $0) }
            SwiftLogLogger(logger).die("InjectionError: gone", file: "App/Feature.swift", function: "run()", line: 9)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("critical"))
        #expect(output.contains("InjectionError: gone"))
        #expect(output.contains("loom.line=9"))
    }
}
