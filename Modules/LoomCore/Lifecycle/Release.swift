internal import LoomRuntime

/// Runs release hooks: in order (dependents first), never under a Loom lock, each exactly once — the caller took the
/// instances out of their caches with an atomic exchange, so no two callers hold the same one.
package enum Release {
    /// How long ``Container/shutdown(hookTimeout:fileID:line:)`` waits for one `async` hook by default.
    package static let defaultHookTimeout: Duration = .seconds(30)

    /// Runs `releases` for a synchronous trigger (a reset, a deactivation, the end of a synchronous scope).
    ///
    /// Synchronous hooks run now, in order, until the first `async` hook; that hook and every one after it run in a
    /// task, in order, which ``awaitPendingReleases()`` (and so `shutdown()`) waits for. Failures are logged at
    /// `.error`: a synchronous trigger has no one to throw them to.
    package static func run(_ releases: consuming [PendingRelease]) {
        guard !releases.isEmpty else { return }
        // Consumed, so the sort reorders the caller's array in place instead of copying it.
        var ordered = releases
        if ordered.count > 1 { ordered.sort { $0.box.releasesBefore($1.box) } }
        var index = ordered.startIndex
        while index < ordered.endIndex, ordered[index].releaser.releaseSynchronously(ordered[index].box) {
            index += 1
        }
        guard index < ordered.endIndex else { return }
        start(Array(ordered[index...]))
    }

    /// Runs `releases` in order, awaiting each `async` hook for at most `hookTimeout`; returns the failures.
    ///
    /// Every hook runs, whatever the others do. A hook that does not finish in time is reported and left running.
    package static func perform(_ releases: [PendingRelease], hookTimeout: Duration) async -> [ReleaseError.Failure] {
        let ordered = releases.sorted { $0.box.releasesBefore($1.box) }
        var failures: [ReleaseError.Failure] = []
        for release in ordered {
            let reason: ReleaseError.Failure.Reason?
            switch release.releaser.hook {
            case .synchronous(let hook):
                do {
                    try hook(release.box)
                    reason = nil
                } catch {
                    reason = .threw(error)
                }
            case .asynchronous:
                reason = await runAsynchronous(release, limit: hookTimeout)
            }
            if let reason {
                failures.append(ReleaseError.Failure(registration: release.releaser.registration, reason: reason))
            }
        }
        return failures
    }

    // MARK: Releases in progress

    /// Releases in progress — started by synchronous triggers, or a `shutdown()` running its hooks — by serial.
    private static let pending = LoomLock<[UInt: Task<[ReleaseError.Failure], Never>]>([:])
    private static let serials = AtomicCounter()

    /// The releases in progress that the current task runs inside (a hook that shuts another container down must
    /// not wait for the release that runs it).
    @TaskLocal private static var enclosing: Set<UInt> = []

    private static func start(_ releases: [PendingRelease]) {
        track {
            let targets = Dictionary(
                releases.map { ($0.releaser.registration, $0.releaser.logTarget) },
                uniquingKeysWith: { first, _ in first })
            for failure in await perform(releases, hookTimeout: defaultHookTimeout) {
                report(failure, to: targets[failure.registration] ?? LogTarget(nil))
            }
            return []
        }
    }

    /// Runs `releases` as ``perform(_:hookTimeout:)`` does, as a release in progress that every
    /// ``awaitPendingReleases()`` waits for: a second `shutdown()` returns only once the first one's hooks finished.
    package static func performTracked(_ releases: [PendingRelease], hookTimeout: Duration) async
        -> [ReleaseError.Failure]
    {
        guard !releases.isEmpty else { return [] }
        return await track { await perform(releases, hookTimeout: hookTimeout) }.value
    }

    /// Runs `work` in a task registered as a release in progress until it ends.
    @discardableResult
    private static func track(_ work: @escaping @Sendable () async -> [ReleaseError.Failure])
        -> Task<[ReleaseError.Failure], Never>
    {
        let serial = serials.increment()
        let inside = enclosing.union([serial])
        return pending.withLock { tasks in
            // Stored under the lock before the task can remove itself.
            let task = Task {
                let failures = await $enclosing.withValue(inside) { await work() }
                _ = pending.withLock { $0.removeValue(forKey: serial) }
                return failures
            }
            tasks[serial] = task
            return task
        }
    }

    /// Waits until every release in progress (and any started meanwhile) has finished, except those the caller runs
    /// inside.
    package static func awaitPendingReleases() async {
        let skipped = enclosing
        while let (serial, task) = pending.withLock({ tasks in tasks.first { !skipped.contains($0.key) } }) {
            _ = await task.value
            // The task removes itself; a task that finished between the two steps is removed here.
            _ = pending.withLock { $0.removeValue(forKey: serial) }
        }
    }

    package static func report(_ failure: ReleaseError.Failure, to logTarget: LogTarget) {
        logTarget.log(.error, "Release failed: \(failure)", file: #fileID, line: #line)
    }

    // MARK: Timeouts

    /// Runs one `async` hook in its own task and waits for it at most `limit`.
    private static func runAsynchronous(_ release: PendingRelease, limit: Duration) async
        -> ReleaseError.Failure.Reason?
    {
        guard case .asynchronous(let hook) = release.releaser.hook else { return nil }
        let gate = OutcomeGate()
        // Unstructured on purpose: a hook that never returns must not keep the caller waiting once it timed out.
        Task { [release] in
            do {
                try await hook(release.box)
                gate.resolve(nil)
            } catch {
                gate.resolve(.threw(error))
            }
        }
        let timer = Task {
            // A cancelled sleep (the hook finished) resolves nothing: the gate is settled already.
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            gate.resolve(.timedOut(limit))
        }
        let outcome = await withCheckedContinuation { gate.wait($0) }
        timer.cancel()
        return outcome
    }
}

/// The first outcome of a hook racing its timeout, handed to the one waiter.
private final class OutcomeGate: Sendable {
    private struct State {
        var outcome: ReleaseError.Failure.Reason??
        var waiter: CheckedContinuation<ReleaseError.Failure.Reason?, Never>?
    }
    private let state = LoomLock(State())

    func resolve(_ outcome: ReleaseError.Failure.Reason?) {
        let waiter = state.withLock { state -> CheckedContinuation<ReleaseError.Failure.Reason?, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = .some(outcome)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    func wait(_ continuation: CheckedContinuation<ReleaseError.Failure.Reason?, Never>) {
        let outcome = state.withLock { state -> ReleaseError.Failure.Reason?? in
            if let outcome = state.outcome { return .some(outcome) }
            state.waiter = continuation
            return nil
        }
        if let outcome { continuation.resume(returning: outcome) }
    }
}
