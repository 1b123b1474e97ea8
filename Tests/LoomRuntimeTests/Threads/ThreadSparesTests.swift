import Foundation
import LoomRuntime
import LoomTestSupport
import Testing

/// The empty slots a thread keeps for reuse: the last kept comes back first, only as its own exact class, only on its
/// own thread, at most `capacity` of them, and they are released when the thread exits.
///
/// Each test runs on a thread of its own, whose spares start empty; it makes the thread's state first (as any
/// resolution on the thread does), since a thread without one keeps nothing.
@Suite struct ThreadSparesTests {
    @Test func aKeptSlotComesBackOnceLastInFirstOut() {
        let results = Collected<String>()
        let thread = TestThread {
            let first = SpareSlot()
            let second = SpareSlot()
            results.append("empty: \(ThreadSpares.count == 0 && ThreadSpares.take(SpareSlot.self) == nil)")
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
            _ = ThreadSpares.count
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
            _ = ThreadSpares.count
            for _ in 0..<ThreadSpares.capacity { results.append(ThreadSpares.keep(SpareSlot())) }
            results.append(ThreadSpares.keep(SpareSlot()))
        }
        #expect(thread.join())
        #expect(results.all == Array(repeating: true, count: ThreadSpares.capacity) + [false])
    }

    /// Another thread finds nothing while the keeper is still alive and holds its slot.
    @Test func aSlotKeptOnOneThreadIsNotTakenOnAnother() {
        let kept = DispatchSemaphore(value: 0)
        let checked = DispatchSemaphore(value: 0)
        let results = Collected<String>()
        let keeper = TestThread {
            _ = ThreadSpares.count
            let slot = SpareSlot()
            ThreadSpares.keep(slot)
            kept.signal()
            checked.wait()
            results.append("keeper still has it: \(ThreadSpares.take(SpareSlot.self) === slot)")
        }
        kept.wait()
        let other = TestThread { results.append("other finds none: \(ThreadSpares.take(SpareSlot.self) == nil)") }
        #expect(other.join())
        checked.signal()
        #expect(keeper.join())
        #expect(results.all == ["other finds none: true", "keeper still has it: true"])
    }

    /// A thread that has no state keeps nothing (a scope released while its thread exits must not make it again).
    @Test func aThreadWithoutStateKeepsNothing() {
        let results = Collected<Bool>()
        let thread = TestThread { results.append(ThreadSpares.keep(SpareSlot())) }
        #expect(thread.join())
        #expect(results.all == [false])
    }

    /// A thread's spares go with it: nothing kept outlives the thread.
    @Test func theSparesAreReleasedWhenTheThreadExits() {
        let watched = WeakReferences()
        let kept = Collected<Bool>()
        let thread = TestThread {
            _ = ThreadSpares.count
            let slot = SpareSlot()
            watched.watch(slot)
            kept.append(ThreadSpares.keep(slot))
        }
        #expect(thread.join())
        #expect(kept.all == [true])
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
