public import LoomRuntimeShims

/// The runtime's state for one OS thread, reached through the C shim's thread-local slot (a pointer to `words`).
///
/// - `words[0]`: the read-section sequence, odd while the thread is inside a ``ReadSection`` (atomic: writers read it
///   while waiting for a grace period);
/// - `words[2]`: this object, unretained;
/// - `words[3]`: the number of resolution frames; `words[4]`: the frame buffer (objects being built on this thread,
///   outermost first, unretained: each frame's caller holds its object); `words[5]`: its capacity;
/// - `words[6]`: the construction flow of the thread's current outermost resolution (retained), or `0`;
/// - `words[7]`: the frame chain adopted from a resolution context for that resolution (unretained: the context's
///   binding keeps it alive while the resolution runs), or `0`;
/// - `words[8]`: how many resolutions are open on the thread (see ``ResolutionFrames/beginResolution()``);
/// - `words[9]`, `words[10]`: the task and the object of the innermost synchronous binding (``ThreadContextCache``);
/// - `words[11]`: whether this is the main thread (``MainThread``; `0` until asked);
/// - `words[12]`: a spare construction flow for the thread's next outermost resolution (retained), or `0`;
/// - `words[13]`: which of the thread's remembered hashes is replaced next, and `words[16..<32]`: those hashes
///   (``ThreadHashMemo``);
/// - `words[14]`: how many empty slots the thread keeps for reuse, and `words[32..<48]`: those slots (retained;
///   ``ThreadSpares``).
///
/// Raw words avoid exclusivity checks and reference counting on every resolution, and they sit on their own 512-byte
/// block (four 128-byte lines) so two threads never share a cache line on the read path.
@usableFromInline
final class ThreadState: @unchecked Sendable {
    // Thread-confined: `words[1...]` are touched only by the owning thread, and `words[0]` only atomically.
    let words: UnsafeMutablePointer<UInt>

    private static let blockSize = 512
    private static let initialFrameCapacity = 64

    private init() {
        let wordCount = Self.blockSize / MemoryLayout<UInt>.stride
        precondition(ThreadHashMemo.cursorWord < ThreadHashMemo.firstWord)
        let hashMemoEnd = ThreadHashMemo.firstWord + ThreadHashMemo.wordsPerEntry * ThreadHashMemo.entryCount
        precondition(hashMemoEnd <= ThreadSpares.firstWord)
        precondition(ThreadSpares.firstWord + ThreadSpares.capacity <= wordCount)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: Self.blockSize)
        words = raw.bindMemory(to: UInt.self, capacity: wordCount)
        words.initialize(repeating: 0, count: wordCount)
        words[4] = UInt(bitPattern: UnsafeMutablePointer<UInt>.allocate(capacity: Self.initialFrameCapacity))
        words[5] = UInt(Self.initialFrameCapacity)
    }

    deinit {
        if let spare = UnsafeRawPointer(bitPattern: words[12]) { Unmanaged<AnyObject>.fromOpaque(spare).release() }
        ThreadSpares.releaseAll(in: words)
        UnsafeMutablePointer<UInt>(bitPattern: words[4])!.deallocate()
        UnsafeMutableRawPointer(words).deallocate()
    }

    /// The calling thread's words, created on first use.
    @inlinable @inline(__always)
    static var currentWords: UnsafeMutablePointer<UInt> {
        if let raw = loom_thread_state_get() {
            return raw.assumingMemoryBound(to: UInt.self)
        }
        return makeCurrentThreadState()
    }

    static func makeCurrent() -> UnsafeMutablePointer<UInt> {
        ReadSection.prepareFences()
        let state = ThreadState()
        let unmanaged = Unmanaged.passRetained(state)
        state.words[2] = UInt(bitPattern: unmanaged.toOpaque())
        ThreadRegistry.add(state)
        loom_thread_state_set(UnsafeMutableRawPointer(state.words))
        ThreadExitHook.register(unmanaged.toOpaque())
        return state.words
    }

    static func threadDidExit(_ raw: UnsafeMutableRawPointer) {
        let state = Unmanaged<ThreadState>.fromOpaque(raw)
        loom_thread_state_set(nil)
        ThreadRegistry.remove(state.takeUnretainedValue())
        state.release()
    }
}

/// Creates the calling thread's state (its first resolution) and returns its words.
///
/// A free function: calling a static method of a class from an inlined reader would first call the class's metadata
/// accessor, on every read.
@usableFromInline @inline(never)
func makeCurrentThreadState() -> UnsafeMutablePointer<UInt> {
    ThreadState.makeCurrent()
}

/// Every live thread's state, so writers can wait until no reader still sees what they unlinked.
enum ThreadRegistry {
    private static let threads = LoomLock<[ObjectIdentifier: ThreadState]>([:])

    static func add(_ state: ThreadState) {
        threads.withLock { $0[ObjectIdentifier(state)] = state }
    }

    static func remove(_ state: ThreadState) {
        threads.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(state)) }
    }

    /// Calls `body` with each live thread's words while new threads and exiting threads wait.
    static func forEachThread(_ body: (UnsafeMutablePointer<UInt>) -> Void) {
        threads.withLock { threads in
            for state in threads.values { body(state.words) }
        }
    }
}
