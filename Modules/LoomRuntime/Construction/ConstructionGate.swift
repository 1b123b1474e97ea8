/// Where resolvers wait while another construction flow builds a cached instance they need.
///
/// One process-wide mutex and condition variable: construction races are rare and short, so a broadcast to every
/// waiter is cheaper than per-slot condition variables. The mutex also guards every flow's `waitingFor`, which turns
/// "flow A waits for a slot flow B builds, while B waits for a slot A builds" into a cycle error instead of a
/// deadlock.
enum ConstructionGate {
    private static let condition = PlatformCondition()
    /// Waiting resolvers; lets builders skip the broadcast when nobody waits.
    private static let waiters = AtomicCounter()

    /// Wakes every waiter so it can re-check its slot.
    static func wakeWaiters() {
        // Pairs with the fence in `waitWhileBuilding`: either this sees the waiter, or the waiter sees the release.
        atomicFenceSequentiallyConsistent()
        guard waiters.acquire != 0 else { return }
        condition.lock()
        condition.broadcast()
        condition.unlock()
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
        // A builder cannot release its claim and finish (its flow stays alive) without this mutex, and a flow in the
        // walk is either such a builder or blocked below, so every flow reached here is alive.
        let waiterBits = UInt(bitPattern: Unmanaged.passUnretained(waiter).toOpaque())
        var next = slot.builderBits
        while next != 0 {
            if next == waiterBits { return false }
            let owner = Unmanaged<ConstructionFlow>.fromOpaque(UnsafeRawPointer(bitPattern: next)!)
                .takeUnretainedValue()
            next = owner.waitingFor?.builderBits ?? 0
        }
        waiter.waitingFor = slot
        while slot.builderBits == builder {
            condition.wait()
        }
        waiter.waitingFor = nil
        return true
    }
}
