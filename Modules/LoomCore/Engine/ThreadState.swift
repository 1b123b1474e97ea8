public import LoomCoreShims

/// The resolution engine's state for one OS thread.
///
/// Reached through the C shim's thread-local slot, which holds a pointer to `words`:
/// - `words[0]`: the read-section sequence, odd while the thread is inside a ``ReadSection`` (atomic; writers read
///   it while waiting for a grace period);
/// - `words[1]`: unused (read sections carry their nesting in their token);
/// - `words[2]`: this object, unretained;
/// - `words[3]`: the number of resolution frames;
/// - `words[4]`: the frame buffer (entries being built on this thread, outermost first, unretained: each frame's
///   caller holds its entry); `words[5]`: its capacity.
/// Keeping this state in raw words avoids exclusivity checks and reference counting on every resolution, and
/// the words sit on their own 128-byte line so two threads never share a cache line on the read path.
@usableFromInline
package final class ThreadState: @unchecked Sendable {
    // Thread-confined: `words[1...]` are touched only by the owning thread, `waitingFor` only under
    // ConstructionGate's mutex, and `words[0]` only atomically.
    package let words: UnsafeMutablePointer<UInt>
    /// The slot this thread is blocked on while another thread constructs it (guarded by ConstructionGate).
    package var waitingFor: InstanceSlot?

    private static let lineSize = 128
    private static let initialFrameCapacity = 64

    private init() {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.lineSize, alignment: Self.lineSize)
        words = raw.bindMemory(to: UInt.self, capacity: Self.lineSize / MemoryLayout<UInt>.stride)
        words.initialize(repeating: 0, count: Self.lineSize / MemoryLayout<UInt>.stride)
        words[4] = UInt(bitPattern: UnsafeMutablePointer<UInt>.allocate(capacity: Self.initialFrameCapacity))
        words[5] = UInt(Self.initialFrameCapacity)
    }

    deinit {
        UnsafeMutablePointer<UInt>(bitPattern: words[4])!.deallocate()
        UnsafeMutableRawPointer(words).deallocate()
    }

    /// The registrations being built on this thread, outermost first.
    package var resolutionStack: [RegistrationEntry] {
        Self.frames(of: words)
    }

    package static func frames(of words: UnsafeMutablePointer<UInt>) -> [RegistrationEntry] {
        let frames = UnsafeMutablePointer<UInt>(bitPattern: words[4])!
        return (0..<Int(words[3])).map {
            Unmanaged<RegistrationEntry>.fromOpaque(UnsafeRawPointer(bitPattern: frames[$0])!).takeUnretainedValue()
        }
    }

    /// Pushes a frame on the calling thread, growing the buffer when needed.
    @inline(__always)
    package static func pushFrame(_ entry: RegistrationEntry, on words: UnsafeMutablePointer<UInt>) {
        let count = Int(words[3])
        var frames = UnsafeMutablePointer<UInt>(bitPattern: words[4])!
        if count == Int(words[5]) {
            let grown = UnsafeMutablePointer<UInt>.allocate(capacity: count * 2)
            grown.update(from: frames, count: count)
            frames.deallocate()
            frames = grown
            words[4] = UInt(bitPattern: grown)
            words[5] = UInt(count * 2)
        }
        frames[count] = UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque())
        words[3] = UInt(count + 1)
    }

    /// Pops the innermost frame on the calling thread.
    @inline(__always)
    package static func popFrame(on words: UnsafeMutablePointer<UInt>) {
        words[3] &-= 1
    }

    /// Whether `entry` is being built on the calling thread.
    package static func isBuilding(_ entry: RegistrationEntry, on words: UnsafeMutablePointer<UInt>) -> Bool {
        let frames = UnsafeMutablePointer<UInt>(bitPattern: words[4])!
        let bits = UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque())
        for index in 0..<Int(words[3]) where frames[index] == bits { return true }
        return false
    }

    /// The calling thread's state, created on first use.
    @inlinable @inline(__always)
    package static var currentWords: UnsafeMutablePointer<UInt> {
        if let raw = loom_thread_state_get() {
            return raw.assumingMemoryBound(to: UInt.self)
        }
        return makeCurrentThreadState()
    }

    /// The calling thread's state object.
    @inline(__always)
    package static var current: ThreadState {
        Unmanaged<ThreadState>.fromOpaque(UnsafeRawPointer(bitPattern: currentWords[2])!).takeUnretainedValue()
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

    package static func threadDidExit(_ raw: UnsafeMutableRawPointer) {
        let state = Unmanaged<ThreadState>.fromOpaque(raw)
        loom_thread_state_set(nil)
        ThreadRegistry.remove(state.takeUnretainedValue())
        state.release()
    }
}

/// Creates the calling thread's state (its first resolution) and returns its words.
///
/// A free function: calling a static method of a class from an inlined reader would first call the class's
/// metadata accessor, on every read.
@usableFromInline @inline(never)
func makeCurrentThreadState() -> UnsafeMutablePointer<UInt> {
    ThreadState.makeCurrent()
}

/// Every live thread's state, so writers can wait until no reader still sees what they unlinked.
package enum ThreadRegistry {
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
