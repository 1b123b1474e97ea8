internal import Dispatch
internal import LoomRuntimeShims

/// Whether code runs where the main actor runs its jobs, one at a time — the process's main thread, or a thread
/// draining the main dispatch queue — and calls into main-actor code from there.
///
/// ```swift
/// if MainThread.isCurrent {
///     let model = MainThread.callAssumingMainActor { ProfileViewModel() }
/// }
/// ```
package enum MainThread {
    /// Whether the calling code runs on the main actor's executor: on the main thread, or inside a job of the main
    /// dispatch queue (where the main actor enqueues its jobs).
    ///
    /// The second case matters once a program parks its main thread in `dispatchMain()` — as command-line tools and
    /// test runners on Linux do —: the main queue, and with it the main actor, is then drained by a worker thread.
    /// Swift offers no public check that does not trap, so the main queue carries a marker that
    /// `dispatch_get_specific` finds only inside its jobs. Whether a thread is the main thread is asked once per
    /// thread, then read from its state; the marker is looked up each time (a worker drains other queues too), through
    /// the C call: `DispatchQueue.getSpecific` retained and released the key around it, half the check's cost.
    package static var isCurrent: Bool {
        let words = ThreadState.currentWords
        if words[11] == 0 { words[11] = loom_is_main_thread() == 1 ? 1 : 2 }
        return words[11] == 1 || loom_queue_has_specific(mainQueueMarker) == 1
    }

    /// The C key of the marker the main queue carries, set on first use.
    ///
    /// Dispatch's Swift API keys a queue's values by the key object's address, which is therefore the C key; the key
    /// is kept for the process's life. `MainThreadTests.aJobOnTheMainQueueCounts` fails if that stops being so.
    private static let mainQueueMarker: UInt = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return UInt(bitPattern: Unmanaged.passRetained(key).toOpaque())
    }()

    /// Calls a main-actor function synchronously, from code known to run on the main actor's executor.
    ///
    /// The main actor runs its jobs one at a time where ``isCurrent`` holds, so nothing else touches main-actor state
    /// while the calling thread is busy here. This is what `MainActor.assumeIsolated` does after its
    /// own check, without requiring a `Sendable` result: the result stays on the main thread with its caller.
    ///
    /// - Precondition: ``isCurrent``.
    package static func callAssumingMainActor<Result>(_ operation: @MainActor () throws -> Result) rethrows
        -> Result
    {
        precondition(isCurrent, "callAssumingMainActor off the main actor's executor")
        typealias Isolated = @MainActor () throws -> Result
        typealias Nonisolated = () throws -> Result
        return try withoutActuallyEscaping(operation) { (function: @escaping Isolated) throws -> Result in
            // A global-actor-isolated function has the same representation as a nonisolated one.
            try unsafeBitCast(function, to: Nonisolated.self)()
        }
    }
}
