/// Where resolvers wait while another construction flow builds a cached instance they need.
///
/// One process-wide mutex and condition variable: construction races are rare and short, so a broadcast to every
/// waiter is cheaper than per-slot condition variables. The mutex also guards the set of waiting flows and each one's
/// `waitingFor`, which turns "flow A waits for a slot flow B builds, while B (or work B awaits) waits for a slot A
/// builds" into a cycle error instead of a deadlock.
package enum ConstructionGate {
    /// The mutex and condition variable, and the suspended (asynchronous) waiters they guard.
    private final class Waiting: @unchecked Sendable {
        // `suspended` and `flows` are only read or written with `condition`'s mutex held.
        let condition = PlatformCondition()
        var suspended: [UInt: UnsafeContinuation<Void, any Error>] = [:]
        /// The flows blocked or suspended on a slot, by identity; each one's `waitingFor` names the slot.
        var flows: [UInt: ConstructionFlow] = [:]

        func beginWaiting(_ flow: ConstructionFlow, for slot: OnceSlot) {
            flow.waitingFor = slot
            flows[flow.bits] = flow
        }

        func endWaiting(_ flow: ConstructionFlow, for slot: OnceSlot) {
            guard flow.waitingFor === slot else { return }
            flow.waitingFor = nil
            flows[flow.bits] = nil
        }
    }

    private static let waiting = Waiting()
    private static var condition: PlatformCondition { waiting.condition }
    /// Waiting resolvers, blocked or suspended; lets builders skip the broadcast when nobody waits.
    private static let waiters = AtomicCounter()
    private static let tokens = AtomicCounter()

    /// Whether `flow` is recorded as waiting for a slot (blocked or suspended).
    package static func isWaiting(_ flow: ConstructionFlow) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return waiting.flows[flow.bits] === flow
    }

    /// How many flows are waiting for a slot right now, blocked or suspended: what a test waits for to know that
    /// its resolvers really overlap a construction.
    package static var waitingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting.flows.count
    }

    /// Wakes every waiter so it can re-check its slot.
    static func wakeWaiters() {
        // Pairs with the fence in `waitWhileBuilding`: either this sees the waiter, or the waiter sees the release.
        atomicFenceSequentiallyConsistent()
        guard waiters.acquire != 0 else { return }
        condition.lock()
        condition.broadcast()
        let resumed = waiting.suspended
        waiting.suspended = [:]
        condition.unlock()
        for continuation in resumed.values { continuation.resume() }
    }

    /// Suspends until `slot` is no longer being built by the flow that built it when this call started, without
    /// blocking a thread.
    ///
    /// - Returns: `false` without waiting when waiting would deadlock (the builder is, transitively, waiting for the
    ///   caller's flow); the caller reports a dependency cycle.
    /// - Throws: `CancellationError` when the calling task is cancelled while it waits (the construction goes on).
    nonisolated(nonsending) static func awaitWhileBuilding(
        _ slot: OnceSlot, by builder: UInt, as waiter: ConstructionFlow
    ) async throws
        -> Bool
    {
        let token = tokens.increment()
        waiters.increment()
        atomicFenceSequentiallyConsistent()
        defer { waiters.decrement() }
        // Also when the wait ends by cancellation (the handler resumes with an error): a waiting record left behind
        // would keep the flow and the slot alive for good, and mislead later deadlock checks.
        defer {
            condition.lock()
            waiting.endWaiting(waiter, for: slot)
            condition.unlock()
        }
        var deadlock = false
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                condition.lock()
                if wouldDeadlock(waitingFor: slot, as: waiter) {
                    deadlock = true
                    condition.unlock()
                    continuation.resume()
                    return
                }
                guard slot.builderBits == builder, !Task.isCancelled else {
                    condition.unlock()
                    continuation.resume()
                    return
                }
                waiting.beginWaiting(waiter, for: slot)
                waiting.suspended[token] = continuation
                condition.unlock()
            }
        } onCancel: {
            condition.lock()
            let continuation = waiting.suspended.removeValue(forKey: token)
            condition.unlock()
            continuation?.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
        return !deadlock
    }

    /// Blocks until `slot` is no longer being built by the flow that built it when this call started.
    ///
    /// - Returns: `false` without waiting when waiting would deadlock (the builder is, transitively, waiting for the
    ///   caller's flow); the caller reports a dependency cycle.
    static func waitWhileBuilding(_ slot: OnceSlot, by builder: UInt, as waiter: ConstructionFlow) -> Bool {
        waiters.increment()
        atomicFenceSequentiallyConsistent()
        defer { waiters.decrement() }
        condition.lock()
        defer { condition.unlock() }
        if wouldDeadlock(waitingFor: slot, as: waiter) { return false }
        waiting.beginWaiting(waiter, for: slot)
        while slot.builderBits == builder {
            condition.wait()
        }
        waiting.endWaiting(waiter, for: slot)
        return true
    }

    /// Whether `waiter` waiting for `slot` would close a wait cycle.
    ///
    /// That is when the slot's builder is, transitively, waiting for the waiter or for a construction the waiter
    /// continues. Call with the mutex held.
    ///
    /// A builder waits for a slot itself, or through work that continues its construction (a child flow: another
    /// thread or task it awaits), so each step follows every waiting flow that continues the builder. Only identities
    /// are compared: a builder's flow is never dereferenced, and the waiting flows are kept alive by `flows`.
    private static func wouldDeadlock(waitingFor slot: OnceSlot, as waiter: ConstructionFlow) -> Bool {
        var builders = [slot.builderBits]
        var visited: Set<UInt> = []
        while let builder = builders.popLast() {
            guard builder != 0, visited.insert(builder).inserted else { continue }
            if waiter.continues(builder) { return true }
            for flow in waiting.flows.values where flow.continues(builder) {
                if let blocking = flow.waitingFor { builders.append(blocking.builderBits) }
            }
        }
        return false
    }
}
