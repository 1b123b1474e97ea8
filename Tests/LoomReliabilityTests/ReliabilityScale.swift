import Foundation

/// How much work each reliability test does, so the whole target fits CI's time on a 2-core machine.
///
/// ThreadSanitizer slows Loom's code 5–15×; under it the iteration counts shrink, never the stress duration (two
/// seconds: Documentation/Design/reliability-targets.md#stress). Environment variables override the defaults for
/// local runs:
/// `LOOM_STRESS_SECONDS` (stress duration), `LOOM_RELIABILITY_GRAPHS` (graphs per random-graph test),
/// `LOOM_RELIABILITY_GRAPH` (run only that graph index, to replay a failure), `LOOM_UNDER_TSAN` (force the reduced
/// counts), `LOOM_RELIABILITY_IN_PROCESS` (no child processes).
enum ReliabilityScale {
    private static let environment = ProcessInfo.processInfo.environment

    /// Whether the test binary runs under ThreadSanitizer: `LOOM_UNDER_TSAN` is set, or the TSan runtime is linked
    /// in (so `swift test --sanitize=thread` scales down without anyone remembering to set the variable).
    static let isUnderThreadSanitizer: Bool = {
        if environment["LOOM_UNDER_TSAN"] != nil { return true }
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(process) }
        return dlsym(process, "__tsan_init") != nil
    }()

    /// Whether the tests that normally run in a child process (an exit test) run in the test process instead.
    ///
    /// Set `LOOM_RELIABILITY_IN_PROCESS` so a crash prints its message and backtrace. Only for replaying one test
    /// alone: in process, other suites' changes to process-wide settings can reach it.
    static let runsInProcess = environment["LOOM_RELIABILITY_IN_PROCESS"] != nil

    /// How long the stress test runs.
    static let stressDuration: Duration = {
        let seconds = environment["LOOM_STRESS_SECONDS"].flatMap(Double.init) ?? 2
        return .milliseconds(Int(max(seconds, 0.1) * 1_000))
    }()

    /// How many graphs each random-graph test generates.
    static func graphCount(normally: Int, underThreadSanitizer: Int) -> Int {
        if let count = environment["LOOM_RELIABILITY_GRAPHS"].flatMap(Int.init) { return count }
        return isUnderThreadSanitizer ? underThreadSanitizer : normally
    }

    /// The graph indexes a random-graph test visits: all of them, or only `LOOM_RELIABILITY_GRAPH` when replaying.
    static func graphIndexes(count: Int) -> [Int] {
        if let only = environment["LOOM_RELIABILITY_GRAPH"].flatMap(Int.init) { return [only] }
        return Array(0..<count)
    }
}
