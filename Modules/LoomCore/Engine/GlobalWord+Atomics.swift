internal import LoomCoreShims

// Atomic access to the process-wide words for other Loom modules (LoomKeys keeps its override counter and its
// published root snapshot here). The raw-pointer atomics stay internal to LoomCore; these are the only doors.
extension GlobalWord {
    /// The word's value, loaded without ordering (for counters checked on a hot path).
    @inlinable
    package var relaxedValue: UInt { pointer.atomicRelaxed }

    /// The word's value, loaded with acquire ordering (for published pointers).
    @inlinable
    package var acquiredValue: UInt { pointer.atomicAcquire }

    /// Replaces the word's value and returns the previous one (acquire-release).
    package func exchange(_ value: UInt) -> UInt { pointer.atomicExchange(value) }

    /// Adds one and returns the new value.
    @discardableResult package func increment() -> UInt { pointer.atomicIncrement() }

    /// Subtracts one and returns the new value.
    @discardableResult package func decrement() -> UInt { pointer.atomicDecrement() }
}
