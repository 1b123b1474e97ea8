// The inlinable runtime API is specialised in client modules, so they must see the C builtins it compiles to.
public import LoomRuntimeShims

/// Atomic operations on a machine word the runtime allocated itself.
///
/// Loom's floor (macOS 14 / iOS 17) predates `Synchronization.Atomic`, so the runtime keeps its atomic state in words
/// it allocates and touches them only through these wrappers around the C shim's builtins. Nothing outside
/// `LoomRuntime` sees a raw word: the types built on them (``AtomicCounter``, ``ProcessWord``, ``AtomicReference``,
/// ``OnceSlot``, ``ConcurrentTable``, ``GrowingTable``, ``AppendOnlyList``) are the API.
extension UnsafeMutablePointer<UInt> {
    /// Allocates `count` zeroed words.
    @usableFromInline @inline(__always)
    static func allocateAtomicWords(_ count: Int) -> UnsafeMutablePointer<UInt> {
        let words = UnsafeMutablePointer<UInt>.allocate(capacity: count)
        words.initialize(repeating: 0, count: count)
        return words
    }

    @inlinable @inline(__always) var atomicRelaxed: UInt { loom_atomic_load_relaxed(self) }
    @inlinable @inline(__always) var atomicAcquire: UInt { loom_atomic_load_acquire(self) }
    @inlinable @inline(__always) var atomicSequentiallyConsistent: UInt { loom_atomic_load_seq_cst(self) }

    @inlinable @inline(__always) func atomicStoreRelaxed(_ value: UInt) { loom_atomic_store_relaxed(self, value) }
    @inlinable @inline(__always) func atomicStoreRelease(_ value: UInt) { loom_atomic_store_release(self, value) }
    @inlinable @inline(__always) func atomicStoreSequentiallyConsistent(_ value: UInt) {
        loom_atomic_store_seq_cst(self, value)
    }

    @inlinable @inline(__always) func atomicExchange(_ value: UInt) -> UInt {
        loom_atomic_exchange_acq_rel(self, value)
    }

    @inlinable @inline(__always) func atomicCompareExchange(expected: UInt, desired: UInt) -> Bool {
        loom_atomic_compare_exchange_acq_rel(self, expected, desired)
    }

    @discardableResult @inlinable @inline(__always)
    func atomicIncrement(by delta: UInt = 1) -> UInt { loom_atomic_fetch_add_acq_rel(self, delta) &+ delta }

    @discardableResult @inlinable @inline(__always)
    func atomicIncrementSequentiallyConsistent(by delta: UInt = 1) -> UInt {
        loom_atomic_fetch_add_seq_cst(self, delta) &+ delta
    }

    @discardableResult @inlinable @inline(__always)
    func atomicDecrement(by delta: UInt = 1) -> UInt { loom_atomic_fetch_sub_acq_rel(self, delta) &- delta }
}

extension UnsafeMutablePointer<UInt> {
    /// Runs `body` holding the spin lock in this word (`0`: free, `1`: held).
    ///
    /// Held only briefly — a scan, a few stores, at most a table copy; never user code — by owners that save a
    /// mutex's allocation and initialisation this way (``AppendOnlyList``, ``GrowingTable``).
    @inlinable @inline(__always)
    func withSpinLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        var spins = 0
        while !atomicCompareExchange(expected: 0, desired: 1) {
            spins += 1
            if spins > 64 { yieldThread() }
        }
        defer { atomicStoreRelease(0) }
        return try body()
    }
}

/// A full (sequentially consistent) fence.
@usableFromInline @inline(__always)
func atomicFenceSequentiallyConsistent() { loom_atomic_thread_fence_seq_cst() }
