/// A mutual-exclusion lock that owns the state it protects, with the `withLock { }` shape of
/// `Synchronization.Mutex`, available at Loom's platform floor (macOS 14 / iOS 17).
///
/// Rules for every use inside Loom: keep the critical section short, copy out what is needed, and never call
/// user code (factories, callbacks, loggers) while holding the lock.
package final class LoomLock<State>: @unchecked Sendable {
    // `state` is only read or written between `mutex.lock()` and `mutex.unlock()`.
    private var state: State
    private let mutex = PlatformMutex()

    package init(_ initialState: State) {
        state = initialState
    }

    /// Runs `body` with exclusive access to the protected state.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&state)
    }
}

extension LoomLock where State == Void {
    package convenience init() { self.init(()) }
}
