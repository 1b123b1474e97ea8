/// Where resolvers wait while another construction flow builds a cached instance they need.
///
/// One process-wide mutex and condition variable: construction races are rare and short, so a broadcast to every
/// waiter is cheaper than per-slot condition variables. The mutex also guards the set of waiting flows and each one's
/// `waitingFor`, which turns "flow A waits for a slot flow B builds, while B (or work B awaits) waits for a slot A
/// builds" into a cycle error instead of a deadlock.
///
/// A build that ends without publishing hands its outcome to the flows waiting for it (``Outcome``): its error, or
/// the instance its emptied slot could not keep. Waiting for a build means getting what it ended with — N waiters of
/// a factory that fails see one failure, not N builds in turn. A cancelled builder hands nothing over: its
/// cancellation is its own, and a waiter builds instead.
@usableFromInline
package enum ConstructionGate {
    /// What a build that did not publish hands to the flows that waited for it.
    @usableFromInline
    package enum Outcome: Sendable {
        /// The factory threw this error.
        case failed(any Error)
        /// The instance was built, but its slot was emptied or closed meanwhile, so it was not cached; the builder
        /// releases it.
        case built(InstanceBox)
    }

    /// How a wait ended.
    package enum WaitEnd: Sendable {
        /// The builder finished or gave up without handing anything over: look at the slot again.
        case ended
        /// The builder handed its outcome over.
        case handedOver(Outcome)
        /// Waiting would have closed a cycle of flows (the builder is, transitively, waiting for the caller).
        case deadlock
    }

    /// The mutex and condition variable, and the suspended (asynchronous) waiters they guard.
    private final class Waiting: @unchecked Sendable {
        // `suspended` and `flows` are only read or written with `condition`'s mutex held.
        let condition = PlatformCondition()
        var suspended: [UInt: UnsafeContinuation<Void, any Error>] = [:]
        /// The flows blocked or suspended on a slot, by identity; each one's `waitingFor` names the slot.
        var flows: [UInt: ConstructionFlow] = [:]

        func beginWaiting(_ flow: ConstructionFlow, for slot: OnceSlot) {
            flow.waitingFor = slot
            flow.handedOver = nil
            flows[flow.bits] = flow
        }

        /// Ends `flow`'s wait for `slot` and returns what its builder handed over, if anything.
        func endWaiting(_ flow: ConstructionFlow, for slot: OnceSlot) -> Outcome? {
            guard flow.waitingFor === slot else { return nil }
            flow.waitingFor = nil
            flows[flow.bits] = nil
            defer { flow.handedOver = nil }
            return flow.handedOver
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

    /// How many flows are waiting for `slot` right now, blocked or suspended: what a test waits for to know that its
    /// resolvers really overlap a construction.
    package static func waitingCount(for slot: OnceSlot) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting.flows.values.filter { $0.waitingFor === slot }.count
    }

    /// Wakes every waiter so it can re-check its slot.
    static func wakeWaiters() {
        // Pairs with the fence in `waitWhileBuilding`: either this sees the waiter, or the waiter sees the release.
        atomicFenceSequentiallyConsistent()
        guard waiters.value != 0 else { return }
        condition.lock()
        condition.broadcast()
        let resumed = waiting.suspended
        waiting.suspended = [:]
        condition.unlock()
        for continuation in resumed.values { continuation.resume() }
    }

    /// Ends the build of `slot` that did not publish: hands `outcome` to the flows waiting for it, stores `word` as
    /// the slot's builder word (giving up the claim), and wakes every waiter.
    ///
    /// The word is stored under the mutex, so a flow that starts waiting for this builder either gets the outcome or
    /// sees the claim given up.
    static func endBuild(of slot: OnceSlot, storing word: UInt, handingOver outcome: Outcome?) {
        guard let outcome else {
            slot.storeBuilderWord(word)
            return wakeWaiters()
        }
        condition.lock()
        for flow in waiting.flows.values where flow.waitingFor === slot { flow.handedOver = outcome }
        slot.storeBuilderWord(word)
        condition.broadcast()
        let resumed = waiting.suspended
        waiting.suspended = [:]
        condition.unlock()
        for continuation in resumed.values { continuation.resume() }
    }

    /// Suspends until `slot` is no longer being built by `builder` (a flow identity), without blocking a thread.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled while it waits (the construction goes on).
    nonisolated(nonsending) static func awaitWhileBuilding(
        _ slot: OnceSlot, by builder: UInt, as waiter: ConstructionFlow
    ) async throws -> WaitEnd {
        let token = tokens.increment()
        waiters.increment()
        atomicFenceSequentiallyConsistent()
        defer { waiters.decrement() }
        var deadlock = false
        do {
            try await withTaskCancellationHandler {
                try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                    condition.lock()
                    if wouldDeadlock(waitingFor: slot, as: waiter) {
                        deadlock = true
                        condition.unlock()
                        continuation.resume()
                        return
                    }
                    guard slot.builderIdentity == builder, !Task.isCancelled else {
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
        } catch {
            // Also when the wait ends by cancellation: a waiting record left behind would keep the flow and the
            // slot alive for good, and mislead later deadlock checks.
            condition.lock()
            _ = waiting.endWaiting(waiter, for: slot)
            condition.unlock()
            throw error
        }
        condition.lock()
        let outcome = waiting.endWaiting(waiter, for: slot)
        condition.unlock()
        try Task.checkCancellation()
        if deadlock { return .deadlock }
        return outcome.map(WaitEnd.handedOver) ?? .ended
    }

    /// Blocks until `slot` is no longer being built by `builder` (a flow identity).
    static func waitWhileBuilding(_ slot: OnceSlot, by builder: UInt, as waiter: ConstructionFlow) -> WaitEnd {
        waiters.increment()
        atomicFenceSequentiallyConsistent()
        defer { waiters.decrement() }
        condition.lock()
        defer { condition.unlock() }
        if wouldDeadlock(waitingFor: slot, as: waiter) { return .deadlock }
        waiting.beginWaiting(waiter, for: slot)
        while slot.builderIdentity == builder {
            condition.wait()
        }
        return waiting.endWaiting(waiter, for: slot).map(WaitEnd.handedOver) ?? .ended
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
        var builders = [slot.builderIdentity]
        var visited: Set<UInt> = []
        while let builder = builders.popLast() {
            guard builder != 0, visited.insert(builder).inserted else { continue }
            if waiter.continues(builder) { return true }
            for flow in waiting.flows.values where flow.continues(builder) {
                if let blocking = flow.waitingFor { builders.append(blocking.builderIdentity) }
            }
        }
        return false
    }
}
