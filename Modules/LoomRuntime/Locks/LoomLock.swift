/// A mutual-exclusion lock that owns the state it protects, with the `withLock { }` shape of
/// `Synchronization.Mutex`, available at Loom's platform floor (macOS 14 / iOS 17).
///
/// The state and the platform lock share one heap allocation, and the state is reached through a pointer, so a
/// critical section costs the lock and unlock calls only (no allocation, no dynamic exclusivity check).
///
/// Rules for every use inside Loom: keep the critical section short, copy out what is needed, and never call
/// user code (factories, callbacks, loggers) while holding the lock. Give it a state that is not zero-sized: an
/// empty state would share its address with the platform mutex, which ThreadSanitizer reports as a race.
///
/// Inlinable (and `@usableFromInline`: without it a package type's inlinable members are not specialised in other
/// modules), so each module specialises it for its state: unspecialised, creating a lock looked up its storage class's
/// generic metadata (a few hundred instructions, three times per container) and every critical section was a generic
/// call.
@usableFromInline @frozen
package struct LoomLock<State>: @unchecked Sendable {
    // `State` is only read or written between `PlatformMutex.lock` and `PlatformMutex.unlock`.
    @usableFromInline let storage: LockedStorage<State>

    @inlinable
    package init(_ initialState: State) {
        storage = LockedStorage.make(initialState)
    }

    /// Runs `body` with exclusive access to the protected state.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { state, mutex in
            PlatformMutex.lock(mutex)
            defer { PlatformMutex.unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}

/// One allocation holding a lock's state (the header) and its platform lock (the single element).
@usableFromInline
final class LockedStorage<State>: ManagedBuffer<State, PlatformMutex.Primitive> {
    @inlinable
    static func make(_ initialState: State) -> LockedStorage {
        let buffer = unsafeDowncast(create(minimumCapacity: 1) { _ in initialState }, to: LockedStorage.self)
        buffer.withUnsafeMutablePointerToElements { PlatformMutex.initialize($0) }
        return buffer
    }

    deinit {
        // ManagedBuffer deinitialises the header itself; the element is ours to tear down.
        withUnsafeMutablePointerToElements { PlatformMutex.destroy($0) }
    }
}
