import LoomRuntime
import LoomTestSupport
import Testing

/// Releasing what readers may still hold: at once after a grace period, or in batches of retired objects.
///
/// The retire queue is process-wide, so in-process tests only rely on what holds whoever else retires meanwhile
/// (an object is never released while a reader may hold it, and is released eventually); the exact batch boundary
/// is checked in a child process.
@Suite struct ReclamationTests {
    @Test func releaseDropsTheObjectsItIsGivenBeforeReturning() {
        var first = Weak<Marker>(nil)
        var second = Weak<Marker>(nil)
        do {
            let (a, b) = (Marker(1), Marker(2))
            first = Weak(a)
            second = Weak(b)
            Reclamation.release(afterGracePeriod: [a, nil, b])
        }
        #expect(first.object == nil)
        #expect(second.object == nil)
    }

    @Test func releaseWaitsUntilAReaderThatMayHoldTheObjectHasLeft() {
        let ledger = Ledger(capacity: 2)
        let published = Published(Canary(serial: 0, ledger: ledger))
        let heldByReader = AtomicCounter(UInt.max)
        let reader = ParkedReader { lease in
            if let canary = published.reference.load(in: lease) {
                heldByReader.store(UInt(canary.withObject(in: lease, \.serial)))
            }
        }
        let aliveWhileReaderInside = AtomicCounter()
        let observed = observeWriter(against: reader) {
            if ledger.isAlive(0) { aliveWhileReaderInside.store(1) }
        } write: {
            let old = published.reference.exchange(Canary(serial: 1, ledger: ledger))
            Reclamation.release(afterGracePeriod: [old])
        }
        #expect(heldByReader.value == 0)
        #expect(!observed.returnedWhileReaderInside)
        #expect(observed.sawReaderLeaving)
        #expect(observed.finished)
        #expect(aliveWhileReaderInside.value == 1)
        #expect(ledger.wasReleased(0))
        #expect(ledger.isAlive(1))
    }

    /// With nothing to release there is no grace period to wait for, even while a reader is inside a section.
    @Test func releaseOfNothingReturnsWithoutWaitingForReaders() {
        let reader = ParkedReader()
        let writer = TestThread {
            Reclamation.release(afterGracePeriod: [])
            Reclamation.release(afterGracePeriod: [nil, nil])
        }
        #expect(writer.join())
        #expect(reader.leave())
    }

    /// Retiring more than a batch (256) releases the earlier objects: by the retire that fills the batch, or by
    /// whichever other writer took the queue first — which may be waiting for a reader another test parked, so the
    /// wait polls instead of holding a thread that test may need.
    @Test func retiredObjectsAreReleasedOnceABatchFills() async {
        var watched: [Weak<Marker>] = []
        for id in 0..<300 {
            let marker = Marker(id)
            watched.append(Weak(marker))
            Reclamation.retire(marker)
        }
        let earlier = watched.prefix(256)
        #expect(await poll(until: { earlier.allSatisfy { $0.object == nil } }))
    }

    /// A retired object is not released while a reader that loaded it before it was unlinked is still inside its
    /// section, however many objects are retired after it.
    ///
    /// Whether this writer is the one that waits is not checked here: another test retiring or releasing at the same
    /// time may take the queue (with the canary in it) and wait on its own thread, and then this writer returns while
    /// the reader is inside. What holds whoever waits is that the canary stays alive; the child-process test below
    /// checks which retire waits.
    @Test func aRetiredObjectOutlivesAReaderThatMayHoldIt() async {
        let ledger = Ledger(capacity: 2)
        let published = Published(Canary(serial: 0, ledger: ledger))
        let reader = ParkedReader { lease in _ = published.reference.load(in: lease) }
        let aliveWhileReaderInside = AtomicCounter()
        let observed = observeWriter(against: reader) {
            if ledger.isAlive(0) { aliveWhileReaderInside.store(1) }
        } write: {
            if let old = published.reference.exchange(Canary(serial: 1, ledger: ledger)) { Reclamation.retire(old) }
            // Enough to fill a batch whatever was queued before: one of these retires waits for the reader.
            for id in 0..<256 { Reclamation.retire(Marker(id)) }
        }
        #expect(observed.finished)
        #expect(aliveWhileReaderInside.value == 1)
        #expect(await poll(until: { ledger.wasReleased(0) }))
    }

    /// In a process of its own nothing else takes the queue, so the retire that fills the batch is this writer's, and
    /// it waits for the reader that may hold the canary.
    @Test func inAProcessOfItsOwnTheRetireThatFillsTheBatchWaitsForTheReader() async {
        await #expect(processExitsWith: .success) {
            let ledger = Ledger(capacity: 2)
            let published = Published(Canary(serial: 0, ledger: ledger))
            let reader = ParkedReader { lease in _ = published.reference.load(in: lease) }
            let observed = observeWriter(against: reader) {
                if let old = published.reference.exchange(Canary(serial: 1, ledger: ledger)) {
                    Reclamation.retire(old)
                }
                for id in 0..<255 { Reclamation.retire(Marker(id)) }
            }
            #expect(!observed.returnedWhileReaderInside)
            #expect(observed.sawReaderLeaving)
            #expect(observed.finished)
            #expect(ledger.wasReleased(0))
        }
    }

    /// In a process of its own nothing else retires, so the batch boundary is exact: 255 retired objects stay, the
    /// 256th releases them all, and a grace period started by `release(afterGracePeriod:)` takes what is queued.
    @Test func aBatchIsReleasedExactlyWhenItReachesTwoHundredFiftySixObjects() async {
        await #expect(processExitsWith: .success) {
            var watched: [Weak<Marker>] = []
            func retireOne() {
                let marker = Marker(watched.count)
                watched.append(Weak(marker))
                Reclamation.retire(marker)
            }
            for _ in 0..<255 { retireOne() }
            #expect(watched.allSatisfy { $0.object != nil }, "255 retired objects wait")
            retireOne()
            #expect(watched.allSatisfy { $0.object == nil }, "the 256th releases the batch")
            retireOne()
            #expect(watched.last?.object != nil, "the next one waits again")
            Reclamation.release(afterGracePeriod: [Marker(-1)])
            #expect(watched.last?.object == nil, "a grace period takes what is queued")
        }
    }
}
