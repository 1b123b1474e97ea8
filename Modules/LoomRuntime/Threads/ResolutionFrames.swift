/// The identity of one construction in progress: the builder recorded in every ``OnceSlot`` it claims.
///
/// A synchronous resolution gets a flow when it first claims a slot and keeps it until its outermost resolution ends.
/// Work that continues a construction elsewhere — another thread adopting a captured construction, a load inside an
/// `async` factory, a child task — claims slots as a *child* flow whose `parent` is the construction it continues, so
/// siblings working for one construction wait for each other like strangers, while reaching a slot built by one's own
/// flow or an ancestor (which is waiting for its children) is a cycle, never a wait. A blocked flow records the slot
/// in `waitingFor`, so a waiter can see that the builder it would wait for is (transitively) waiting for it.
///
/// An asynchronous construction frame claims as its own ``FrameChain`` link (a subclass): one object per frame.
@usableFromInline
package class ConstructionFlow: @unchecked Sendable {
    // `parent` is immutable; `waitingFor` and `handedOver` are read and written only under ConstructionGate's mutex.
    /// The construction this flow continues, or `nil` for one that started on its own.
    package let parent: ConstructionFlow?
    var waitingFor: OnceSlot?
    /// What the build this flow waited for ended with, when its builder handed it over (see ``ConstructionGate``).
    var handedOver: ConstructionGate.Outcome?

    /// Creates a flow identity, continuing `parent` when given.
    package init(parent: ConstructionFlow? = nil) {
        self.parent = parent
    }

    /// The flow's identity as stored in a slot's builder word.
    package var bits: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// Whether this flow is the one `builder` identifies, or continues it (directly or through other flows).
    ///
    /// Compares identities only, so `builder` may name a flow that no longer exists.
    package func continues(_ builder: UInt) -> Bool {
        var flow: ConstructionFlow? = self
        while let current = flow {
            if current.bits == builder { return true }
            flow = current.parent
        }
        return false
    }
}

/// The objects being built by the resolutions that led to the current one, as a list that can travel in a
/// task-local context across threads and suspension points.
///
/// Each link is also a ``ConstructionFlow``: an asynchronous construction frame pushes one link and claims its slot
/// as that link, continuing the flow it was given, so a frame costs one object rather than two. (Links captured from
/// a synchronous resolution continue no flow and claim nothing: the synchronous path keeps its flow apart.)
///
/// An asynchronous frame's link *ends* with its construction (``end()``): a task started inside the factory copied
/// the context that holds it, and may outlive the construction by far. An ended link lets its object go and is
/// skipped by every reader (``active``), so that task is not mistaken for part of a construction that is over — a
/// later load of the same registration from it is no cycle — and keeps no registration alive.
///
/// ```swift
/// let chain = FrameChain(outer: nil, object: outerEntry)
/// chain.contains(outerEntry)   // true
/// ```
@usableFromInline
package final class FrameChain: ConstructionFlow, @unchecked Sendable {
    // `outer` and `depth` are immutable; `held` is read and written only under the link's stripe of `stripes` (it
    // goes when the link ends); the flow part's `waitingFor` is guarded as ConstructionFlow says.
    private var held: (any AnyObject & Sendable)?
    /// Whether the link counts itself in ``ProcessWord/activeChains`` until it ends (an asynchronous frame's does).
    private let countsItself: Bool
    /// The frames outside it.
    package let outer: FrameChain?
    /// The number of objects in the chain.
    package let depth: Int

    /// The locks guarding the links' objects, a link using the one its address picks: a lock of its own would be one
    /// more allocation per asynchronous construction, and a link's object is read only a few times in its life.
    private static let stripes = (0..<16).map { _ in LoomLock<UInt8>(0) }

    private var stripe: LoomLock<UInt8> { Self.stripes[Int(truncatingIfNeeded: bits >> 6) & 15] }

    /// A chain with `object` on top of `outer`; as a flow, it continues `flow`.
    ///
    /// A link that `countsItself` is counted as an active construction until it ends (or goes).
    package init(
        outer: FrameChain?, object: any AnyObject & Sendable, continuing flow: ConstructionFlow? = nil,
        countsItself: Bool = false
    ) {
        self.outer = outer
        held = object
        self.countsItself = countsItself
        depth = (outer?.depth ?? 0) + 1
        super.init(parent: flow)
        if countsItself { ProcessWord.activeChains.increment() }
    }

    deinit {
        // Nothing else refers to the link any more: no lock needed.
        if countsItself, held != nil { ProcessWord.activeChains.decrement() }
    }

    /// The innermost object; `nil` once the link ended.
    package var object: (any AnyObject & Sendable)? { stripe.withLock { _ in held } }

    /// Whether this link counts itself as an active construction (then a context holding it need not).
    package var isSelfCounting: Bool { countsItself }

    /// Whether the construction of this link's frame is over.
    package var isEnded: Bool { stripe.withLock { _ in held == nil } }

    /// Ends the link: its construction is over, whoever still holds a context with it.
    @usableFromInline
    package func end() {
        // The object is released after the lock: its release may run a deinitialiser of the app's.
        let dropped = stripe.withLock { _ in
            defer { held = nil }
            return held
        }
        if dropped != nil, countsItself { ProcessWord.activeChains.decrement() }
    }

    /// The innermost link of this chain whose construction is still in progress; `nil` when every one has ended.
    package var active: FrameChain? {
        var node: FrameChain? = self
        while let current = node, current.isEnded { node = current.outer }
        return node
    }

    /// Whether `object` is in the chain.
    package func contains(_ object: AnyObject) -> Bool {
        var node: FrameChain? = self
        while let current = node {
            if current.object === object { return true }
            node = current.outer
        }
        return false
    }

    /// The chain's objects, outermost first.
    package var objects: [any AnyObject & Sendable] {
        var result: [any AnyObject & Sendable] = []
        result.reserveCapacity(depth)
        var node: FrameChain? = self
        while let current = node {
            if let object = current.object { result.append(object) }
            node = current.outer
        }
        return result.reversed()
    }
}

/// The resolutions in progress on the calling thread: a stack of frames (the objects being built, for cycle
/// detection and dependency recording), the construction flow they belong to, and the chain adopted from a
/// resolution context when the resolution started elsewhere.
///
/// Frames are a per-thread cache of the chain: a synchronous factory cannot suspend, so while it runs, its thread's
/// frames are exact. They never outlive the synchronous call that pushed them; what must travel across threads or
/// suspension points is captured (``capture()``) into a ``FrameChain`` and a ``ConstructionFlow``, carried by the
/// resolution context and adopted (``adopt(chain:flow:)``) where the resolution continues.
///
/// ```swift
/// let frames = ResolutionFrames.current
/// let isOutermost = frames.beginResolution()
/// defer { frames.endResolution(isOutermost) }
/// frames.push(entry)
/// defer { frames.pop() }
/// ```
@usableFromInline @frozen
package struct ResolutionFrames {
    @usableFromInline let words: UnsafeMutablePointer<UInt>

    /// The calling thread's frames.
    @inlinable @inline(__always)
    package static var current: ResolutionFrames { ResolutionFrames(words: ThreadState.currentWords) }

    @inlinable @inline(__always)
    init(words: UnsafeMutablePointer<UInt>) { self.words = words }

    // MARK: Resolutions

    /// Opens a resolution; returns whether it is the thread's outermost one (then close it with `true`).
    ///
    /// The outermost resolution owns the flow and the adopted chain: they are dropped when it closes.
    @inlinable @inline(__always)
    package func beginResolution() -> Bool {
        let open = words[8]
        words[8] = open &+ 1
        return open == 0
    }

    /// Ends the resolution begun by ``beginResolution()``.
    @inlinable @inline(__always)
    package func endResolution(_ wasOutermost: Bool) {
        words[8] &-= 1
        if wasOutermost, words[6] | words[7] != 0 { resetOutermostState() }
    }

    @usableFromInline
    func resetOutermostState() {
        let flowBits = words[6]
        words[6] = 0
        words[7] = 0
        guard let raw = UnsafeRawPointer(bitPattern: flowBits) else { return }
        var flow = Unmanaged<ConstructionFlow>.fromOpaque(raw).takeRetainedValue()
        // A root flow nothing else holds — not captured into a context, not waiting — is kept as the thread's spare
        // for its next outermost resolution: a request scope builds each of its `.scoped` instances in a resolution
        // of its own, and without the spare each would allocate a flow (the request-scope row fails its target
        // then). Its identity is free: a construction gives up its claims before its resolution ends, and only
        // holders could remember it.
        if words[12] == 0, flow.parent == nil, isKnownUniquelyReferenced(&flow) {
            words[12] = UInt(bitPattern: Unmanaged.passRetained(flow).toOpaque())
        }
    }

    /// Continues, on this thread, the construction that `chain` and `flow` describe (captured elsewhere): cycle checks
    /// see the chain, and slots are claimed as a child of `flow`.
    ///
    /// Call at the start of the outermost resolution; the chain must stay alive until that resolution ends (the context that
    /// carries it is bound for that long).
    package func adopt(chain: FrameChain?, flow: ConstructionFlow?) {
        if let chain { words[7] = UInt(bitPattern: Unmanaged.passUnretained(chain).toOpaque()) }
        if let flow {
            if let raw = UnsafeRawPointer(bitPattern: words[6]) {
                Unmanaged<ConstructionFlow>.fromOpaque(raw).release()
            }
            words[6] = UInt(bitPattern: Unmanaged.passRetained(ConstructionFlow(parent: flow)).toOpaque())
        }
    }

    /// The identity of ``flow`` (as a slot's builder word holds it), without retaining the flow: the thread keeps it
    /// until its outermost resolution closes.
    ///
    /// Call it inside a resolution (``beginResolution()``): on first need it takes the thread's spare flow, or makes
    /// one, for that resolution.
    package var flowBits: UInt {
        if words[6] != 0 { return words[6] }
        if words[12] != 0 {
            // The spare's retain moves to `words[6]`.
            words[6] = words[12]
            words[12] = 0
        } else {
            words[6] = UInt(bitPattern: Unmanaged.passRetained(ConstructionFlow()).toOpaque())
        }
        return words[6]
    }

    /// The flow the current resolution claims slots as, created on first need.
    package var flow: ConstructionFlow {
        Unmanaged<ConstructionFlow>.fromOpaque(UnsafeRawPointer(bitPattern: flowBits)!).takeUnretainedValue()
    }

    /// The current construction as it can travel: the adopted chain plus this thread's frames, and the flow.
    ///
    /// Outside any resolution the flow is a new one, kept by nothing here (the thread may start unrelated
    /// resolutions meanwhile).
    package func capture() -> (chain: FrameChain?, flow: ConstructionFlow) {
        let flow = words[8] == 0 ? ConstructionFlow() : self.flow
        var chain = adoptedChain
        for object in frameObjects {
            // Only Sendable objects are pushed (`push(_:)`); `Sendable` has no run-time representation to check.
            chain = FrameChain(outer: chain, object: unsafeBitCast(object, to: (any AnyObject & Sendable).self))
        }
        return (chain, flow)
    }

    // MARK: Frames

    /// The number of frames on this thread (not counting an adopted chain).
    @inlinable @inline(__always)
    package var depth: Int { Int(words[3]) }

    /// Whether the current resolution continues one adopted from a resolution context.
    @inlinable @inline(__always)
    package var hasAdoptedChain: Bool { words[7] != 0 }

    /// The number of frames including an adopted chain: what a depth limit counts.
    package var totalDepth: Int { depth + (adoptedChain?.depth ?? 0) }

    /// Pushes `object`, growing the buffer when needed.
    @inlinable @inline(__always)
    package func push(_ object: any AnyObject & Sendable) {
        let count = Int(words[3])
        if count == Int(words[5]) { grow() }
        UnsafeMutablePointer<UInt>(bitPattern: words[4]).unsafelyUnwrapped[count] = UInt(
            bitPattern: Unmanaged.passUnretained(object).toOpaque())
        words[3] = UInt(count + 1)
    }

    @usableFromInline
    func grow() {
        let count = Int(words[3])
        let frames = UnsafeMutablePointer<UInt>(bitPattern: words[4])!
        let grown = UnsafeMutablePointer<UInt>.allocate(capacity: count * 2)
        grown.update(from: frames, count: count)
        frames.deallocate()
        words[4] = UInt(bitPattern: grown)
        words[5] = UInt(count * 2)
    }

    /// Pops the innermost frame.
    @inlinable @inline(__always)
    package func pop() {
        words[3] &-= 1
    }

    /// Whether `object` is being built by the current resolution (on this thread, or in the adopted chain).
    package func contains(_ object: AnyObject) -> Bool {
        let frames = UnsafeMutablePointer<UInt>(bitPattern: words[4])!
        let bits = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        for index in 0..<Int(words[3]) where frames[index] == bits { return true }
        return adoptedChain?.contains(object) ?? false
    }

    /// Every object being built, outermost first: the adopted chain, then this thread's frames.
    package var objects: [AnyObject] {
        (adoptedChain?.objects.map { $0 as AnyObject } ?? []) + frameObjects
    }

    /// The innermost object being built, if any.
    package var innermost: AnyObject? {
        let count = Int(words[3])
        if count > 0 {
            let frames = UnsafeMutablePointer<UInt>(bitPattern: words[4])!
            return Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: frames[count - 1])!)
                .takeUnretainedValue()
        }
        return adoptedChain?.object.map { $0 as AnyObject }
    }

    private var frameObjects: [AnyObject] {
        let frames = UnsafeMutablePointer<UInt>(bitPattern: words[4])!
        return (0..<Int(words[3])).map {
            Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: frames[$0])!).takeUnretainedValue()
        }
    }

    private var adoptedChain: FrameChain? {
        guard let raw = UnsafeRawPointer(bitPattern: words[7]) else { return nil }
        return Unmanaged<FrameChain>.fromOpaque(raw).takeUnretainedValue()
    }
}
