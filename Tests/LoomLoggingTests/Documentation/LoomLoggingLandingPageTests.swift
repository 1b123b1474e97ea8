// The snippet of LoomLogging's landing page (Modules/LoomLogging/LoomLogging.docc/LoomLogging.md), compiled and run,
// and the log line the page quotes checked against what swift-log's default handler prints. Keep the two in step.
// The page imports `Loom`; this target imports LoomCore, which `Loom` re-exports. Installing a global logger
// changes the whole process, so the snippet runs in a child process (an exit test).
import Logging
import LoomCore
import LoomLogging
import Testing

private final class Database: Sendable {}

@Suite struct LoomLoggingLandingPageTests {
    @Test func anAppInstallsTheAdapterGloballyOrForOneContainer() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            var logger = Logger(label: "com.example.app")
            logger.logLevel = .debug
            LoomConfiguration.logger = SwiftLogLogger(logger)  // every container without its own logger

            let feature = Container(name: "search", logger: SwiftLogLogger(logger))  // one container

            let app = Container(name: "app")
            app.register(scope: .singleton) { Database() }
            feature.register { Database() }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let lines = output.split(separator: "\n")
        // 2025-01-01T12:00:00+0000 debug com.example.app: loom.file=App/Boot.swift loom.function=log(_:)
        //   loom.line=12 [Loom] Registered Type[Database] in Container(app), scope singleton
        let fromApp = try #require(lines.first { $0.hasSuffix("in Container(app), scope singleton") }, "\(output)")
        #expect(
            fromApp.contains(" debug com.example.app: loom.file=LoomLoggingTests/LoomLoggingLandingPageTests.swift"))
        #expect(fromApp.contains(" loom.function=log(_:) loom.line="))
        #expect(fromApp.hasSuffix(" [Loom] Registered Type[Database] in Container(app), scope singleton"))
        #expect(
            lines.contains { $0.hasSuffix("[Loom] Registered Type[Database] in Container(search), scope instance") })
    }

    @Test func levelsMapOneToOne() {
        let levels = LoomLogLevel.allCases.map(\.swiftLogLevel)
        #expect(levels == [.trace, .debug, .info, .warning, .error])
        var logger = Logger(label: "com.example.app")
        logger.logLevel = .info
        #expect(SwiftLogLogger(logger).minimumLevel == .info)
        #expect(SwiftLogLogger.source == "Loom")
        #expect(
            [SwiftLogLogger.Metadata.file, SwiftLogLogger.Metadata.function, SwiftLogLogger.Metadata.line]
                == ["loom.file", "loom.function", "loom.line"])
    }
}
