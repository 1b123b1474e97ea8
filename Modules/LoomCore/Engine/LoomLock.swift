#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// A mutual-exclusion lock that owns the state it protects, with the `withLock { }` shape of
/// `Synchronization.Mutex`, available at Loom's platform floor (macOS 14 / iOS 17).
///
/// Rules for every use inside Loom: keep the critical section short, copy out what is needed, and never call
/// user code (factories, callbacks, loggers) while holding the lock.
package final class LoomLock<State>: @unchecked Sendable {
    // `state` is only read or written between `lock()` and `unlock()` of `mutex`.
    private var state: State
    #if canImport(Darwin)
        private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init(_ initialState: State) {
        state = initialState
        #if canImport(Darwin)
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: os_unfair_lock())
        #else
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the protected state.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(mutex)
            defer { os_unfair_lock_unlock(mutex) }
        #else
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&state)
    }
}

extension LoomLock where State == Void {
    package convenience init() { self.init(()) }
}
