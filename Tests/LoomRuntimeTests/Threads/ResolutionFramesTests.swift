import LoomRuntime
import LoomTestSupport
import Testing

/// The resolutions in progress on one thread: its frames, the flow its outermost scope owns, and a chain adopted from
/// elsewhere — plus `FrameChain` and `ConstructionFlow`, the forms they travel in.
///
/// Every test is synchronous, so it runs on one thread from start to end, and leaves that thread's frames as it found
/// them (no frame pushed, no scope open): the first expectation of each checks that the previous test did too.
@Suite struct ResolutionFramesTests {
    private func expectIdle(_ frames: ResolutionFrames, _ comment: Comment? = nil) {
        #expect(frames.depth == 0, comment)
        #expect(!frames.hasAdoptedChain, comment)
        #expect(frames.totalDepth == 0, comment)
        #expect(frames.innermost == nil, comment)
    }

    // MARK: Frames

    @Test func pushedFramesAreCountedFoundAndListedOutermostFirst() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let (a, b, c, absent) = (Marker(1), Marker(2), Marker(3), Marker(4))
        frames.push(a)
        frames.push(b)
        frames.push(c)
        #expect(frames.depth == 3)
        #expect(frames.totalDepth == 3)
        #expect(frames.contains(a) && frames.contains(b) && frames.contains(c))
        #expect(!frames.contains(absent))
        #expect(frames.innermost === c)
        #expect(frames.objects.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        frames.pop()
        #expect(frames.depth == 2)
        #expect(frames.innermost === b)
        #expect(!frames.contains(c))
        frames.pop()
        frames.pop()
        expectIdle(frames)
        #expect(frames.objects.isEmpty)
    }

    /// The buffer starts with room for 64 frames and grows; nothing pushed before the growth is lost.
    @Test func framesGrowPastTheirFirstBufferAndKeepEveryFrame() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let markers = (0..<300).map(Marker.init)
        for marker in markers { frames.push(marker) }
        #expect(frames.depth == 300)
        #expect(markers.allSatisfy(frames.contains))
        #expect(frames.objects.map(ObjectIdentifier.init) == markers.map(ObjectIdentifier.init))
        #expect(frames.innermost === markers.last)
        for _ in markers { frames.pop() }
        expectIdle(frames)
    }

    // MARK: Scopes and flows

    @Test func onlyTheFirstScopeOpenedOnAThreadIsTheOutermost() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let outer = frames.beginResolution()
        let inner = frames.beginResolution()
        #expect(outer)
        #expect(!inner)
        frames.endResolution(inner)
        let again = frames.beginResolution()
        #expect(!again)
        frames.endResolution(again)
        frames.endResolution(outer)
        let next = frames.beginResolution()
        #expect(next)
        frames.endResolution(next)
    }

    /// The flow is made on first need and is the same for the whole outermost resolution; when that resolution ends, a
    /// flow nothing else holds is kept as the thread's spare and serves the next outermost resolution (no allocation
    /// per construction), while the thread claims nothing between resolutions.
    @Test func theOutermostResolutionOwnsOneFlowAndAnUnsharedOneServesTheNext() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let outer = frames.beginResolution()
        let flow = Weak(frames.flow)
        #expect(flow.object != nil)
        #expect(frames.flow === flow.object)
        let inner = frames.beginResolution()
        #expect(frames.flow === flow.object)
        frames.endResolution(inner)
        #expect(flow.object != nil)
        frames.endResolution(outer)
        expectIdle(frames)

        let next = frames.beginResolution()
        #expect(frames.flow === flow.object)
        frames.endResolution(next)
    }

    /// A flow that escaped its scope — captured into a context that may continue the construction elsewhere — is never
    /// reused: the next outermost scope gets a new identity, so the escaped construction cannot mistake the thread's
    /// next, unrelated claims for its own.
    @Test func aCapturedFlowIsNotReusedByTheNextScope() {
        let frames = ResolutionFrames.current
        let outer = frames.beginResolution()
        let captured = frames.capture().flow
        frames.endResolution(outer)

        let next = frames.beginResolution()
        #expect(frames.flow !== captured)
        #expect(!frames.flow.continues(captured.bits))
        frames.endResolution(next)
        withExtendedLifetime(captured) {}
    }

    /// Adopting a flow replaces (and releases) the thread's own with a child of the adopted one — siblings continuing
    /// one construction must not mistake each other's claims for their own — which the frames keep until the
    /// outermost scope closes, and then release along with the parent.
    @Test func anAdoptedFlowIsContinuedByAChildUntilTheOutermostScopeCloses() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let outer = frames.beginResolution()
        let own = Weak(frames.flow)
        var adopted = Weak<ConstructionFlow>(nil)
        do {
            let flow = ConstructionFlow()
            adopted = Weak(flow)
            frames.adopt(chain: nil, flow: flow)
        }
        #expect(own.object == nil)
        #expect(adopted.object != nil)
        #expect(frames.flow !== adopted.object)
        #expect(frames.flow.parent === adopted.object)
        #expect(frames.flow.continues(adopted.object?.bits ?? 0))
        #expect(!frames.hasAdoptedChain)
        frames.endResolution(outer)
        #expect(adopted.object == nil)
        expectIdle(frames)
    }

    /// A flow continues itself and its ancestors, and nothing else: not its children, not its siblings.
    @Test func aFlowContinuesItselfAndItsAncestorsOnly() {
        let root = ConstructionFlow()
        let child = ConstructionFlow(parent: root)
        let sibling = ConstructionFlow(parent: root)
        let grandchild = ConstructionFlow(parent: child)
        #expect(grandchild.continues(grandchild.bits))
        #expect(grandchild.continues(child.bits))
        #expect(grandchild.continues(root.bits))
        #expect(!grandchild.continues(sibling.bits))
        #expect(!root.continues(child.bits))
        #expect(!child.continues(sibling.bits))
        #expect(!child.continues(0))
    }

    /// `flowBits` is the identity of the flow the outermost scope owns, made (or taken from the spare) on first need
    /// and then the same for the whole scope; `flow` is the object it names.
    @Test func flowBitsNameTheScopesFlowWithoutAnotherOne() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let outer = frames.beginResolution()
        let bits = frames.flowBits
        #expect(bits != 0)
        #expect(frames.flowBits == bits)
        #expect(frames.flow.bits == bits)
        let inner = frames.beginResolution()
        #expect(frames.flowBits == bits, "a nested scope claims as the same flow")
        frames.endResolution(inner)
        frames.endResolution(outer)
        expectIdle(frames)
    }

    /// A frame-chain link is also a flow: it continues the flow it was given (and that flow's ancestors), while as a
    /// chain it lists the objects outside it — the two lineages are independent.
    @Test func aChainLinkIsAFlowContinuingTheFlowItWasGiven() {
        let root = ConstructionFlow()
        let (a, b) = (Marker(1), Marker(2))
        let outer = FrameChain(outer: nil, object: a)
        let link = FrameChain(outer: outer, object: b, continuing: root)
        #expect(link.continues(link.bits))
        #expect(link.continues(root.bits))
        #expect(!link.continues(outer.bits), "the outer link is not an ancestor flow")
        #expect(!root.continues(link.bits))
        #expect(link.parent === root)
        #expect(outer.parent == nil)
        #expect(link.depth == 2)
        #expect(link.objects.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
    }

    // MARK: Adopted chains

    /// An adopted chain counts as frames of the current resolution: it is searched, counted and listed before this
    /// thread's own frames, and it is dropped when the outermost scope closes.
    @Test func anAdoptedChainJoinsTheCurrentResolutionUntilTheOutermostScopeCloses() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let (a, b, c) = (Marker(1), Marker(2), Marker(3))
        let chain = FrameChain(outer: FrameChain(outer: nil, object: a), object: b)
        let outer = frames.beginResolution()
        frames.adopt(chain: chain, flow: nil)
        #expect(frames.hasAdoptedChain)
        #expect(frames.depth == 0)
        #expect(frames.totalDepth == 2)
        #expect(frames.contains(a) && frames.contains(b))
        #expect(frames.innermost === b)
        frames.push(c)
        #expect(frames.depth == 1)
        #expect(frames.totalDepth == 3)
        #expect(frames.innermost === c)
        #expect(frames.objects.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        frames.pop()
        frames.endResolution(outer)
        // The frames hold the adopted chain unretained: its owner keeps it until the outermost scope has closed.
        withExtendedLifetime(chain) {}
        expectIdle(frames)
        #expect(!frames.contains(a))
    }

    // MARK: Capture

    /// Outside any scope a capture gets a new flow that nothing on the thread keeps: the thread may start unrelated
    /// resolutions meanwhile.
    @Test func aCaptureOutsideAnyScopeGetsAFreshFlowTheThreadDoesNotKeep() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let first = frames.capture()
        let second = frames.capture()
        #expect(first.chain == nil)
        #expect(first.flow !== second.flow)
        let scope = frames.beginResolution()
        #expect(frames.flow !== first.flow)
        #expect(frames.flow !== second.flow)
        frames.endResolution(scope)
        var captured = Weak<ConstructionFlow>(nil)
        do { captured = Weak(frames.capture().flow) }
        #expect(captured.object == nil)
    }

    /// Inside a scope a capture carries the adopted chain plus this thread's frames, outermost first, and the scope's
    /// own flow; the chain keeps its objects after the frames are popped.
    @Test func aCaptureInsideAScopeCarriesTheWholeChainAndTheSameFlow() throws {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let (a, b, c) = (Marker(1), Marker(2), Marker(3))
        let adopted = FrameChain(outer: nil, object: a)
        let outer = frames.beginResolution()
        frames.adopt(chain: adopted, flow: nil)
        frames.push(b)
        frames.push(c)
        let captured = frames.capture()
        #expect(captured.flow === frames.flow)
        frames.pop()
        frames.pop()
        frames.endResolution(outer)
        withExtendedLifetime(adopted) {}
        expectIdle(frames)

        let chain = try #require(captured.chain)
        #expect(chain.depth == 3)
        #expect(chain.object === c)
        #expect(chain.objects.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(chain.contains(a) && chain.contains(b) && chain.contains(c))
    }

    // MARK: Threads

    /// Another thread sees none of this thread's frames, scope, flow or chain, and its own pushes stay its own.
    @Test func framesBelongToTheThreadThatPushedThem() {
        let frames = ResolutionFrames.current
        expectIdle(frames)
        let mine = Marker(1)
        let adopted = FrameChain(outer: nil, object: Marker(0))
        let outer = frames.beginResolution()
        frames.adopt(chain: adopted, flow: nil)
        frames.push(mine)
        let flow = frames.flow
        let seen = Collected<String>()
        let other = TestThread {
            let theirs = ResolutionFrames.current
            if theirs.depth != 0 { seen.append("depth") }
            if theirs.hasAdoptedChain { seen.append("chain") }
            if theirs.contains(mine) { seen.append("frame") }
            let scope = theirs.beginResolution()
            if !scope { seen.append("scope") }
            if theirs.flow === flow { seen.append("flow") }
            theirs.push(Marker(2))
            theirs.pop()
            theirs.endResolution(scope)
        }
        #expect(other.join())
        #expect(seen.all.isEmpty)
        #expect(frames.depth == 1)
        #expect(frames.innermost === mine)
        #expect(frames.flow === flow)
        frames.pop()
        frames.endResolution(outer)
        withExtendedLifetime(adopted) {}
        expectIdle(frames)
    }

    // MARK: FrameChain

    @Test func aFrameChainCountsFindsAndListsItsObjectsOutermostFirst() {
        let (a, b, c, absent) = (Marker(1), Marker(2), Marker(3), Marker(4))
        let root = FrameChain(outer: nil, object: a)
        let chain = FrameChain(outer: FrameChain(outer: root, object: b), object: c)
        #expect(root.depth == 1)
        #expect(root.outer == nil)
        #expect(chain.depth == 3)
        #expect(chain.object === c)
        #expect(chain.outer?.object === b)
        #expect(chain.outer?.outer === root)
        #expect(chain.contains(a) && chain.contains(b) && chain.contains(c))
        #expect(!chain.contains(absent))
        #expect(!root.contains(b))
        #expect(chain.objects.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
    }

    /// An ended link lets its object go, and readers skip it for the links outside it that are still building.
    @Test func anEndedLinkDropsItsObjectAndIsSkipped() {
        weak var watched: Marker?
        let root = FrameChain(outer: nil, object: Marker(1))
        var inner: FrameChain?
        do {
            let marker = Marker(2)
            watched = marker
            inner = FrameChain(outer: root, object: marker, countsItself: true)
        }
        let chain = inner!
        #expect(chain.active === chain)
        #expect(watched != nil)
        chain.end()
        chain.end()  // ending twice changes nothing
        #expect(chain.isEnded)
        #expect(watched == nil)
        #expect(chain.active === root)
        #expect(chain.objects.count == 1)
    }
}
