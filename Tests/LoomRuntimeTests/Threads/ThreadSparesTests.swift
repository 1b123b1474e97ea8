import Foundation
import LoomRuntime
import LoomTestSupport
import Testing

/// The empty slots a thread keeps for reuse: the last kept comes back first, only as its own exact class, only on its
/// own thread, at most `capacity` of them, and they are released when the thread exits.
///
/// Each test runs on a thread of its own, whose spares start empty.
@Suite struct ThreadSparesTests {
    @Test func aKeptSlotComesBackOnceLastInFirstOut() {
        let results = Collected<String>()
        let thread = TestThread {
            let first = SpareSlot()
            let second = SpareSlot()
            results.append("empty: \(ThreadSpares.take(SpareSlot.self) == nil)")
            ThreadSpares.keep(first)
            ThreadSpares.keep(second)
            results.append("second: \(ThreadSpares.take(SpareSlot.self) === second)")
            results.append("first: \(ThreadSpares.take(SpareSlot.self) === first)")
            results.append("none: \(ThreadSpares.take(SpareSlot.self) == nil)")
        }
        #expect(thread.join())
        #expect(results.all == ["empty: true", "second: true", "first: true", "none: true"])
    }

    @Test func aSlotOfAnotherClassIsNotHandedOut() {
        let results = Collected<Bool>()
        let thread = TestThread {
            let other = OtherSlot()
            ThreadSpares.keep(other)
            results.append(ThreadSpares.take(SpareSlot.self) == nil)
            results.append(ThreadSpares.take(OtherSlot.self) === other)
        }
        #expect(thread.join())
        #expect(results.all == [true, true])
    }

    @Test func aThreadKeepsAtMostItsCapacity() {
        let results = Collected<Bool>()
        let thread = TestThread {
            for _ in 0..<ThreadSpares.capacity { results.append(ThreadSpares.keep(SpareSlot())) }
            results.append(ThreadSpares.keep(SpareSlot()))
        }
        #expect(thread.join())
        #expect(results.all == Array(repeating: true, count: ThreadSpares.capacity) + [false])
    }

    @Test func aSlotKeptOnOneThreadIsNotTakenOnAnother() {
        let kept = Collected<SpareSlot>()
        let keeper = TestThread {
            let slot = SpareSlot()
            kept.append(slot)
            ThreadSpares.keep(slot)
        }
        #expect(keeper.join())
        let taken = Collected<Bool>()
        let other = TestThread { taken.append(ThreadSpares.take(SpareSlot.self) == nil) }
        #expect(other.join())
        #expect(taken.all == [true])
    }

    /// A thread's spares go with it: nothing kept outlives the thread.
    @Test func theSparesAreReleasedWhenTheThreadExits() {
        let watched = WeakReferences()
        let thread = TestThread {
            let slot = SpareSlot()
            watched.watch(slot)
            ThreadSpares.keep(slot)
        }
        #expect(thread.join())
        #expect(spin(until: { watched.allGone }, seconds: 10))
    }
}

private final class SpareSlot: OnceSlot, @unchecked Sendable {}
private final class OtherSlot: OnceSlot, @unchecked Sendable {}

/// Weak references filled on one thread and checked on another.
private final class WeakReferences: @unchecked Sendable {
    // Behind `lock`.
    private let lock = NSLock()
    private var references: [Weak] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    func watch(_ object: AnyObject) { lock.withLock { references.append(Weak(object: object)) } }

    var allGone: Bool { lock.withLock { references.allSatisfy { $0.object == nil } } }
}
