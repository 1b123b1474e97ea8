internal import LoomRuntime

/// Where a test issue goes: the test that is running, through the recorder `LoomTesting` installs.
///
/// `LoomCore` does not import a test framework. `LoomTesting` installs a recorder the first time one of its traits,
/// `withTestDependencies` or `LoomTestCase` runs; it records through Swift Testing's `Issue.record` in a Swift
/// Testing test and `XCTFail` in a `LoomTestCase`. Until one is installed — a test that uses none of them, in a
/// process where no test did — nothing is recorded: the throwing APIs still throw the typed error, and a strict
/// test scope cannot exist.
package enum TestIssues {
    /// Records `message` at `fileID`:`line` against the running test; returns whether a test took it.
    package typealias Recorder = @Sendable (_ message: String, _ fileID: StaticString, _ line: UInt) -> Bool

    private static let recorder = LoomLock<Recorder?>(nil)

    /// Installs the recorder (once per process; later calls keep the first).
    package static func install(_ newRecorder: @escaping Recorder) {
        recorder.withLock { if $0 == nil { $0 = newRecorder } }
    }

    /// Records an issue against the running test, if a recorder is installed and a test is running.
    @discardableResult
    package static func record(_ message: String, fileID: StaticString, line: UInt) -> Bool {
        guard let recorder = recorder.withLock({ $0 }) else { return false }
        return recorder(message, fileID, line)
    }
}
