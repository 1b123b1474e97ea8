import LoomRuntimeShims

/// Empty once-slots a thread keeps to reuse instead of allocating new ones: the caches of the request scopes that
/// ended on the thread, handed to the next scope that needs one.
///
/// A request scope makes one cache per `.scoped` registration it uses and drops them all when it ends; for a server
/// that is an allocation and a free per registration per request. A slot kept here must be empty (no published box,
/// no claim) and referenced by nothing else, so reusing it is indistinguishable from allocating it. Up to
/// ``capacity`` slots are kept per thread, in the thread's words (``ThreadState``), and released when the thread exits.
/// Only slots of one exact class come back out of ``take(_:)``: a slot of another class stays where it is.
///
/// ```swift
/// ThreadSpares.keep(cache)                              // an emptied cache nothing else holds
/// let reused = ThreadSpares.take(Cache.self) ?? Cache()  // `Cache` a subclass of `OnceSlot`
/// ```
package enum ThreadSpares {
    /// The most slots a thread keeps: a request uses a handful of `.scoped` registrations.
    package static var capacity: Int { 16 }
    /// The thread word holding how many slots are kept.
    static var countWord: Int { 14 }
    /// The first of the ``capacity`` thread words holding the kept slots (retained).
    static var firstWord: Int { 32 }

    /// How many slots the calling thread keeps.
    package static var count: Int { Int(ThreadState.currentWords[countWord]) }

    /// Keeps `slot` for reuse on this thread; `false` (keeping nothing) when the thread holds ``capacity`` already.
    ///
    /// The caller guarantees that `slot` is empty — nothing published, no claim — and that nothing else refers to it
    /// (`isKnownUniquelyReferenced`), so whoever takes it next owns it alone. A thread whose state is gone or not made
    /// yet keeps nothing (a scope released while the thread exits must not make its state again).
    @discardableResult
    package static func keep(_ slot: OnceSlot) -> Bool {
        assert(slot.words[0] == 0 && slot.words[1] == 0, "only an empty, unclaimed slot can be kept")
        guard let raw = loom_thread_state_get() else { return false }
        let words = raw.assumingMemoryBound(to: UInt.self)
        let count = Int(words[countWord])
        guard count < capacity else { return false }
        words[firstWord + count] = UInt(bitPattern: Unmanaged.passRetained(slot).toOpaque())
        words[countWord] = UInt(count + 1)
        return true
    }

    /// A kept slot of exactly class `type`, now owned by the caller alone; `nil` when the thread keeps none (or the
    /// last one kept is of another class).
    package static func take<Slot: OnceSlot>(_ type: Slot.Type) -> Slot? {
        let words = ThreadState.currentWords
        let count = Int(words[countWord])
        guard count > 0 else { return nil }
        let raw = UnsafeRawPointer(bitPattern: words[firstWord + count - 1])!
        let slot = Unmanaged<OnceSlot>.fromOpaque(raw)
        // An exact class match (one comparison of metadata): the slot must be what the caller will use it as.
        guard slot._withUnsafeGuaranteedRef({ Swift.type(of: $0) == Slot.self }) else { return nil }
        words[firstWord + count - 1] = 0
        words[countWord] = UInt(count - 1)
        return unsafeDowncast(slot.takeRetainedValue(), to: Slot.self)
    }

    /// Releases the slots the thread whose words these are keeps (its state is going away).
    static func releaseAll(in words: UnsafeMutablePointer<UInt>) {
        var index = Int(words[countWord])
        while index > 0 {
            index -= 1
            Unmanaged<OnceSlot>.fromOpaque(UnsafeRawPointer(bitPattern: words[firstWord + index])!).release()
        }
        words[countWord] = 0
    }
}
