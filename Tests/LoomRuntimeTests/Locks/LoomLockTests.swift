import LoomRuntime
import LoomTestSupport
import Testing

/// A mutex owning its state: critical sections exclude each other, results come back and errors go through.
@Suite struct LoomLockTests {
    private struct Failure: Error, Equatable { let code: Int }

    @Test func withLockReturnsTheBodysResultAndKeepsItsChanges() {
        let lock = LoomLock([1, 2])
        let count = lock.withLock { numbers -> Int in
            numbers.append(3)
            return numbers.count
        }
        #expect(count == 3)
        #expect(lock.withLock { $0 } == [1, 2, 3])
    }

    @Test func withLockRethrowsAndKeepsChangesMadeBeforeTheThrow() {
        let lock = LoomLock(0)
        #expect(throws: Failure(code: 7)) {
            try lock.withLock { value in
                value = 41
                throw Failure(code: 7)
            }
        }
        #expect(lock.withLock { $0 } == 41)
    }

    /// A throw unlocks: another thread can take the lock afterwards (a lock left held would block it forever).
    @Test func aThrowingBodyLeavesTheLockFree() {
        let lock = LoomLock(0)
        _ = try? lock.withLock { _ in throw Failure(code: 1) }
        let other = TestThread { lock.withLock { $0 += 1 } }
        #expect(other.join())
        #expect(lock.withLock { $0 } == 1)
    }

    /// Copies share one lock and one state (the lock is a reference to its storage).
    @Test func copiesOfALockShareItsState() {
        let original = LoomLock("a")
        let copy = original
        copy.withLock { $0 += "b" }
        #expect(original.withLock { $0 } == "ab")
    }

    @Test func theLockReleasesItsStateWhenItGoes() {
        var watched = Weak<Marker>(nil)
        do {
            let lock = LoomLock(Marker(1))
            watched = Weak(lock.withLock { $0 })
            #expect(watched.object != nil)
        }
        #expect(watched.object == nil)
    }

    /// Four threads increment a plain counter (a load and a store, not atomic): an overlap of two critical sections
    /// would lose updates, and the `inside` counter would see it.
    @Test func criticalSectionsExcludeEachOtherUnderContention() {
        let perThread = RuntimeTestScale.iterations(normally: 20_000, underThreadSanitizer: 2_000)
        let lock = LoomLock(0)
        let inside = AtomicCounter()
        let overlaps = AtomicCounter()
        onThreads(4) { _ in
            for _ in 0..<perThread {
                lock.withLock { count in
                    if inside.increment() != 1 { overlaps.increment() }
                    count += 1
                    inside.decrement()
                }
            }
        }
        #expect(overlaps.value == 0)
        #expect(lock.withLock { $0 } == 4 * perThread)
    }
}
