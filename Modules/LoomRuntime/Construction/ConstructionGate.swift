/// Where resolvers wait while another construction flow builds a cached instance they need.
///
/// One process-wide mutex and condition variable: construction races are rare and short, so a broadcast to every
/// waiter is cheaper than per-slot condition variables. The mutex also guards every flow's `waitingFor`, which turns
/// "flow A waits for a slot flow B builds, while B waits for a slot A builds" into a cycle error instead of a
/// deadlock.
enum ConstructionGate {
    /// The mutex and condition variable, and the suspended (asynchronous) waiters they guard.
    private final class Waiting: @unchecked Sendable {
        // `suspended` is only read or written with `condition`'s mutex held.
        let condition = PlatformCondition()
        var suspended: [UInt: UnsafeContinuation<Void, any Error>] = [:]
    }

    private static let waiting = Waiting()
    private static var condition: PlatformCondition { waiting.condition }
    /// Waiting resolvers, blocked or suspended; lets builders skip the broadcast when nobody waits.
    private static let waiters = AtomicCounter()
    private static let tokens = AtomicCounter()

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
    nonisolated(nonsending) static func awaitWhileBuilding(_ slot: OnceSlot, by builder: UInt, as waiter: ConstructionFlow) async throws
        -> Bool
    {
        let token = tokens.increment()
        waiters.increment()
        atomicFenceSequentiallyConsistent()
        defer { waiters.decrement() }
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
                waiter.waitingFor = slot
                waiting.suspended[token] = continuation
                condition.unlock()
            }
        } onCancel: {
            condition.lock()
            let continuation = waiting.suspended.removeValue(forKey: token)
            condition.unlock()
            continuation?.resume(throwing: CancellationError())
        }
        condition.lock()
        if waiter.waitingFor === slot { waiter.waitingFor = nil }
        condition.unlock()
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
        waiter.waitingFor = slot
        while slot.builderBits == builder {
            condition.wait()
        }
        waiter.waitingFor = nil
        return true
    }

    /// Whether `waiter` waiting for `slot` would close a wait cycle: the slot's builder is, transitively, waiting for
    /// a slot `waiter` builds. Call with the mutex held.
    ///
    /// A builder cannot release its claim and finish (its flow stays alive) without this mutex, and a flow in the
    /// walk is either such a builder or waiting itself, so every flow reached here is alive.
    private static func wouldDeadlock(waitingFor slot: OnceSlot, as waiter: ConstructionFlow) -> Bool {
        let waiterBits = UInt(bitPattern: Unmanaged.passUnretained(waiter).toOpaque())
        var next = slot.builderBits
        while next != 0 {
            if next == waiterBits { return true }
            let owner = Unmanaged<ConstructionFlow>.fromOpaque(UnsafeRawPointer(bitPattern: next)!)
                .takeUnretainedValue()
            next = owner.waitingFor?.builderBits ?? 0
        }
        return false
    }
}
