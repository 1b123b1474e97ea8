public import LoomRuntimeShims

/// Lock-free reading of the engine's shared structures, with reclamation after a grace period.
///
/// Readers (every resolution) enter a read section, load pointers to lookup tables, entries and cached
/// instances without retaining them, and leave. A read section costs a thread-local load and two plain stores to
/// the thread's own cache line; it never writes memory another thread reads on its fast path, which is what lets
/// two threads resolve the same singleton at full speed.
///
/// Writers (registration, cleanup, cache resets) unlink an object, call ``synchronize()`` — which waits until
/// every thread that was inside a read section at the time has left it — and only then release the object.
/// Factories and hooks run outside read sections. The only user code inside one is the `==` and `hash(into:)` of
/// value keys and factory arguments, which must be pure (never resolve, register or block — the registration APIs say
/// so), so the wait is always short and a writer can never wait for itself.
///
/// Entering must order the thread's "I am reading" store before its pointer loads. On Linux the writer provides
/// that order for everyone with one `membarrier` system call (the asymmetric fence of userspace RCU), so a reader
/// needs only a compiler barrier; where that is unavailable (other kernels, Darwin, sanitised builds) each reader
/// issues a sequentially consistent store instead.
///
/// Readers hold a ``ReadLease``; writers call ``synchronize()``.
@usableFromInline
package enum ReadSection {}

/// A read section held open: what every lock-free read of the engine's shared structures borrows, ended exactly once.
///
/// Non-copyable, so a section can be neither left twice nor forgotten: its holder ends it with ``end()`` once it has
/// copied out (and retained) what it read, and a lease that goes away without that — an early return, a thrown error —
/// ends in its `deinit`. The functions that read under it borrow it.
/// No user code and nothing that blocks runs while it is held (see ``ReadSection``).
///
/// ```swift
/// let lease = ReadLease()
/// let count = table.load(in: lease)?.withObject(in: lease) { $0.count }
/// lease.end()
/// ```
///
/// One word, so a result that carries its lease still returns in registers: the odd sequence value this thread
/// published on entering, or `0` when the section was nested in another one (which the outer lease ends). Nesting is
/// carried by the lease rather than a per-thread counter: the sequence is odd exactly while the thread is inside its
/// outermost section, so entering and leaving are one load and two plain stores of the thread's own line, with no
/// read-modify-write for the next read to wait on.
@frozen @usableFromInline
package struct ReadLease: ~Copyable {
    @usableFromInline let entered: UInt

    /// Enters a read section.
    @inlinable @inline(__always)
    package init() {
        let words = ThreadState.currentWords
        let sequence = words.atomicRelaxed
        guard sequence & 1 == 0 else {
            entered = 0
            return
        }
        let entered = sequence &+ 1
        if ProcessWord.asymmetricFences.isNonZero {
            // Writers' membarrier orders this store before the loads that follow; only the compiler must not.
            words.atomicStoreRelaxed(entered)
            loom_compiler_barrier()
        } else {
            // Sequentially consistent, so the store is visible before this thread loads any shared pointer.
            words.atomicStoreSequentiallyConsistent(entered)
        }
        self.entered = entered
    }

    @inlinable @inline(__always)
    init(entered: UInt) { self.entered = entered }

    /// A lease on no section, for a read whose references something else keeps alive (a task's resolution context),
    /// returned where other reads of the same kind return a lease they hold.
    @inlinable @inline(__always)
    package static var empty: ReadLease { ReadLease(entered: 0) }

    /// Leaves the section: nothing read under the lease may be used after this, unless it was retained.
    ///
    /// Leaving a nested section does nothing; leaving the outermost one is an opaque call (see
    /// `leaveReadSection(entered:)`).
    @inlinable @inline(__always)
    package consuming func end() {
        // The lease goes away here, and its `deinit` leaves the section.
    }

    @inlinable
    deinit {
        if entered != 0 { leaveReadSection(entered: entered) }
    }

    /// Runs `body` under a lease of its own.
    ///
    /// ```swift
    /// let count = ReadLease.run { lease in table.load(in: lease)?.withObject(in: lease) { $0.count } }
    /// ```
    @inlinable @inline(__always)
    package static func run<Result>(_ body: (borrowing ReadLease) throws -> Result) rethrows -> Result {
        let lease = ReadLease()
        let result = try body(lease)
        lease.end()
        return result
    }
}

/// A lease belongs to the thread that took it: its section is that thread's.
@available(*, unavailable)
extension ReadLease: Sendable {}

/// Leaves the thread's outermost read section, which published `entered` (see ``ReadLease/end()``).
///
/// Deliberately an opaque call: Swift's ARC optimiser sinks a reader's retain of the value it copied out below an
/// inlined store — even past a compiler barrier — and that retain must happen before the thread announces that it
/// has left. No optimiser moves a retain past a call it cannot see into. A free function: a static method's unused
/// metatype makes the optimiser split it into a thunk and a specialisation, two calls per read.
@usableFromInline @inline(never)
func leaveReadSection(entered: UInt) {
    // The outermost section was entered on this thread, so its state exists.
    let sequence = UnsafeMutableRawPointer(loom_thread_state_get().unsafelyUnwrapped).assumingMemoryBound(to: UInt.self)
    // A lease ended on another thread would leave its own thread inside a section for good, and end another's.
    assert(sequence.atomicRelaxed == entered, "a read lease ended on another thread than the one that took it")
    sequence.atomicStoreRelease(entered &+ 1)
}

extension ReadSection {
    /// Whether this process uses asymmetric fences; decided once, before any reader relies on them.
    private static let usesAsymmetricFences: Bool = {
        guard loom_membarrier_register() == 1 else { return false }
        ProcessWord.asymmetricFences.store(1)
        return true
    }()

    /// Called when a thread first enters the engine, so the fence strategy is settled before its first read.
    static func prepareFences() {
        _ = usesAsymmetricFences
    }

    /// The writer's half of the read-section protocol: after this, every reader either is visibly inside a section
    /// or will see what this writer unlinked.
    ///
    /// Internal rather than private for the litmus test that checks it.
    static func orderAgainstReaders() {
        atomicFenceSequentiallyConsistent()
        guard usesAsymmetricFences else { return }
        if loom_membarrier() == 0 { return }
        // A forked child is not registered yet: register it and retry.
        if loom_membarrier_register() == 1, loom_membarrier() == 0 { return }
        // No way to fence other threads: make new read sections fence themselves, and give running ones time to
        // finish their current instruction sequence.
        ProcessWord.asymmetricFences.store(0)
        yieldThread()
        atomicFenceSequentiallyConsistent()
    }

    /// Waits until every thread that may still hold a pointer unlinked before this call has left its read section.
    package static func synchronize() {
        orderAgainstReaders()
        let ownWords = ThreadState.currentWords
        assert(ownWords.atomicRelaxed & 1 == 0, "a Loom writer ran inside a read section")
        ThreadRegistry.forEachThread { words in
            guard words != ownWords else { return }
            let observed = words.atomicAcquire
            guard observed & 1 == 1 else { return }
            var spins = 0
            while words.atomicAcquire == observed {
                spins += 1
                if spins > 64 { yieldThread() }
            }
        }
    }
}
