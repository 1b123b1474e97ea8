import LoomRuntime
import LoomTestSupport
import Testing

/// A strong reference one writer replaces and many readers load: loads see what it holds, an exchange hands the
/// previous object to the caller, and the reference releases what it holds when it goes.
@Suite struct AtomicReferenceTests {
    @Test func anEmptyReferenceLoadsNothing() {
        let reference = AtomicReference<Marker>(nil)
        #expect(ReadLease.run { lease in reference.load(in: lease) } == nil)
        #expect(reference.loadRetained() == nil)
        #expect(reference.exchange(Marker()) == nil)
    }

    @Test func loadsSeeTheObjectTheReferenceHolds() {
        let marker = Marker(1)
        let reference = AtomicReference(marker)
        #expect(ReadLease.run { lease in reference.load(in: lease)?.refersTo(marker) } == true)
        #expect(reference.loadRetained() === marker)
    }

    /// `read` and `find` enter and leave their own read section: they answer from the published object, and a
    /// writer on another thread finishes its grace period once they returned.
    @Test func readAndFindAnswerFromThePublishedObjectAndLeaveTheirSection() {
        #expect(AtomicReference<Marker>(nil).read { $0.id } == nil)
        let reference = AtomicReference(Marker(7))
        #expect(reference.read { $0.id } == 7)

        let table = ConcurrentTable<Marker>(minimumCapacity: 8)
        let node = Marker(3)
        _ = table.store(node, hash: 33) { $0 === node }
        let tables = AtomicReference(table)
        #expect(tables.find(hash: 33, matching: { $0.id == 3 }, { $0 }) === node)
        #expect(tables.find(hash: 33, matching: { $0.id == 4 }, { $0 }) == nil)
        #expect(tables.find(hash: 34, matching: { _ in true }, { $0 }) == nil)
        #expect(AtomicReference<ConcurrentTable<Marker>>(nil).find(hash: 33, matching: { _ in true }, { $0 }) == nil)

        let writer = TestThread { ReadSection.synchronize() }
        #expect(writer.join())
    }

    @Test func exchangeReturnsThePreviousObjectAndPublishesTheNewOne() {
        let first = Marker(1)
        let second = Marker(2)
        let reference = AtomicReference(first)
        #expect(reference.exchange(second) === first)
        #expect(ReadLease.run { lease in reference.load(in: lease)?.refersTo(second) } == true)
        #expect(reference.exchange(nil) === second)
        #expect(reference.loadRetained() == nil)
    }

    /// The reference holds its object; the object an exchange returns belongs to the caller alone.
    @Test func theReferenceOwnsItsObjectAndTheCallerOwnsTheReturnedOne() {
        var first = Weak<Marker>(nil)
        var second = Weak<Marker>(nil)
        do {
            let reference = AtomicReference<Marker>(nil)
            do {
                let marker = Marker(1)
                first = Weak(marker)
                _ = reference.exchange(marker)
            }
            #expect(first.object != nil)
            do {
                let marker = Marker(2)
                second = Weak(marker)
                let previous = reference.exchange(marker)
                #expect(previous?.id == 1)
            }
            #expect(first.object == nil)
            #expect(second.object != nil)
        }
        #expect(second.object == nil)
    }

    @Test func aRetainedLoadKeepsTheObjectAfterItIsReplaced() {
        let reference = AtomicReference(Marker(1))
        var watched = Weak<Marker>(nil)
        var loaded = reference.loadRetained()
        watched = Weak(loaded)
        Reclamation.release(afterGracePeriod: [reference.exchange(Marker(2))])
        #expect(watched.object != nil)
        #expect(loaded?.id == 1)
        loaded = nil
        #expect(watched.object == nil)
    }

    /// Readers load the object while a writer keeps replacing it, releasing the old one after a grace period.
    ///
    /// One reader takes retained loads and keeps some of them past their replacement; the other loads unretained
    /// inside sections and watches the object's ledger entry before leaving. Every object read is alive and intact,
    /// and never older than one read before.
    @Test func retainedLoadsStayValidWhileAWriterReplacesTheObject() {
        let schedule = ReplacementSchedule(
            minimum: RuntimeTestScale.iterations(normally: 4_000, underThreadSanitizer: 600),
            reads: RuntimeTestScale.iterations(normally: 50_000, underThreadSanitizer: 5_000))
        let ledger = Ledger(capacity: schedule.maximum + 1)
        let published = Published(Canary(serial: 0, ledger: ledger))
        let damaged = AtomicCounter()
        let backwards = AtomicCounter()
        onThreads(3) { index in
            if index == 0 {
                schedule.run { serial in
                    let old = published.reference.exchange(Canary(serial: serial, ledger: ledger))
                    Reclamation.release(afterGracePeriod: [old])
                }
                return
            }
            var last = 0
            var held: [Canary] = []
            var count = 0
            while !schedule.isFinished {
                schedule.countRead()
                count += 1
                yieldBetweenSections(count)
                if index == 2 {
                    let serial = ReadLease.run { lease in
                        published.reference.load(in: lease)?.withObject(in: lease) {
                            $0.staysIntact(in: ledger, iteration: count) ? $0.serial : -1
                        }
                    }
                    guard let serial, serial >= 0 else {
                        damaged.increment()
                        continue
                    }
                    if serial < last { backwards.increment() }
                    last = serial
                    continue
                }
                guard let canary = published.reference.loadRetained() else {
                    damaged.increment()
                    continue
                }
                if canary.serial < last { backwards.increment() }
                last = canary.serial
                // Keep a few for a while: they must stay intact after being replaced.
                held.append(canary)
                if held.count == 16 {
                    for canary in held where !canary.isIntact(in: ledger) { damaged.increment() }
                    held.removeAll()
                }
            }
        }
        #expect(damaged.value == 0)
        #expect(backwards.value == 0)
        #expect(published.reference.loadRetained()?.serial == schedule.last)
        #expect(ledger.aliveCount == 1)
    }
}
