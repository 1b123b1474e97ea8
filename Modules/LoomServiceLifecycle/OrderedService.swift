internal import LoomRuntime
internal import ServiceLifecycle

/// A service of ``DependencyServices`` in a group: its `run()` starts once each service it depends on has started
/// — run up to the first point where its `run()` suspends (typically: set up, now waiting for work or a shutdown), or
/// returned.
///
/// swift-service-lifecycle starts every service's task at once, so array order alone does not order the calls to
/// `run()`; this does. A cancellation that comes while it still waits ends it without running the service. A graceful
/// shutdown does not: every service of the group still runs (and sees the shutdown), as swift-service-lifecycle runs
/// every service of a group shut down before it started.
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
            started.open()
            return
        }
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // An immediate child task runs `run()` on this thread up to its first suspension before
                    // `addImmediateTask` returns: the service has started when its dependents are let go.
                    group.addImmediateTask { try await service.run() }
                    started.open()
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

/// A one-shot signal that tasks wait for: opened once; a waiter gives up when its task is cancelled.
final class StartSignal: Sendable {
    private struct State {
        var isOpen = false
        var nextWaiter: UInt = 0
        var waiters: [UInt: CheckedContinuation<Bool, Never>] = [:]
        /// Waiters that gave up before they began to wait.
        var abandoned: Set<UInt> = []
    }

    private let state = LoomLock(State())

    /// Opens the signal: every waiter, present and future, resumes with `true`.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Waits until the signal opens (`true`) or the task is cancelled first (`false`).
    func wait() async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow: Bool? = state.withLock { state in
                    if state.isOpen { return true }
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
