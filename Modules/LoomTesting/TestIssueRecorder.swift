internal import LoomCore

#if canImport(Testing)
    internal import Testing
#endif
#if canImport(XCTest)
    internal import XCTest
#endif

/// Records Loom's test issues (an unimplemented dependency resolved, a live one reached in a strict scope) against
/// the test that caused them.
///
/// Installed in `LoomCore` the first time a trait of this module, `withTestDependencies` or a `LoomTestCase` runs; from
/// then on, for the whole process. A Swift Testing test gets `Issue.record` at the resolving line; a `LoomTestCase`
/// test gets `XCTFail` there. Work running outside any test (a detached task that outlives its test) records nothing.
enum TestIssueRecorder {
    /// Whether the current task runs a `LoomTestCase` test (XCTest has no current-test API on every platform).
    @TaskLocal static var runningTestCase = false

    /// Installs the recorder in `LoomCore`, once per process, and notes that tests run here.
    static func install() {
        _ = installed
    }

    private static let installed: Void = {
        RunMode.markTestsRunning()
        TestIssues.install(record)
    }()

    private static func record(_ message: String, fileID: StaticString, line: UInt) -> Bool {
        #if canImport(Testing)
            if Test.current != nil {
                let fileIDText = "\(fileID)"
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(
                        fileID: fileIDText, filePath: fileIDText, line: Int(line), column: 1))
                return true
            }
        #endif
        #if canImport(XCTest)
            if runningTestCase {
                XCTFail(message, file: fileID, line: line)
                return true
            }
        #endif
        return false
    }
}
