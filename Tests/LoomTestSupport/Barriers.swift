import Foundation
public import LoomCore
import LoomRuntime

/// A one-shot gate that tasks and threads wait at until a test opens it: how a test holds a factory at a known
/// point (mid-construction) while it arranges what must overlap with it, instead of sleeping and hoping.
///
/// ```swift
/// let inside = Latch(), finish = Latch()
/// container.register(scope: .singleton) { () async -> Database in
///     inside.open()
///     await finish.wait()
///     return Database()
/// }
/// let load = Task { try await container.load(Database.self) }
/// await inside.wait()   // the factory is running now
/// ```
public final class Latch: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LoomLock(State())
    private let condition = NSCondition()

    /// Creates a closed latch.
    public init() {}

    /// Whether the latch has been opened.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the latch: every waiter, present and future, goes on.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        condition.lock()
        condition.broadcast()
        condition.unlock()
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until the latch is open.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Blocks the calling thread until the latch is open (for synchronous factories running on real threads).
    public func waitBlocking() {
        // `open()` sets the flag before it takes the condition's lock to broadcast, and this checks it holding that
        // lock, so a broadcast cannot fall between the check and the wait.
        condition.lock()
        while !isOpen { condition.wait() }
        condition.unlock()
    }
}

/// Counts arrivals at a point of the code under test, so that a test can wait until a known number of tasks or
/// threads got there.
///
/// ```swift
/// let arrivals = Arrivals()
/// container.register(scope: .singleton) { () async -> Service in arrivals.arrive(); … }
/// await arrivals.wait(for: 3)
/// ```
public final class Arrivals: Sendable {
    private struct State {
        var count = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = LoomLock(State())

    /// Creates a counter of arrivals at zero.
    public init() {}

    /// How many have arrived so far.
    public var count: Int { state.withLock { $0.count } }

    /// Notes one arrival and wakes those waiting for this many.
    public func arrive() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count += 1
            let count = state.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Suspends until at least `count` arrivals.
    ///
    /// - Parameter count: The number of arrivals to wait for.
    public func wait(for count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isReady = state.withLock { state in
                if state.count < count { state.waiters.append((count, continuation)) }
                return state.count >= count
            }
            if isReady { continuation.resume() }
        }
    }
}

/// How many resolvers are waiting, right now, for the instance of `container`'s own registration of `T` (no
/// alternative, no arguments) to be built: what a test waits for to know that its resolvers overlap a construction.
///
/// - Parameters:
///   - type: The registered type.
///   - container: The container holding the registration.
/// - Returns: The number of waiting resolvers; `0` when there is no such cached registration.
public func waitingCount<T>(for type: T.Type, in container: Container) -> Int {
    let key = RegistrationKey(locator: .type(T.self))
    guard let cache = container.registry.candidates(for: key)?.first(where: { $0.key == key })?.cache else { return 0 }
    return ConstructionGate.waitingCount(for: cache)
}

/// Whether `container`'s own registration of `T` (no alternative, no arguments) holds a built instance in its live
/// cache — what a test checks instead of counting factory calls, which a concurrent `verify()` of the shared graph
/// adds to (it builds copies in a sandbox).
///
/// - Parameters:
///   - type: The registered type.
///   - container: The container holding the registration.
/// - Returns: Whether an instance is cached.
public func isCached<T>(_ type: T.Type, in container: Container) -> Bool {
    let key = RegistrationKey(locator: .type(T.self))
    return container.registry.candidates(for: key)?.first(where: { $0.key == key })?.cache?.isSettled ?? false
}
