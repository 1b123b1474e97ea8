import LoomRuntime
import LoomTestSupport
import Testing

/// Exactly-once construction: one build however many threads ask, nothing published by a failed build, a cycle error
/// instead of a deadlock, weakly held instances, and replacements released after a grace period.
@Suite struct OnceSlotTests {
    // MARK: Building once

    @Test func aSlotBuildsOnceAndThenServesThePublishedValue() throws {
        let slot = OnceSlot()
        #expect(slot.publishedValue(Marker.self) == nil)
        #expect(slot.box == nil)
        #expect(!slot.isBeingBuilt)
        let builds = Counter()
        let first = try resolve(slot) {
            builds.increment()
            return Marker(1)
        }
        let second = try resolve(slot) {
            builds.increment()
            return Marker(2)
        }
        #expect(first === second)
        #expect(builds.value == 1)
        #expect(slot.publishedValue(Marker.self) === first)
        let box = try #require(slot.box as? StrongBox<Marker>)
        #expect(!box.isWeak)
        #expect(box.value === first)
    }

    /// An ordered slot's box takes the next release order when it is published.
    ///
    /// The order is later than the boxes published before it; an unordered slot's box has `0`. `keptBox` reads the
    /// published box without a read section: `nil` while the slot is empty, then the box `box` hands out.
    @Test func aPublishedOrderedBoxHasTheNextReleaseOrder() throws {
        let earlier = OnceSlot()
        let later = OnceSlot()
        let unordered = OnceSlot()
        #expect(earlier.keptBox == nil)
        _ = try resolve(earlier, ordered: true) { Marker(1) }
        _ = try resolve(later, ordered: true) { Marker(2) }
        _ = try resolve(unordered) { Marker(3) }
        let earlierOrder = try #require(earlier.keptBox).withObject(in: .empty, \.releaseOrder)
        let laterOrder = try #require(later.keptBox).withObject(in: .empty, \.releaseOrder)
        #expect(earlierOrder != 0)
        #expect(laterOrder > earlierOrder)
        #expect(try #require(later.keptBox).object(in: .empty) === later.box)
        #expect(try #require(unordered.keptBox).withObject(in: .empty, \.releaseOrder) == 0)
    }

    /// Clearing a published instance advances the settled epoch (memos of settled answers compare it) and empties
    /// the slot; clearing an empty slot changes neither.
    @Test func clearingAPublishedInstanceAdvancesTheSettledEpoch() throws {
        let slot = OnceSlot()
        #expect(!slot.isSettled)
        let before = ProcessWord.settledEpoch.acquire
        #expect(slot.clear() == nil)
        _ = try resolve(slot) { Marker(1) }
        #expect(slot.isSettled)
        let box = try #require(slot.clear())
        #expect((box as? StrongBox<Marker>)?.value.id == 1)
        #expect(!slot.isSettled)
        // Other tests may advance it too; this clear advanced it at least once.
        #expect(ProcessWord.settledEpoch.acquire > before)
    }

    @Test func aValueTypeIsPublishedToo() throws {
        let slot = OnceSlot()
        #expect(try resolve(slot) { 42 } == 42)
        #expect(try resolve(slot) { 7 } == 42)
        #expect(slot.publishedValue(Int.self) == 42)
    }

    @Test func theSlotIsClaimedExactlyWhileItsBuildRuns() throws {
        let slot = OnceSlot()
        var claimedDuringBuild = false
        _ = try resolve(slot) {
            claimedDuringBuild = slot.isBeingBuilt
            return Marker()
        }
        #expect(claimedDuringBuild)
        #expect(!slot.isBeingBuilt)
    }

    /// Emptying a slot for reuse releases its instance at once and leaves it as a new slot, which builds again; a slot
    /// a flow has claimed is left alone.
    @Test func aSlotEmptiedForReuseReleasesItsInstanceAndBuildsAgain() throws {
        let slot = OnceSlot()
        weak var first: Marker?
        _ = try resolve(slot) {
            let marker = Marker(1)
            first = marker
            return marker
        }
        #expect(first != nil)
        #expect(slot.emptyForReuse())
        #expect(first == nil)
        #expect(slot.box == nil && !slot.isSettled)
        let rebuilt = try resolve(slot) { Marker(2) }
        #expect(rebuilt.id == 2)
        var emptiedWhileClaimed = true
        let claimed = OnceSlot()
        _ = try resolve(claimed) {
            emptiedWhileClaimed = claimed.emptyForReuse()
            return Marker(3)
        }
        #expect(!emptiedWhileClaimed)
        #expect(claimed.publishedValue(Marker.self)?.id == 3)
    }

    /// A suspended claimer that is cancelled stops waiting and leaves no record of its wait: neither its flow nor the
    /// slot it waited for is kept alive by the gate, and later deadlock checks do not see it waiting.
    @Test func aCancelledAsynchronousWaiterLeavesNoRecordOfItsWait() async throws {
        weak var watchedSlot: OnceSlot?
        weak var watchedFlow: ConstructionFlow?
        do {
            let slot = OnceSlot()
            let builder = ConstructionFlow()
            let waiterFlow = ConstructionFlow()
            watchedSlot = slot
            watchedFlow = waiterFlow
            let claim = try await slot.claim(as: builder, onCycle: { CycleError() })
            guard case .claimed = claim else {
                Issue.record("expected the claim, got \(claim)")
                return
            }
            let waiter = Task { try await slot.claim(as: waiterFlow, onCycle: { CycleError() }) }
            var suspended = false
            for _ in 0..<10_000 where !suspended {
                suspended = ConstructionGate.isWaiting(waiterFlow)
                if !suspended { try await Task.sleep(for: .milliseconds(1)) }
            }
            #expect(suspended)
            waiter.cancel()
            await #expect(throws: CancellationError.self) { _ = try await waiter.value }
            #expect(!ConstructionGate.isWaiting(waiterFlow))
            slot.abandonClaim(failure: nil)
        }
        #expect(watchedSlot == nil)
        #expect(watchedFlow == nil)
    }

    /// Many real threads resolve a cold slot at once; the build does real work, so the others arrive while it runs.
    @Test func concurrentResolversOnRealThreadsGetTheOneInstanceBuiltOnce() {
        let rounds = RuntimeTestScale.iterations(normally: 40, underThreadSanitizer: 10)
        for round in 0..<rounds {
            let slot = OnceSlot()
            let builds = Counter()
            let seen = Collected<ObjectIdentifier>()
            onThreads(6) { _ in
                let marker = try? resolve(slot) { () -> Marker in
                    busyWork(20_000)
                    return Marker(builds.increment())
                }
                if let marker { seen.append(ObjectIdentifier(marker)) }
            }
            #expect(builds.value == 1, "round \(round)")
            #expect(seen.all.count == 6, "round \(round)")
            #expect(Set(seen.all).count == 1, "round \(round)")
        }
    }

    // MARK: Failures

    @Test func aFailedBuildPublishesNothingAndTheNextResolverBuilds() throws {
        let slot = OnceSlot()
        #expect(throws: BuildFailure()) {
            try resolve(slot) { () -> Marker in throw BuildFailure() }
        }
        #expect(!slot.isBeingBuilt)
        #expect(slot.publishedValue(Marker.self) == nil)
        #expect(slot.box == nil)
        let marker = try resolve(slot) { Marker(2) }
        #expect(marker.id == 2)
        #expect(slot.publishedValue(Marker.self) === marker)
    }

    /// The first build fails while the other threads wait for it: they get its error without building again; a
    /// later resolver builds.
    @Test func resolversWaitingOnAFailedBuildGetItsErrorAndALaterOneBuilds() throws {
        let slot = OnceSlot()
        let builds = Counter()
        let failures = Collected<String>()
        onThreads(4) { _ in
            do {
                _ = try resolve(slot) { () -> Marker in
                    builds.increment()
                    // Fails only once the three others wait for this build.
                    spin(until: { ConstructionGate.waitingCount(for: slot) == 3 })
                    throw BuildFailure()
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all == Array(repeating: "\(BuildFailure())", count: 4))
        #expect(builds.value == 1)
        #expect(!slot.isBeingBuilt)
        let marker = try resolve(slot) { Marker(builds.increment()) }
        #expect(marker.id == 2)
    }

    /// A failure the builder says is its own (a cycle through its construction) is not handed over: a waiter builds.
    @Test func aFailureThatIsNotSharedLetsAWaiterBuild() throws {
        let slot = OnceSlot()
        let builds = Counter()
        let outcomes = Collected<String>()
        onThreads(2) { _ in
            do {
                let marker = try resolve(slot, sharesFailure: { _ in false }) { () -> Marker in
                    let build = builds.increment()
                    if build == 1 {
                        spin(until: { ConstructionGate.waitingCount(for: slot) == 1 })
                        throw BuildFailure()
                    }
                    return Marker(build)
                }
                outcomes.append("built \(marker.id)")
            } catch {
                outcomes.append("failed")
            }
        }
        #expect(outcomes.all.sorted() == ["built 2", "failed"])
        #expect(builds.value == 2)
    }

    // MARK: Cycles

    /// A build that needs its own slot (the same flow comes back) gets the caller's cycle error, and the slot is left
    /// unclaimed for the next resolver.
    @Test func aBuildThatNeedsItsOwnSlotGetsTheCycleErrorInsteadOfWaitingForItself() throws {
        let slot = OnceSlot()
        #expect(throws: CycleError()) {
            try resolve(slot) { try resolve(slot) { Marker(1) } }
        }
        #expect(!slot.isBeingBuilt)
        #expect(slot.publishedValue(Marker.self) == nil)
        #expect(try resolve(slot) { Marker(2) }.id == 2)
    }

    /// Two builds that each need the other's slot end with one cycle error, not a deadlock.
    ///
    /// Thread A builds the first slot and, inside, needs the second; thread B builds the second and, inside, needs
    /// the first. A barrier makes both be inside their builds before either asks. One of them gets the cycle error,
    /// the other then builds the slot it needed itself, and neither deadlocks.
    @Test func twoThreadsThatEachNeedTheOthersSlotGetOneCycleErrorAndNoDeadlock() {
        let rounds = RuntimeTestScale.iterations(normally: 30, underThreadSanitizer: 8)
        for round in 0..<rounds {
            let first = OnceSlot()
            let second = OnceSlot()
            let barrier = SpinBarrier(parties: 2)
            let outcomes = Collected<String>()
            func start(building own: OnceSlot, thenNeeding needed: OnceSlot, id: Int) -> TestThread {
                TestThread {
                    do {
                        _ = try resolve(own) { () -> Marker in
                            barrier.arriveAndWait()
                            _ = try resolve(needed) { Marker(id * 10) }
                            return Marker(id)
                        }
                        outcomes.append("built")
                    } catch is CycleError {
                        outcomes.append("cycle")
                    } catch {
                        outcomes.append("\(error)")
                    }
                }
            }
            let threadA = start(building: first, thenNeeding: second, id: 1)
            let threadB = start(building: second, thenNeeding: first, id: 2)
            #expect(threadA.join(), "round \(round)")
            #expect(threadB.join(), "round \(round)")
            #expect(outcomes.all.sorted() == ["built", "cycle"], "round \(round)")
            #expect(first.publishedValue(Marker.self) != nil, "round \(round)")
            #expect(second.publishedValue(Marker.self) != nil, "round \(round)")
            #expect(!first.isBeingBuilt && !second.isBeingBuilt, "round \(round)")
        }
    }

    /// A build hands work to another thread that continues the same construction (it adopts the captured chain and
    /// flow) and needs the slot being built: it gets the cycle error at once instead of waiting for a build that is
    /// waiting for it.
    @Test func aContinuationOnAnotherThreadThatAdoptsTheFlowGetsTheCycleError() throws {
        let slot = OnceSlot()
        let outerFrame = Marker(0)
        let steps = Collected<String>()
        let value = try resolve(slot) { () -> Marker in
            let frames = ResolutionFrames.current
            frames.push(outerFrame)
            defer { frames.pop() }
            let captured = frames.capture()
            let continuation = TestThread {
                let theirs = ResolutionFrames.current
                let outermost = theirs.beginResolution()
                theirs.adopt(chain: captured.chain, flow: captured.flow)
                if theirs.contains(outerFrame) { steps.append("sees the chain") }
                do {
                    _ = try slot.value(
                        Marker.self, holdsWeakly: false, frames: theirs, build: { Marker(99) },
                        onCycle: { CycleError() })
                    steps.append("built")
                } catch is CycleError {
                    steps.append("cycle")
                } catch {
                    steps.append("\(error)")
                }
                theirs.endResolution(outermost)
                withExtendedLifetime(captured) {}
            }
            steps.append(continuation.join() ? "joined" : "deadlocked")
            return Marker(1)
        }
        #expect(steps.all == ["sees the chain", "cycle", "joined"])
        #expect(value.id == 1)
        #expect(slot.publishedValue(Marker.self) === value)
    }

    /// Two threads continuing one construction (each adopts the same captured flow) need the same slot: the one that
    /// claims it builds it and the other waits for it, as strangers would — neither takes its sibling's claim for a
    /// cycle.
    @Test func siblingContinuationsOfOneConstructionWaitForEachOther() throws {
        let needed = OnceSlot()
        let builds = Counter()
        let outcomes = Collected<String>()
        _ = try resolve(OnceSlot()) { () -> Marker in
            let captured = ResolutionFrames.current.capture()
            let claimed = AtomicCounter()
            let asking = AtomicCounter()
            func continuation(claimsFirst: Bool) -> TestThread {
                TestThread {
                    let theirs = ResolutionFrames.current
                    let outermost = theirs.beginResolution()
                    theirs.adopt(chain: captured.chain, flow: captured.flow)
                    if !claimsFirst {
                        spin(until: { claimed.value == 1 })
                        asking.increment()
                    }
                    do {
                        let marker = try needed.value(
                            Marker.self, holdsWeakly: false, frames: theirs,
                            build: { () -> Marker in
                                builds.increment()
                                claimed.increment()
                                spin(until: { asking.value == 1 })
                                yieldThread(times: 50)
                                return Marker(7)
                            }, onCycle: { CycleError() })
                        outcomes.append("got \(marker.id)")
                    } catch is CycleError {
                        outcomes.append("cycle")
                    } catch {
                        outcomes.append("\(error)")
                    }
                    theirs.endResolution(outermost)
                    withExtendedLifetime(captured) {}
                }
            }
            let first = continuation(claimsFirst: true)
            let second = continuation(claimsFirst: false)
            #expect(first.join())
            #expect(second.join())
            return Marker(1)
        }
        #expect(outcomes.all == ["got 7", "got 7"])
        #expect(builds.value == 1)
    }

    /// A builder that waits through work continuing its construction is part of a wait cycle too.
    ///
    /// Thread B builds the second slot and then needs the first; thread A builds the first and hands the rest to a
    /// continuation on another thread, which needs the second. A itself waits in no slot — it joins its continuation —
    /// so only following the waiting flows that continue A's shows the cycle. Whichever of B and A's continuation asks
    /// last gets the cycle error; nobody deadlocks.
    @Test func aBuilderWaitingForItsContinuationClosesAWaitCycle() {
        let rounds = RuntimeTestScale.iterations(normally: 10, underThreadSanitizer: 4)
        for round in 0..<rounds {
            let first = OnceSlot()
            let second = OnceSlot()
            let firstClaimed = AtomicCounter()
            let secondClaimed = AtomicCounter()
            let outcomes = Collected<String>()
            @Sendable func record(_ name: String, _ body: () throws -> Void) {
                do {
                    try body()
                    outcomes.append("\(name) built")
                } catch is CycleError {
                    outcomes.append("\(name) cycle")
                } catch {
                    outcomes.append("\(name) \(error)")
                }
            }
            let threadB = TestThread {
                record("B") {
                    _ = try resolve(second) { () -> Marker in
                        secondClaimed.increment()
                        spin(until: { firstClaimed.value == 1 })
                        yieldThread(times: round * 5)
                        _ = try resolve(first) { Marker(20) }
                        return Marker(2)
                    }
                }
            }
            let threadA = TestThread {
                spin(until: { secondClaimed.value == 1 })
                record("A") {
                    _ = try resolve(first) { () -> Marker in
                        firstClaimed.increment()
                        let captured = ResolutionFrames.current.capture()
                        let continuation = TestThread {
                            let theirs = ResolutionFrames.current
                            let outermost = theirs.beginResolution()
                            theirs.adopt(chain: captured.chain, flow: captured.flow)
                            record("A's continuation") {
                                _ = try second.value(
                                    Marker.self, holdsWeakly: false, frames: theirs, build: { Marker(10) },
                                    onCycle: { CycleError() })
                            }
                            theirs.endResolution(outermost)
                            withExtendedLifetime(captured) {}
                        }
                        #expect(continuation.join(), "round \(round)")
                        return Marker(1)
                    }
                }
            }
            #expect(threadA.join(), "round \(round)")
            #expect(threadB.join(), "round \(round)")
            #expect(outcomes.all.filter { $0.hasSuffix("cycle") }.count == 1, "round \(round): \(outcomes.all)")
            #expect(outcomes.all.count == 3, "round \(round): \(outcomes.all)")
            #expect(!first.isBeingBuilt && !second.isBeingBuilt, "round \(round)")
        }
    }

    // MARK: Weak slots

    @Test func aWeakSlotHoldsItsInstanceOnlyWhileSomeoneElseDoes() throws {
        let slot = OnceSlot()
        let builds = Counter()
        func make() -> Marker { Marker(builds.increment()) }
        var held: Marker? = try resolve(slot, weakly: true, build: make)
        let watched = Weak(held)
        #expect(try resolve(slot, weakly: true, build: make) === held)
        #expect(slot.publishedValue(Marker.self) === held)
        #expect(slot.box?.isWeak == true)
        held = nil
        #expect(watched.object == nil)
        #expect(slot.publishedValue(Marker.self) == nil)
        let rebuilt = try resolve(slot, weakly: true, build: make)
        #expect(rebuilt.id == 2)
        #expect(builds.value == 2)
    }

    @Test func aWeakSlotReturnsAValueTypeWithoutKeepingIt() throws {
        let slot = OnceSlot()
        let builds = Counter()
        #expect(try resolve(slot, weakly: true) { builds.increment() } == 1)
        #expect(slot.publishedValue(Int.self) == nil)
        #expect(slot.box == nil)
        #expect(!slot.isBeingBuilt)
        #expect(try resolve(slot, weakly: true) { builds.increment() } == 2)
    }

    /// An optional instance is held weakly through the optional; an empty optional is returned but not kept.
    @Test func aWeakSlotLooksThroughAnOptionalInstance() throws {
        let slot = OnceSlot()
        let held: Marker? = try resolve(slot, as: Marker?.self, weakly: true) { Marker(1) }
        #expect(slot.box?.isWeak == true)
        #expect(slot.publishedValue(Marker?.self)?.flatMap { $0 } === held)

        let empty = OnceSlot()
        #expect(try resolve(empty, as: Marker?.self, weakly: true) { nil } == nil)
        #expect(empty.box == nil)
    }

    /// Many threads resolve a weak slot whose instance keeps going away: each gets a live instance, and the replaced
    /// weak boxes (retired in batches) never take an instance with them.
    @Test func aWeakSlotRebuiltUnderContentionAlwaysHandsOutALiveInstance() {
        let perThread = RuntimeTestScale.iterations(normally: 2_000, underThreadSanitizer: 300)
        let ledger = Ledger(capacity: 4 * perThread + 1)
        let slot = OnceSlot()
        let serials = AtomicCounter()
        let damaged = AtomicCounter()
        onThreads(4) { _ in
            for _ in 0..<perThread {
                let canary = try? resolve(slot, weakly: true) {
                    Canary(serial: Int(serials.increment()), ledger: ledger)
                }
                if canary?.isIntact(in: ledger) != true { damaged.increment() }
            }
        }
        #expect(damaged.value == 0)
        #expect(serials.value >= 1)
        #expect(!slot.isBeingBuilt)
    }

    // MARK: Replacing and clearing

    @Test func replacePublishesTheNewValueAndReleasesTheOldOneAfterAGracePeriod() throws {
        let slot = OnceSlot()
        var old = Weak<Marker>(nil)
        do { old = Weak(try resolve(slot) { Marker(1) }) }
        #expect(old.object != nil)
        let new = Marker(2)
        slot.replace(with: new, holdsWeakly: false)
        #expect(slot.publishedValue(Marker.self) === new)
        #expect(old.object == nil)
        #expect(try resolve(slot) { Marker(3) } === new)
    }

    @Test func replacingAnEmptySlotPublishesTheValue() {
        let slot = OnceSlot()
        slot.replace(with: "value", holdsWeakly: false)
        #expect(slot.publishedValue(String.self) == "value")
    }

    @Test func replacingWeaklyHoldsTheNewInstanceWeakly() {
        let slot = OnceSlot()
        slot.replace(with: Marker(1), holdsWeakly: false)
        var held: Marker? = Marker(2)
        let watched = Weak(held)
        slot.replace(with: held, holdsWeakly: true)
        #expect(slot.box?.isWeak == true)
        #expect(slot.publishedValue(Marker?.self)?.flatMap { $0 } === held)
        held = nil
        #expect(watched.object == nil)
        #expect(slot.publishedValue(Marker?.self) == nil)
    }

    /// A weak slot cannot hold a value type: replacing with one empties the slot.
    @Test func replacingAWeakSlotWithAValueTypeEmptiesIt() throws {
        let slot = OnceSlot()
        let held = try resolve(slot, weakly: true) { Marker(1) }
        slot.replace(with: 5, holdsWeakly: true)
        #expect(slot.box == nil)
        #expect(slot.publishedValue(Int.self) == nil)
        withExtendedLifetime(held) {}
    }

    /// `clear()` unpublishes the instance and hands its box to the caller, who releases it (after a grace period).
    @Test func clearUnpublishesAndHandsTheBoxToTheCaller() throws {
        let slot = OnceSlot()
        var watched = Weak<Marker>(nil)
        do { watched = Weak(try resolve(slot) { Marker(1) }) }
        var cleared = slot.clear()
        #expect(slot.publishedValue(Marker.self) == nil)
        #expect(slot.box == nil)
        #expect((cleared as? StrongBox<Marker>)?.value === watched.object)
        #expect(slot.clear() == nil)
        Reclamation.release(afterGracePeriod: [cleared])
        cleared = nil
        #expect(watched.object == nil)
        #expect(try resolve(slot) { Marker(2) }.id == 2)
    }

    @Test func aSlotReleasesItsInstanceWhenItGoes() throws {
        var watched = Weak<Marker>(nil)
        do {
            let slot = OnceSlot()
            do { watched = Weak(try resolve(slot) { Marker(1) }) }
            #expect(watched.object != nil)
        }
        #expect(watched.object == nil)
    }

    /// Readers read the published value while a writer keeps replacing it: each read is an instance that was
    /// published, alive, never older than one read before.
    ///
    /// One reader takes the retained value; the other reads the box unretained inside a section and watches the
    /// instance's ledger entry before leaving, so a replaced box released too early is caught.
    @Test func readersOfAReplacedSlotSeeTheOldOrTheNewValueNeverAReleasedOne() throws {
        let schedule = ReplacementSchedule(
            minimum: RuntimeTestScale.iterations(normally: 3_000, underThreadSanitizer: 500),
            reads: RuntimeTestScale.iterations(normally: 50_000, underThreadSanitizer: 5_000))
        let ledger = Ledger(capacity: schedule.maximum + 1)
        let slot = OnceSlot()
        _ = try resolve(slot) { Canary(serial: 0, ledger: ledger) }
        let damaged = AtomicCounter()
        let backwards = AtomicCounter()
        onThreads(3) { index in
            if index == 0 {
                schedule.run { serial in
                    slot.replace(with: Canary(serial: serial, ledger: ledger), holdsWeakly: false)
                }
                return
            }
            var last = 0
            var count = 0
            while !schedule.isFinished {
                schedule.countRead()
                count += 1
                yieldBetweenSections(count)
                let serial: Int? =
                    if index == 1 {
                        slot.publishedValue(Canary.self).map { $0.isIntact(in: ledger) ? $0.serial : -1 }
                    } else {
                        ReadLease.run { lease in
                            slot.publishedBox(in: lease)?.canary(in: lease).withObject(in: lease) { canary in
                                canary.staysIntact(in: ledger, iteration: count) ? canary.serial : -1
                            }
                        }
                    }
                guard let serial, serial >= 0 else {
                    damaged.increment()
                    continue
                }
                if serial < last { backwards.increment() }
                last = serial
            }
        }
        #expect(damaged.value == 0)
        #expect(backwards.value == 0)
        #expect(slot.publishedValue(Canary.self)?.serial == schedule.last)
        #expect(ledger.aliveCount == 1)
    }
}

private struct CycleError: Error, Equatable {}
private struct BuildFailure: Error, Equatable {}

/// Resolves `slot` as a thread's resolution does: inside a scope of its frames, with ``CycleError`` for a cycle.
private func resolve<Value>(
    _ slot: OnceSlot, as type: Value.Type = Value.self, weakly: Bool = false, ordered: Bool = false,
    // As LoomCore does: a cycle through the builder's own construction is not handed to the others.
    sharesFailure: (any Error) -> Bool = { !($0 is CycleError) }, build: () throws -> Value
) throws -> Value {
    let frames = ResolutionFrames.current
    let outermost = frames.beginResolution()
    defer { frames.endResolution(outermost) }
    return try slot.value(
        type, holdsWeakly: weakly, ordered: ordered, frames: frames, build: build, onCycle: { CycleError() },
        sharesFailure: sharesFailure)
}
