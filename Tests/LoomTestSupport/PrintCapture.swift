/// Collects what documentation snippets print, so a test can assert the output the article shows.
///
/// A test file that compiles an article's snippets shadows `print` for itself and forwards to ``record(_:separator:)``:
///
/// ```swift
/// private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
///     PrintCapture.record(items, separator: separator)
/// }
///
/// let lines = PrintCapture.lines { print("hello") }    // ["hello"]
/// ```
///
/// The capture is task-local, so tests running in parallel each see their own lines. Outside a capture the line goes
/// to standard output as usual.
public enum PrintCapture {
    @TaskLocal private static var current: Collected<String>?

    /// Runs `body` and returns the lines it printed through ``record(_:separator:)``.
    ///
    /// - Parameter body: The code whose output to capture.
    /// - Returns: One element per `print` call, without the terminator.
    /// - Throws: Whatever `body` throws.
    public static func lines(of body: () throws -> Void) rethrows -> [String] {
        let collected = Collected<String>()
        try $current.withValue(collected, operation: body)
        return collected.all
    }

    /// Runs `body` and returns the lines it printed through ``record(_:separator:)``, keeping the caller's isolation.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, inherited.
    ///   - body: The code whose output to capture.
    /// - Returns: One element per `print` call, without the terminator.
    /// - Throws: Whatever `body` throws.
    public static func lines(
        isolation: isolated (any Actor)? = #isolation,
        of body: () async throws -> Void
    ) async rethrows -> [String] {
        let collected = Collected<String>()
        try await $current.withValue(collected, operation: body, isolation: isolation)
        return collected.all
    }

    /// Records one printed line in the current capture, or prints it when nothing is capturing.
    ///
    /// - Parameters:
    ///   - items: What was passed to `print`.
    ///   - separator: The separator passed to `print`.
    public static func record(_ items: [Any], separator: String = " ") {
        let line = items.map { String(describing: $0) }.joined(separator: separator)
        if let current {
            current.append(line)
        } else {
            Swift.print(line)
        }
    }
}
