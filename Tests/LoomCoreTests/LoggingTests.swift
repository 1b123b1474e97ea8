import LoomCore
import LoomTestSupport
import Testing

@Suite struct LoggingTests {
    @Test func printLoggerWritesLevelFileLineAndMessageAtOrAboveItsMinimumLevel() {
        let lines = Collected<String>()
        let logger = PrintLogger(minimumLevel: .info) { lines.append($0) }
        logger.log("hello", level: .info, file: "App/Main.swift", function: "run()", line: 12)
        logger.log("dropped", level: .debug, file: "App/Main.swift", function: "run()", line: 13)
        #expect(lines.all == ["info App/Main.swift:12 hello"])
    }

    @Test func loadsAreLoggedWithTheCallersFileAndLine() async throws {
        let lines = Collected<String>()
        let container = Container(name: "loads", logger: PrintLogger(minimumLevel: .debug) { lines.append($0) })
        container.register(scope: .singleton) { () async -> Service in Service() }
        let firstLine = #line + 1
        _ = try await container.load(Service.self)
        let settledLine = #line + 1
        _ = try await container.load(Service.self)
        let failedLine = #line + 1
        _ = try? await container.load(Int.self)
        let file = "LoomCoreTests/LoggingTests.swift"
        #expect(lines.all.contains("debug \(file):\(firstLine) Loaded Type[Service] from Container(loads)"))
        #expect(lines.all.contains("debug \(file):\(settledLine) Loaded Type[Service] from Container(loads)"))
        #expect(
            lines.all.contains {
                $0.hasPrefix("debug \(file):\(failedLine) Loading Type[Int] from Container(loads) failed")
            })
    }

    @Test func containerEventsAreLoggedWithTheCallersFileAndLine() throws {
        let lines = Collected<String>()
        let container = Container(name: "events", logger: PrintLogger(minimumLevel: .debug) { lines.append($0) })
        let registrationLine = #line + 1
        container.register { Service() }
        let resolutionLine = #line + 1
        _ = try container.resolve(Service.self)
        let cleanupLine = #line + 1
        container.cleanup()
        let file = "LoomCoreTests/LoggingTests.swift"
        #expect(
            lines.all.contains(
                "debug \(file):\(registrationLine) Registered Type[Service] in Container(events), scope instance"))
        #expect(lines.all.contains("debug \(file):\(resolutionLine) Resolved Type[Service] from Container(events)"))
        #expect(
            lines.all.contains("debug \(file):\(cleanupLine) Cleaned up Container(events): removed 1 registration(s)"))
        #expect(lines.all.contains { $0.hasPrefix("debug \(file):") && $0.contains("Created Container(events)") })
    }

    @Test func filteredEventsNeverBuildTheirMessage() {
        let built = Counter()
        func expensive() -> String {
            built.increment()
            return "expensive"
        }
        DisabledLogger().log(expensive(), level: .error, file: #fileID, function: #function, line: #line)
        LogTarget(PrintLogger(minimumLevel: .warning) { _ in }).log(.debug, expensive(), file: #fileID, line: #line)
        LogTarget(DisabledLogger()).log(.warning, expensive(), file: #fileID, line: #line)
        #expect(built.value == 0)
        LogTarget(PrintLogger(minimumLevel: .warning) { _ in }).log(.error, expensive(), file: #fileID, line: #line)
        #expect(built.value == 1)
    }

    @Test func aDisabledLoggerPrintsNothingForAContainersEvents() async {
        // Events at every level, the locked container's `.error` included: with the container's own DisabledLogger
        // nothing reaches the global logger (a printing one here) or the process's output.
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            LoomConfiguration.logger = PrintLogger(minimumLevel: .trace)
            let container = Container(logger: DisabledLogger())
            container.register { Service() }
            container.register { Service() }
            _ = try? container.resolve(Service.self)
            _ = try? container.resolve(OtherService.self)
            container.lock()
            container.register { OtherService() }
            #expect(container.registrationCount == 1)
            container.cleanup()
        }
        #expect(result?.standardOutputContent.isEmpty == true)
        #expect(result?.standardErrorContent.isEmpty == true)
    }

    @Test func customLoggersGetDefaultMinimumLevelAndDie() {
        struct Minimal: LoomLogger {
            func log(
                _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
                line: UInt
            ) {}
        }
        #expect(Minimal().minimumLevel == .trace)
    }

    @Test func dieOfThePrintLoggerStopsTheProcessWithTheMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            PrintLogger().die("InjectionError: boom. Recovery: none", file: "App/Main.swift", function: "f()", line: 3)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("error App/Main.swift:3 InjectionError: boom. Recovery: none"))
    }

    @Test func dieOfTheDisabledLoggerStillStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            DisabledLogger().die("stop", file: #fileID, function: #function, line: #line)
        }
    }

    @Test func logLevelsAreOrdered() {
        #expect(LoomLogLevel.allCases == LoomLogLevel.allCases.sorted())
        #expect(LoomLogLevel.trace < .error)
        #expect(LoomLogLevel.warning.description == "warning")
    }
}
