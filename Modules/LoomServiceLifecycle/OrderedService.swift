internal import LoomRuntime
internal import ServiceLifecycle

/// A service of ``DependencyServices`` in a group: its `run()` starts once each service it depends on has started
/// — run up to the first point where its `run()` suspends (typically: set up, now waiting for work or a shutdown), or
/// returned, without throwing.
///
/// swift-service-lifecycle starts every service's task at once, so array order alone does not order the calls to
/// `run()`; this does. A dependency whose `run()` throws before it suspends has failed to start: its dependents never
/// run (they end without starting, and the group reports the dependency's error). A cancellation that comes while it
/// still waits ends it without running the service. A graceful shutdown does not: every service of the group still
/// runs (and sees the shutdown), as swift-service-lifecycle runs every service of a group shut down before it
/// started.
struct OrderedService: Service, CustomStringConvertible {
    let service: any Service
    let name: String
    /// Opened when this service has started (or gave up waiting).
    let started: StartSignal
    let waitsFor: [StartSignal]

    func run() async throws {
        var ready = true
        for signal in waitsFor where ready {
            ready = await signal.wait()
        }
        guard ready else {
            // A dependency failed to start, or this task was cancelled while waiting: never started, so neither are
            // the services waiting for this one.
            started.fail()
            return
        }
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                let failedToStart = LoomLock(false)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // An immediate child task runs `run()` on this thread up to its first suspension before
                    // `addImmediateTask` returns: the service has started (or failed to) when its dependents are let
                    // go (or told).
                    group.addImmediateTask {
                        do {
                            try await service.run()
                        } catch {
                            failedToStart.withLock { $0 = true }
                            throw error
                        }
                    }
                    if failedToStart.withLock({ $0 }) {
                        started.fail()
                    } else {
                        started.open()
                    }
                    try await group.waitForAll()
                }
                return
            }
        #endif
        // Without immediate tasks, the dependents are let go as this service's `run()` is called.
        started.open()
        try await service.run()
    }

    var description: String { name }
}

/// A one-shot signal that tasks wait for: opened (`true` to every waiter) or failed (`false`) once; a waiter gives
/// up when its task is cancelled.
final class StartSignal: Sendable {
    private struct State {
        /// `true` once opened, `false` once failed; `nil` before either.
        var outcome: Bool?
        var nextWaiter: UInt = 0
        var waiters: [UInt: CheckedContinuation<Bool, Never>] = [:]
        /// Waiters that gave up before they began to wait.
        var abandoned: Set<UInt> = []
    }

    private let state = LoomLock(State())

    /// Opens the signal: every waiter, present and future, resumes with `true`.
    func open() { settle(true) }

    /// Fails the signal: every waiter, present and future, resumes with `false`.
    func fail() { settle(false) }

    private func settle(_ outcome: Bool) {
        let waiters = state.withLock { state -> Dictionary<UInt, CheckedContinuation<Bool, Never>>.Values? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters ?? [:].values { waiter.resume(returning: outcome) }
    }

    /// Waits until the signal opens (`true`), or fails or the task is cancelled first (`false`).
    func wait() async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow: Bool? = state.withLock { state in
                    if let outcome = state.outcome { return outcome }
                    if state.abandoned.contains(id) { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            self.abandon(id)
        }
    }

    private func abandon(_ id: UInt) {
        let waiter = state.withLock { state in
            let waiter = state.waiters.removeValue(forKey: id)
            if waiter == nil { state.abandoned.insert(id) }
            return waiter
        }
        waiter?.resume(returning: false)
    }
}
