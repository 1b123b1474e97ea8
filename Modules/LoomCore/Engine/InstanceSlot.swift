/// A cached instance, immutable once published in an ``InstanceSlot``.
@usableFromInline
package class InstanceBox: @unchecked Sendable {
    // Immutable; subclasses hold only values that the public API required to be `Sendable`.
    package init() {}
}

/// Holds a `.singleton` or `.managed` instance strongly.
@usableFromInline
package final class StrongBox<Value>: InstanceBox, @unchecked Sendable {
    // Immutable; boxes are only created for cached scopes, which the public API offers only for `Sendable` values.
    @usableFromInline package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// Holds a `.shared` instance weakly.
@usableFromInline
package final class WeakBox: InstanceBox, @unchecked Sendable {
    // Immutable (a `weak let`); loading a weak reference is thread-safe.
    @usableFromInline package weak let object: AnyObject?
    package init(_ object: AnyObject) { self.object = object }
}

/// The cache cell of one cached registration (or of one argument tuple of it).
///
/// `words[0]` holds the published ``InstanceBox`` (retained by the slot), read with one acquire load.
/// `words[1]` holds the words pointer of the thread currently running the factory, `0` when none: claiming it
/// with a compare-and-swap is what makes construction happen exactly once without holding a lock while user code
/// runs. Other threads that need the instance wait in ``ConstructionGate`` until the builder publishes or fails.
@usableFromInline
package class InstanceSlot: @unchecked Sendable {
    // The two words are only accessed atomically, through `words`. They must stay this root class's first stored
    // property: `words` points at the object's stored-property area (as swift-atomics' `ManagedAtomic` does), which
    // keeps a slot to one allocation and its address stable for the object's lifetime.
    private var storage: (UInt, UInt) = (0, 0)

    package init() {}

    deinit {
        let bits = words.atomicRelaxed
        if bits != 0 { Unmanaged<InstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// The slot's two atomic words: the published box, then the builder.
    @inlinable
    package final var words: UnsafeMutablePointer<UInt> {
        _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: UInt.self)
    }

    /// The published box's bits, or `0`.
    ///
    /// Read inside a read section to dereference without retaining.
    @inlinable
    package final var boxBits: UInt { words.atomicAcquire }

    /// Enters a read section and loads the published box's bits (for inlinable readers).
    @inlinable @inline(__always)
    package final func enterReadSectionLoadingBox() -> (section: ReadSection.Token, bits: UInt) {
        let section = ReadSection.enter()
        return (section, boxBits)
    }

    /// The published box, retained, or `nil`.
    package final var box: InstanceBox? {
        ReadSection.run {
            let bits = boxBits
            guard bits != 0 else { return nil }
            return Unmanaged<InstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
        }
    }

    /// The words pointer of the thread building this slot, or `0`.
    package final var builderBits: UInt { (words + 1).atomicAcquire }

    /// Tries to become this slot's builder.
    package final func claim(by thread: UnsafeMutablePointer<UInt>) -> Bool {
        (words + 1).atomicCompareExchange(expected: 0, desired: UInt(bitPattern: thread))
    }

    /// Gives up the builder role and wakes threads waiting for this slot.
    package final func releaseClaim() {
        (words + 1).atomicStoreRelease(0)
        ConstructionGate.wakeWaiters()
    }

    /// Publishes `box`, returning the previous box (to release after a grace period).
    package final func publish(_ box: InstanceBox) -> Unmanaged<InstanceBox>? {
        let old = words.atomicExchange(UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()))
        return old == 0 ? nil : Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: old)!)
    }

    /// Unpublishes the cached instance, returning it (to release after a grace period).
    package final func clear() -> Unmanaged<InstanceBox>? {
        let old = words.atomicExchange(0)
        return old == 0 ? nil : Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: old)!)
    }
}

/// The slot of a lazily injected property (``_ResolvedValueCell``), which can also publish its first value for
/// reads that need no read section.
///
/// `words[2]` holds the box of the cell's first value, retained by this slot and never released before it, once
/// that value is known to be the current one; bit 0 set ("replaced") once the cell has been, or is about to be,
/// given another value. While `words[2]` holds an untagged box, a reader copies the value straight out of it: the box
/// cannot go away under the reader, because nothing frees it before the slot itself. After the first replacement,
/// readers take the read-section path through `words[0]` as every other slot does, and the first box lives on until
/// the slot is released — the price of the unsynchronised reads before.
@usableFromInline
package final class ValueCellSlot: InstanceSlot, @unchecked Sendable {
    // Accessed only atomically, through `words + 2`: laid out right after the root class's two words.
    private var firstBox: UInt = 0

    override package init() {
        super.init()
        #if DEBUG
            let firstBoxAddress = withUnsafeMutablePointer(to: &firstBox) { UnsafeMutableRawPointer($0) }
            assert(
                firstBoxAddress == UnsafeMutableRawPointer(words + 2),
                "ValueCellSlot's first-box word must follow InstanceSlot's two words"
            )
        #endif
    }

    deinit {
        let bits = (words + 2).atomicRelaxed & ~1
        if bits != 0 { Unmanaged<InstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// Publishes the current box as the first value for unsynchronised reads, unless the slot was ever replaced.
    ///
    /// Call after the slot's first fill. A replacement marks the slot before publishing its new box, so a first box
    /// adopted here is always the value the slot held when nothing had replaced it.
    package func adoptFirstBox() {
        guard (words + 2).atomicAcquire == 0, let box else { return }
        let bits = UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())
        if !(words + 2).atomicCompareExchange(expected: 0, desired: bits) {
            Unmanaged<InstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
        }
    }

    /// Sends every later read through the read section; call before replacing the slot's value.
    package func markReplaced() {
        while true {
            let current = (words + 2).atomicAcquire
            if current & 1 == 1 || (words + 2).atomicCompareExchange(expected: current, desired: current | 1) {
                return
            }
        }
    }
}

/// Where threads wait while another thread constructs a cached instance they need.
///
/// One process-wide mutex and condition variable: construction races are rare and short, so a broadcast to
/// every waiter is cheaper than per-slot condition variables. The mutex also guards every thread's
/// `waitingFor`, which turns "thread A waits for a slot thread B builds, while B waits for a slot A builds" into a
/// cycle error instead of a deadlock.
package enum ConstructionGate {
    private static let condition = PlatformCondition()
    /// Waiting threads; lets builders skip the broadcast when nobody waits.
    private static let waiters = AtomicWord()

    /// Wakes every waiting thread so it can re-check its slot.
    package static func wakeWaiters() {
        // Pairs with the fence in `waitWhileBuilding`: either this sees the waiter, or the waiter sees the release.
        atomicFenceSequentiallyConsistent()
        guard waiters.acquire != 0 else { return }
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until `slot` is no longer being built by the thread that built it when this call started.
    ///
    /// - Returns: `false` without waiting when waiting would deadlock (the builder is, transitively, waiting for
    ///   the calling thread); the caller reports a dependency cycle.
    package static func waitWhileBuilding(_ slot: InstanceSlot, by builder: UInt, as waiter: ThreadState) -> Bool {
        waiters.increment()
        atomicFenceSequentiallyConsistent()
        defer { waiters.decrement() }
        condition.lock()
        defer { condition.unlock() }
        // The builder cannot finish (and its thread cannot exit) without this mutex, so its state stays valid.
        var next = slot.builderBits
        while next != 0 {
            if next == UInt(bitPattern: waiter.words) { return false }
            let owner = UnsafeMutablePointer<UInt>(bitPattern: next)!
            let ownerState = Unmanaged<ThreadState>.fromOpaque(UnsafeRawPointer(bitPattern: owner[2])!)
                .takeUnretainedValue()
            next = ownerState.waitingFor?.builderBits ?? 0
        }
        waiter.waitingFor = slot
        while slot.builderBits == builder {
            condition.wait()
        }
        waiter.waitingFor = nil
        return true
    }
}
