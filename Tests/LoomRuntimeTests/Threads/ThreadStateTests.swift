import LoomRuntime
import LoomTestSupport
import Testing

/// Per-thread state (internal to LoomRuntime) seen through what it backs: every thread that reads gets its own state,
/// registered so writers wait for it and unregistered when the thread exits.
@Suite struct ThreadStateTests {
    /// Short-lived threads keep appearing, reading and exiting while writers wait for grace periods: a writer never
    /// waits for a thread that has gone, never reads the state of one that has gone (that would crash, or be a race
    /// under ThreadSanitizer), and never misses a thread that is reading.
    @Test func threadsComingAndGoingWhileWritersWaitForGracePeriods() {
        let waves = RuntimeTestScale.iterations(normally: 100, underThreadSanitizer: 15)
        let ledger = Ledger(capacity: 100_000)
        let published = Published(Canary(serial: 0, ledger: ledger))
        let damaged = AtomicCounter()
        let serials = AtomicCounter()
        let writerDone = AtomicCounter()
        let writer = TestThread {
            while writerDone.value == 0 {
                let serial = Int(serials.increment())
                guard serial < ledger.capacity else { break }
                let old = published.reference.exchange(Canary(serial: serial, ledger: ledger))
                Reclamation.release(afterGracePeriod: [old])
            }
        }
        for _ in 0..<waves {
            // Each wave's threads are new: they register on their first read and unregister when they exit.
            onThreads(3) { _ in
                for iteration in 0..<200 {
                    ReadLease.run { lease in
                        let intact = published.reference.load(in: lease)?.withObject(in: lease) {
                            $0.staysIntact(in: ledger, iteration: iteration)
                        }
                        if intact != true { damaged.increment() }
                    }
                }
            }
        }
        writerDone.store(1)
        #expect(writer.join())
        #expect(damaged.value == 0)
        // Every exited thread was unregistered: a grace period now waits for no one.
        let lateWriter = TestThread { ReadSection.synchronize() }
        #expect(lateWriter.join())
    }
}
