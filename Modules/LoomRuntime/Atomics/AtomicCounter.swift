/// A counter (or flag) shared between threads: one atomic machine word owned by a class instance.
///
/// ```swift
/// let serials = AtomicCounter()
/// let next = serials.increment()   // 1, then 2, …, from any thread
/// ```
package final class AtomicCounter: @unchecked Sendable {
    // The word is only ever accessed through the atomic operations of `AtomicWords.swift`.
    private let word: UnsafeMutablePointer<UInt>

    /// Creates a counter holding `initialValue`.
    package init(_ initialValue: UInt = 0) {
        word = .allocateAtomicWords(1)
        word.atomicStoreRelaxed(initialValue)
    }

    deinit { word.deallocate() }

    /// The value; what the thread that stored it did before storing it is visible after reading it.
    package var value: UInt { word.atomicAcquire }
    /// Replaces the value; what this thread did before is visible to a thread that reads it.
    package func store(_ value: UInt) { word.atomicStoreRelease(value) }
    /// Adds one and returns the new value.
    @discardableResult package func increment() -> UInt { word.atomicIncrement() }
    /// Subtracts one and returns the new value.
    @discardableResult package func decrement() -> UInt { word.atomicDecrement() }
}
