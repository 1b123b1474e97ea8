/// Lock-free reading of the engine's shared structures, with reclamation after a grace period.
///
/// Readers (every resolution) enter a read section, load pointers to lookup tables, entries and cached
/// instances without retaining them, and leave. A read section costs one thread-local load and two stores to the
/// thread's own cache line; it never writes memory another thread reads on its fast path, which is what lets two
/// threads resolve the same singleton at full speed.
///
/// Writers (registration, cleanup, cache resets) unlink an object, call ``synchronize()`` — which waits until
/// every thread that was inside a read section at the time has left it — and only then release the object.
/// Read sections never contain user code (factories run outside them), so the wait is always short and a writer
/// can never wait for itself.
@usableFromInline
package enum ReadSection {
    /// What ``exit(_:)`` needs to leave the section entered by ``enter()``.
    @usableFromInline
    package struct Token {
        @usableFromInline let words: UnsafeMutablePointer<UInt>
        @usableFromInline let depth: UInt
        @usableFromInline let sequence: UInt
    }

    /// Enters a read section; pair with ``exit(_:)`` on every path, with no user code or blocking in between.
    @usableFromInline
    package static func enter() -> Token {
        let words = ThreadState.currentWords
        let depth = words[1]
        let sequence = words.atomicRelaxed
        if depth == 0 {
            // Sequentially consistent, so the store is visible before this thread loads any shared pointer.
            words.atomicStoreSequentiallyConsistent(sequence &+ 1)
        }
        words[1] = depth &+ 1
        return Token(words: words, depth: depth, sequence: sequence)
    }

    /// Leaves the read section entered by ``enter()``.
    @usableFromInline
    package static func exit(_ token: Token) {
        token.words[1] = token.depth
        if token.depth == 0 { token.words.atomicStoreRelease(token.sequence &+ 2) }
    }

    /// Runs `body` inside a read section.
    ///
    /// `body` must not call user code or block.
    @inline(__always)
    package static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        let token = enter()
        defer { exit(token) }
        return try body()
    }

    /// Waits until every thread that may still hold a pointer unlinked before this call has left its read section.
    package static func synchronize() {
        atomicFenceSequentiallyConsistent()
        let ownWords = ThreadState.currentWords
        assert(ownWords[1] == 0, "a Loom writer ran inside a read section")
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
