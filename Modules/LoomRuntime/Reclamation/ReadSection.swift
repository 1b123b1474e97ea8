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
@usableFromInline
package enum ReadSection {
    /// Proof of having entered a section, handed to ``exit(_:)``.
    ///
    /// One word, so functions that return a token with their result still return in registers: the odd sequence
    /// value this thread published on entering, or `0` when the section was nested in another one (which the outer
    /// section's exit closes).
    @usableFromInline
    package struct Token {
        @usableFromInline let entered: UInt

        @inlinable
        init(entered: UInt) { self.entered = entered }
    }

    /// Enters a read section; pair with ``exit(_:)`` on every path, with no user code or blocking in between.
    ///
    /// Nesting is carried by the token rather than a per-thread counter: the sequence is odd exactly while the
    /// thread is inside its outermost section, so entering and leaving are one load and two plain stores of the
    /// thread's own line, with no read-modify-write for the next read to wait on.
    @inlinable @inline(__always)
    package static func enter() -> Token {
        let words = ThreadState.currentWords
        let sequence = words.atomicRelaxed
        guard sequence & 1 == 0 else { return Token(entered: 0) }
        let entered = sequence &+ 1
        if ProcessWord.asymmetricFences.isNonZero {
            // Writers' membarrier orders this store before the loads that follow; only the compiler must not.
            words.atomicStoreRelaxed(entered)
            loom_compiler_barrier()
        } else {
            // Sequentially consistent, so the store is visible before this thread loads any shared pointer.
            words.atomicStoreSequentiallyConsistent(entered)
        }
        return Token(entered: entered)
    }

    /// Leaves the read section entered by ``enter()``.
    ///
    /// Leaving a nested section does nothing; leaving the outermost one is an opaque call (see
    /// `leaveReadSection(entered:)`).
    @inlinable @inline(__always)
    package static func exit(_ token: Token) {
        if token.entered != 0 { leaveReadSection(entered: token.entered) }
    }
}

/// Leaves the thread's outermost read section, which published `entered` (see ``ReadSection/exit(_:)``).
///
/// Deliberately an opaque call: Swift's ARC optimiser sinks a reader's retain of the value it copied out below an
/// inlined store — even past a compiler barrier — and that retain must happen before the thread announces that it
/// has left. No optimiser moves a retain past a call it cannot see into. A free function: a static method's unused
/// metatype makes the optimiser split it into a thunk and a specialisation, two calls per read.
@usableFromInline @inline(never)
func leaveReadSection(entered: UInt) {
    // The outermost section was entered on this thread, so its state exists.
    UnsafeMutableRawPointer(loom_thread_state_get().unsafelyUnwrapped).assumingMemoryBound(to: UInt.self)
        .atomicStoreRelease(entered &+ 1)
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
    private static func orderAgainstReaders() {
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

    /// Runs `body` inside a read section.
    ///
    /// `body` must not call user code or block.
    ///
    /// ```swift
    /// let count = ReadSection.run { section in table.load(in: section)?.withObject { $0.count } }
    /// ```
    @inlinable @inline(__always)
    package static func run<Result>(_ body: (Token) throws -> Result) rethrows -> Result {
        let token = enter()
        defer { exit(token) }
        return try body(token)
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
