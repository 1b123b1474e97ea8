import Foundation
import LoomCore
import LoomRuntime

/// A thread-safe counter, for example of factory calls.
public final class Counter: Sendable {
    private let count = LoomLock(0)

    /// Creates a counter at zero.
    public init() {}

    /// Adds one and returns the new value.
    ///
    /// - Returns: The count after incrementing.
    @discardableResult public func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }

    /// The current count.
    public var value: Int { count.withLock { $0 } }
}

/// A thread-safe list, for example of values seen by several threads.
public final class Collected<Element: Sendable>: Sendable {
    private let items = LoomLock<[Element]>([])

    /// Creates an empty list.
    public init() {}

    /// Appends `item`.
    ///
    /// - Parameter item: The item to append.
    public func append(_ item: Element) { items.withLock { $0.append(item) } }

    /// Every item appended so far, in order.
    public var all: [Element] { items.withLock { $0 } }

    /// Forgets every item.
    public func removeAll() { items.withLock { $0.removeAll() } }
}

/// Runs `body` on `count` real OS threads that all start at the same moment, and waits for them.
///
/// Real threads, not `concurrentPerform`: tiny work items there may all run on one thread and hide races.
///
/// - Parameters:
///   - count: How many threads to start.
///   - body: The work; receives the thread's index.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) {
    let ready = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            ready.signal()
            start.wait()
            body(index)
            done.leave()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    for _ in 0..<count { ready.wait() }
    for _ in 0..<count { start.signal() }
    done.wait()
}

/// A weak reference for lifetime checks.
public struct Weak<Object: AnyObject>: @unchecked Sendable {
    // Only read after the threads that wrote it have been joined.
    /// The object, or `nil` once it was deallocated.
    public weak var object: Object?

    /// Creates a weak reference to `object`.
    ///
    /// - Parameter object: The object to observe.
    public init(_ object: Object?) { self.object = object }
}

/// Polls `condition` until it holds or about five seconds pass (for effects delivered by other tasks).
///
/// - Parameter condition: The condition to wait for.
/// - Returns: Whether the condition held before the deadline.
public func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<5_000 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}
