import LoomRuntime
import LoomTestSupport
import Testing

/// A resolved property's slot: read through its adopted first box without synchronisation until it is first
/// replaced, then through a read section; the first box lives as long as the slot.
@Suite struct ValueCellSlotTests {
    @Test func anEmptySlotReadsNothing() {
        let slot = ValueCellSlot()
        #expect(slot.reader.value(as: Marker.self) == nil)
        slot.adoptFirstBox()
        #expect(slot.reader.value(as: Marker.self) == nil)
    }

    @Test func aFilledSlotIsReadBeforeAndAfterItsFirstBoxIsAdopted() throws {
        let slot = ValueCellSlot()
        let marker = try fill(slot) { Marker(1) }
        // Not adopted yet: the read goes through a read section.
        #expect(slot.reader.value(as: Marker.self) === marker)
        slot.adoptFirstBox()
        #expect(slot.reader.value(as: Marker.self) === marker)
        #expect(slot.publishedValue(Marker.self) === marker)
    }

    @Test func aValueTypeIsReadThroughItsFirstBox() throws {
        let slot = ValueCellSlot()
        _ = try fill(slot) { "first" }
        slot.adoptFirstBox()
        #expect(slot.reader.value(as: String.self) == "first")
        slot.markReplaced()
        slot.replace(with: "second", holdsWeakly: false)
        #expect(slot.reader.value(as: String.self) == "second")
    }

    /// Reads of the first box take no synchronisation, so the slot keeps that box (and its value) until it goes.
    @Test func anAdoptedFirstValueLivesUntilTheSlotGoesEvenAfterAReplacement() throws {
        var first = Weak<Marker>(nil)
        var second = Weak<Marker>(nil)
        do {
            let slot = ValueCellSlot()
            do { first = Weak(try fill(slot) { Marker(1) }) }
            slot.adoptFirstBox()
            slot.markReplaced()
            do {
                let marker = Marker(2)
                second = Weak(marker)
                slot.replace(with: marker, holdsWeakly: false)
            }
            #expect(slot.reader.value(as: Marker.self) === second.object)
            #expect(first.object != nil)
            slot.replace(with: Marker(3), holdsWeakly: false)
            #expect(second.object == nil)
            #expect(first.object != nil)
            #expect(slot.reader.value(as: Marker.self)?.id == 3)
        }
        #expect(first.object == nil)
    }

    /// Once marked replaced, adopting does nothing: the first value is released with its replacement's grace period,
    /// not kept for reads that can no longer happen.
    @Test func adoptingAfterMarkReplacedDoesNothing() throws {
        let slot = ValueCellSlot()
        var first = Weak<Marker>(nil)
        do { first = Weak(try fill(slot) { Marker(1) }) }
        slot.markReplaced()
        slot.adoptFirstBox()
        slot.replace(with: Marker(2), holdsWeakly: false)
        #expect(first.object == nil)
        #expect(slot.reader.value(as: Marker.self)?.id == 2)
    }

    @Test func markingReplacedTwiceChangesNothingMore() throws {
        var first = Weak<Marker>(nil)
        do {
            let slot = ValueCellSlot()
            do { first = Weak(try fill(slot) { Marker(1) }) }
            slot.adoptFirstBox()
            slot.markReplaced()
            slot.markReplaced()
            slot.replace(with: Marker(2), holdsWeakly: false)
            #expect(slot.reader.value(as: Marker.self)?.id == 2)
            #expect(first.object != nil)
        }
        #expect(first.object == nil)
    }

    /// Adopting twice, or from two threads at once, keeps exactly one reference to the first box: the first value
    /// still goes with the slot (an extra reference would leak it).
    @Test func concurrentAdoptionsKeepOneReferenceToTheFirstBox() throws {
        let rounds = RuntimeTestScale.iterations(normally: 200, underThreadSanitizer: 40)
        for round in 0..<rounds {
            var first = Weak<Marker>(nil)
            do {
                let slot = ValueCellSlot()
                do { first = Weak(try fill(slot) { Marker(1) }) }
                // The threads reach the slot weakly: an exiting thread may release its closure late, and a
                // strong capture would then keep the slot (and its first box) past the check below.
                let weakSlot = Weak(slot)
                onThreads(2) { _ in weakSlot.object?.adoptFirstBox() }
                slot.adoptFirstBox()
                #expect(slot.reader.value(as: Marker.self)?.id == 1, "round \(round)")
            }
            #expect(first.object == nil, "round \(round)")
        }
    }

    /// Lock-free readers keep reading while a writer marks the slot replaced and keeps replacing its value: every read
    /// is a value that was published, alive, and never older than one read before — with and without an adopted
    /// first box.
    @Test(arguments: [true, false])
    func readersSeeTheOldOrTheNewValueWhileTheSlotIsReplaced(adoptsFirstBox: Bool) throws {
        let schedule = ReplacementSchedule(
            minimum: RuntimeTestScale.iterations(normally: 3_000, underThreadSanitizer: 500),
            reads: RuntimeTestScale.iterations(normally: 50_000, underThreadSanitizer: 5_000))
        let ledger = Ledger(capacity: schedule.maximum + 1)
        let slot = ValueCellSlot()
        _ = try fill(slot) { Canary(serial: 0, ledger: ledger) }
        if adoptsFirstBox { slot.adoptFirstBox() }
        let reader = slot.reader
        let damaged = AtomicCounter()
        let backwards = AtomicCounter()
        let reads = AtomicCounter()
        onThreads(3) { index in
            if index == 0 {
                // Let the readers start on the first box.
                spin(until: { reads.value >= 100 })
                slot.markReplaced()
                schedule.run { serial in
                    slot.replace(with: Canary(serial: serial, ledger: ledger), holdsWeakly: false)
                }
                return
            }
            var last = 0
            while !schedule.isFinished {
                schedule.countRead()
                let count = reads.increment()
                yieldBetweenSections(Int(count))
                // The second reader also reads the current box unretained inside a section, watching the value's
                // ledger entry before leaving (the lock-free reader retains at once, which leaves a tiny window).
                if index == 2, count.isMultiple(of: 2) {
                    let intact = ReadLease.run { lease in
                        slot.publishedBox(in: lease)?.canary(in: lease)
                            .withObject(in: lease) { $0.staysIntact(in: ledger, iteration: Int(count / 2)) }
                    }
                    if intact != true { damaged.increment() }
                    continue
                }
                guard let canary = reader.value(as: Canary.self), canary.isIntact(in: ledger) else {
                    damaged.increment()
                    continue
                }
                if canary.serial < last { backwards.increment() }
                last = canary.serial
            }
        }
        #expect(damaged.value == 0)
        #expect(backwards.value == 0)
        #expect(reader.value(as: Canary.self)?.serial == schedule.last)
        // The current value, plus the adopted first one, which lives as long as the slot.
        #expect(ledger.aliveCount == (adoptsFirstBox ? 2 : 1))
        withExtendedLifetime(slot) {}
    }
}

/// Fills `slot` (strongly) as a resolution does, and returns the value.
private func fill<Value>(_ slot: ValueCellSlot, build: () throws -> Value) throws -> Value {
    let frames = ResolutionFrames.current
    let outermost = frames.beginResolution()
    defer { frames.endResolution(outermost) }
    return try slot.value(Value.self, holdsWeakly: false, frames: frames, build: build, onCycle: { Failure() })
}

private struct Failure: Error {}
