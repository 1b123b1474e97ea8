import LoomRuntime
import LoomTestSupport
import Testing

/// A shared atomic word: every increment from every thread counts, and a release store publishes what was written
/// before it.
@Suite struct AtomicCounterTests {
    @Test func aCounterStartsAtItsInitialValueAndAStoreReplacesIt() {
        let zero = AtomicCounter()
        #expect(zero.value == 0)
        #expect(zero.value == 0)
        let seven = AtomicCounter(7)
        #expect(seven.value == 7)
        seven.store(42)
        #expect(seven.value == 42)
        #expect(seven.value == 42)
    }

    @Test func incrementAndDecrementReturnTheNewValue() {
        let counter = AtomicCounter(5)
        #expect(counter.increment() == 6)
        #expect(counter.increment() == 7)
        #expect(counter.decrement() == 6)
        #expect(counter.value == 6)
    }

    @Test func decrementingZeroWrapsAroundLikeAnUnsignedWord() {
        let counter = AtomicCounter()
        #expect(counter.decrement() == UInt.max)
        #expect(counter.increment() == 0)
    }

    /// Every increment returns a value no other increment returned: together they are exactly `1...total`.
    @Test func concurrentIncrementsFromRealThreadsLoseNoUpdate() {
        let perThread = RuntimeTestScale.iterations(normally: 50_000, underThreadSanitizer: 5_000)
        let threads = 4
        let counter = AtomicCounter()
        let returned = Collected<[UInt]>()
        onThreads(threads) { _ in
            var mine: [UInt] = []
            mine.reserveCapacity(perThread)
            for _ in 0..<perThread { mine.append(counter.increment()) }
            returned.append(mine)
        }
        let total = threads * perThread
        #expect(counter.value == UInt(total))
        #expect(returned.all.flatMap { $0 }.sorted() == Array(1...UInt(total)))
    }

    @Test func concurrentIncrementsAndDecrementsCancelOut() {
        let perThread = RuntimeTestScale.iterations(normally: 50_000, underThreadSanitizer: 5_000)
        let start = UInt(4 * perThread)
        let counter = AtomicCounter(start)
        onThreads(4) { index in
            for _ in 0..<perThread {
                if index.isMultiple(of: 2) { counter.increment() } else { counter.decrement() }
            }
        }
        #expect(counter.value == start)
    }

    /// Message passing: a reader that sees a stored value (acquire) sees every plain write made before it (release).
    ///
    /// Under ThreadSanitizer a missing release or acquire is reported as a race on the payload.
    @Test func aStoreSeenByAnAcquireLoadPublishesTheWritesBeforeIt() {
        let count = RuntimeTestScale.iterations(normally: 20_000, underThreadSanitizer: 2_000)
        let payload = Payload(count: count)
        let published = AtomicCounter()
        let mismatches = AtomicCounter()
        onThreads(2) { index in
            if index == 0 {
                for slot in 0..<count {
                    payload.write(slot, value: slot &* 7 &+ 1)
                    published.store(UInt(slot + 1))
                }
            } else {
                for slot in 0..<count {
                    spin(until: { published.value > UInt(slot) })
                    if payload.read(slot) != slot &* 7 &+ 1 { mismatches.increment() }
                }
            }
        }
        #expect(mismatches.value == 0)
    }
}

/// Plain (non-atomic) memory, ordered only by the counter under test.
private final class Payload: @unchecked Sendable {
    // Each element is written once, before the counter's release store that covers it, and read after an acquire
    // load that saw that store.
    private let values: UnsafeMutablePointer<Int>

    init(count: Int) {
        values = .allocate(capacity: count)
        values.initialize(repeating: 0, count: count)
    }

    deinit { values.deallocate() }

    func write(_ index: Int, value: Int) { values[index] = value }
    func read(_ index: Int) -> Int { values[index] }
}
