// Public so the engine's inlinable read path (specialised in client modules) can reach the C builtins; the shim
// is not a product and declares nothing but these primitives.
public import LoomCoreShims

/// Atomic operations on a heap-allocated machine word.
///
/// Loom's floor (macOS 14 / iOS 17) predates `Synchronization.Atomic`, so the engine keeps its atomic state in
/// words it allocates itself and touches them only through these wrappers around the C shim's builtins.
extension UnsafeMutablePointer<UInt> {
    /// Allocates `count` zeroed words.
    @inline(__always)
    static func allocateAtomicWords(_ count: Int) -> UnsafeMutablePointer<UInt> {
        let words = UnsafeMutablePointer<UInt>.allocate(capacity: count)
        words.initialize(repeating: 0, count: count)
        return words
    }

    @inlinable @inline(__always) var atomicRelaxed: UInt { loom_atomic_load_relaxed(self) }
    @inlinable @inline(__always) var atomicAcquire: UInt { loom_atomic_load_acquire(self) }

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
    func atomicDecrement(by delta: UInt = 1) -> UInt { loom_atomic_fetch_sub_acq_rel(self, delta) &- delta }

    @inlinable @inline(__always) func atomicIncrementRelaxed() -> UInt { loom_atomic_fetch_add_relaxed(self, 1) &+ 1 }
}

@inline(__always) func atomicFenceSequentiallyConsistent() { loom_atomic_thread_fence_seq_cst() }

/// One atomic machine word owned by a class instance; used where a value needs no neighbours.
package final class AtomicWord: @unchecked Sendable {
    // The word is only ever accessed through the atomic operations above.
    private let word: UnsafeMutablePointer<UInt>

    package init(_ initialValue: UInt = 0) {
        word = .allocateAtomicWords(1)
        word.atomicStoreRelaxed(initialValue)
    }

    deinit { word.deallocate() }

    package var relaxed: UInt { word.atomicRelaxed }
    package var acquire: UInt { word.atomicAcquire }
    package func store(_ value: UInt) { word.atomicStoreRelease(value) }
    package func exchange(_ value: UInt) -> UInt { word.atomicExchange(value) }
    package func compareExchange(expected: UInt, desired: UInt) -> Bool {
        word.atomicCompareExchange(expected: expected, desired: desired)
    }
    @discardableResult package func increment() -> UInt { word.atomicIncrement() }
    @discardableResult package func decrement() -> UInt { word.atomicDecrement() }
}
