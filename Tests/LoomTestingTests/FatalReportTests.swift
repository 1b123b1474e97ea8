import Loom
import LoomTesting
import Testing

// Asserting that code reports a fatal injection error: the report stops the process, so the code runs in an exit
// test, and the test reads what the child process printed.

@Suite struct FatalReportTests {
    @Test func aMissingInjectedDependencyStopsWithItsFileAndLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            withTestDependencies { _ in
            } operation: {
                _ = GreetingClient().greeter
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Fixtures.swift"))
        #expect(output.contains("No registration found for Type[Greeter]"))
    }

    @Test func theCapturingLoggerKeepsMessages() {
        let logger = CapturingLogger(minimumLevel: .info)
        logger.log("ignored", level: .debug, file: #fileID, function: #function, line: #line)
        logger.log("kept", level: .error, file: #fileID, function: #function, line: #line)
        #expect(logger.messages(at: .error) == ["kept"])
        #expect(logger.entries.count == 1)
        #expect(logger.entries.first?.file == "LoomTestingTests/FatalReportTests.swift")
        logger.removeAll()
        #expect(logger.entries.isEmpty)
    }
}
