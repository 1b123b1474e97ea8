public import LoomRuntimeShims

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

// The only file that talks to the C library directly; everything else uses these wrappers.

/// The platform's plain mutex, operated on memory its owner provides (``LoomLock`` keeps it next to its state):
/// `os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere, behind the C shim's `loom_mutex_t` so that the
/// inlinable lock names no C library type.
@usableFromInline
enum PlatformMutex {
    @usableFromInline typealias Primitive = loom_mutex_t

    /// Initialises the lock at `mutex` (uninitialised memory).
    @inlinable @inline(__always)
    static func initialize(_ mutex: UnsafeMutablePointer<Primitive>) { loom_mutex_init(mutex) }

    /// Tears down the lock at `mutex`, leaving the memory uninitialised.
    @inlinable @inline(__always)
    static func destroy(_ mutex: UnsafeMutablePointer<Primitive>) { loom_mutex_destroy(mutex) }

    @inlinable @inline(__always)
    static func lock(_ mutex: UnsafeMutablePointer<Primitive>) { loom_mutex_lock(mutex) }

    @inlinable @inline(__always)
    static func unlock(_ mutex: UnsafeMutablePointer<Primitive>) { loom_mutex_unlock(mutex) }
}

/// A pthread mutex with a condition variable, for blocking waits (an unfair lock cannot wait).
final class PlatformCondition: @unchecked Sendable {
    // The mutex and condition are only touched through pthread calls.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    private let condition: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Atomically unlocks, sleeps until ``broadcast()``, and locks again.
    ///
    /// Call with the mutex held.
    func wait() { pthread_cond_wait(condition, mutex) }
    /// Wakes every waiting thread.
    ///
    /// Call with the mutex held.
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// Lets another thread run (used while spinning for a grace period).
@usableFromInline
func yieldThread() {
    sched_yield()
}

/// Writes `text` to standard error, unbuffered.
package func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Calls back when a thread that registered exits (a pthread key whose value is only used for its destructor).
enum ThreadExitHook {
    /// Arranges for `onExit(pointer)` to run when the calling thread exits.
    static func register(_ pointer: UnsafeMutableRawPointer) {
        pthread_setspecific(key, pointer)
    }

    #if canImport(Darwin)
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { raw in ThreadState.threadDidExit(raw) }
            return key
        }()
    #else
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { raw in
                if let raw { ThreadState.threadDidExit(raw) }
            }
            return key
        }()
    #endif
}

/// The process's environment, read through the C library (Foundation is not a dependency of the core).
package enum ProcessEnvironment {
    /// The value of the environment variable `name`, or `nil` when it is not set.
    package static func value(_ name: String) -> String? {
        guard let pointer = getenv(name) else { return nil }
        return String(cString: pointer)
    }
}
