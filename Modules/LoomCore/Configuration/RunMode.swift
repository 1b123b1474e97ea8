internal import LoomRuntime

/// What the process (or the current task) is running as: the app itself, its tests, or an Xcode preview.
///
/// A registration can carry a factory per run mode (`Dependency { … }.test { … }.preview { … }`, or
/// `register(for: .test)`); resolution uses the current mode's factory, else the live one.
///
/// The current mode is, in order: the task's (``withRunMode(_:operation:)``, or the `.runMode(_:)` test trait in
/// `LoomTesting`), the `LOOM_RUN_MODE` environment variable (`live`, `test` or `preview`), then what the process
/// looks like: Xcode previews set `XCODE_RUNNING_FOR_PREVIEWS=1`, and a process running XCTest or Swift Testing
/// (or one that used `LoomTesting`'s traits or `withTestDependencies`) is `test`. Anything else is `live`.
///
/// ```swift
/// Dependency { () -> any Weather in LiveWeather() }
///     .test { FailingWeather() }
///     .preview { StubWeather(sunny: true) }
/// if RunMode.current == .preview { … }
/// ```
public enum RunMode: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The app itself: the factories registered without a mode.
    case live
    /// Tests: a registration's `test` factory, if it has one.
    case test
    /// Xcode previews (or `LOOM_RUN_MODE=preview`): a registration's `preview` factory, if it has one.
    case preview

    /// The name, as `LOOM_RUN_MODE` spells it.
    ///
    /// ```swift
    /// print(RunMode.preview)   // preview
    /// ```
    public var description: String { rawValue }

    /// The current task's run mode: its own (``withRunMode(_:operation:)``) or else the process's.
    ///
    /// Read when a registration with per-mode factories resolves; registrations without them never read it.
    ///
    /// ```swift
    /// withRunMode(.preview) { RunMode.current }   // .preview
    /// ```
    public static var current: RunMode {
        ResolutionContext.current?.runMode ?? process
    }

    /// The process's run mode, from `LOOM_RUN_MODE` or detected; the same for every task.
    ///
    /// ```swift
    /// if RunMode.process == .test { … }
    /// ```
    public static var process: RunMode {
        if testsMarked.value != 0, detected == .live, ProcessEnvironment.value(variableName) == nil { return .test }
        return detected
    }

    /// The environment variable that sets the process's run mode.
    package static let variableName = "LOOM_RUN_MODE"

    /// Detected once: the environment and the command line do not change while the process runs.
    private static let detected = detect(
        environment: ProcessEnvironment.value, arguments: CommandLine.arguments)

    /// Set by `LoomTesting` when one of its traits or `withTestDependencies` runs: a test runner this detection does
    /// not recognise is still a test process.
    private static let testsMarked = AtomicCounter(0)

    /// Records that tests run in this process (`LoomTesting` calls it).
    package static func markTestsRunning() {
        if testsMarked.value == 0 { testsMarked.store(1) }
    }

    /// The run mode a process with this environment and command line has.
    ///
    /// `LOOM_RUN_MODE` wins (an unknown value is ignored); then Xcode previews; then a test runner: XCTest's bundle
    /// (`….xctest`, or Xcode's `XCTest…` variables) or Swift Testing's helper.
    package static func detect(environment: (String) -> String?, arguments: [String]) -> RunMode {
        if let value = environment(variableName), let mode = RunMode(rawValue: value.lowercased()) { return mode }
        if environment("XCODE_RUNNING_FOR_PREVIEWS") == "1" { return .preview }
        let xcodeTestVariables = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
        if xcodeTestVariables.contains(where: { environment($0) != nil }) { return .test }
        let runsTests = arguments.contains { argument in
            let name = argument.split(separator: "/").last.map(String.init) ?? argument
            return name.hasSuffix(".xctest") || name == "swiftpm-testing-helper" || name == "xctest"
        }
        return runsTests ? .test : .live
    }
}

/// Runs `operation` with `mode` as the current task's run mode.
///
/// Child tasks inherit it; other tasks — a parallel test among them — never see it. Registrations with a factory
/// for `mode` resolve to it inside `operation`.
///
/// ```swift
/// let weather = withRunMode(.preview) { try container.resolve((any Weather).self) }   // the preview factory's
/// ```
/// - Parameters:
///   - mode: The run mode inside `operation`.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withRunMode<R>(_ mode: RunMode, operation: () throws -> R) rethrows -> R {
    try ResolutionContext.with({ $0.runMode = mode }, operation: operation)
}

/// Runs async `operation` with `mode` as the current task's run mode, on the caller's executor.
///
/// ```swift
/// let weather = try await withRunMode(.preview) { try await container.load((any Weather).self) }
/// ```
/// - Parameters:
///   - mode: The run mode inside `operation`.
///   - isolation: The caller's isolation, kept for `operation`; inferred.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withRunMode<R>(
    _ mode: RunMode, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
) async rethrows -> R {
    try await ResolutionContext.with({ $0.runMode = mode }, isolation: isolation, operation: operation)
}
