internal import LoomRuntimeShims

/// Whether code runs on the process's main thread — where the main actor runs its jobs, one at a time — and calls
/// into main-actor code from there.
///
/// ```swift
/// if MainThread.isCurrent {
///     let model = MainThread.callAssumingMainActor { ProfileViewModel() }
/// }
/// ```
package enum MainThread {
    /// Whether the calling thread is the main thread (asked once per thread, then read from its state).
    package static var isCurrent: Bool {
        let words = ThreadState.currentWords
        if words[11] == 0 { words[11] = loom_is_main_thread() == 1 ? 1 : 2 }
        return words[11] == 1
    }

    /// Calls a main-actor function synchronously, from code known to run on the main thread.
    ///
    /// The main actor runs its jobs on the main thread, one at a time, so nothing else touches main-actor state while
    /// the calling thread — the main thread — is busy here. This is what `MainActor.assumeIsolated` does after its
    /// own check, without requiring a `Sendable` result: the result stays on the main thread with its caller.
    ///
    /// - Precondition: ``isCurrent``.
    package static func callAssumingMainActor<Result>(_ operation: @MainActor () throws -> Result) rethrows
        -> Result
    {
        precondition(isCurrent, "callAssumingMainActor off the main thread")
        typealias Isolated = @MainActor () throws -> Result
        typealias Nonisolated = () throws -> Result
        return try withoutActuallyEscaping(operation) { (function: @escaping Isolated) throws -> Result in
            // A global-actor-isolated function has the same representation as a nonisolated one.
            try unsafeBitCast(function, to: Nonisolated.self)()
        }
    }
}
