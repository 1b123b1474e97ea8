import Dispatch
import LoomRuntime
import LoomTestSupport
import Testing

/// Read sections and grace periods: a writer's `synchronize()` returns only once every reader that was inside a
/// section has left it, nested sections end with the outermost one, and readers never touch an object released
/// after a grace period.
@Suite struct ReadSectionTests {
    private struct Failure: Error {}

    // MARK: Grace periods

    @Test func synchronizeReturnsWhileNoReaderIsInsideASection() {
        // A thread that has read before (so it is registered) and now waits outside any section.
        let parked = DispatchSemaphore(value: 0)
        let ready = DispatchSemaphore(value: 0)
        let idle = TestThread {
            ReadSection.run { _ in }
            ready.signal()
            parked.wait()
        }
        ready.wait()
        let writer = TestThread { ReadSection.synchronize() }
        #expect(writer.join())
        parked.signal()
        #expect(idle.join())
        // And on a thread that is itself outside any section.
        ReadSection.synchronize()
    }

    @Test func synchronizeWaitsForAReaderInsideASection() {
        let reader = ParkedReader()
        let observed = observeWriter(against: reader) { ReadSection.synchronize() }
        #expect(!observed.returnedWhileReaderInside)
        #expect(observed.sawReaderLeaving)
        #expect(observed.finished)
    }

    /// Leaving a nested section does not end the outer one: a writer still waits for the reader.
    @Test func leavingANestedSectionKeepsTheOuterSectionOpen() {
        let reader = ParkedReader { _ in
            let nested = ReadSection.enter()
            let deeper = ReadSection.enter()
            ReadSection.exit(deeper)
            ReadSection.exit(nested)
        }
        let observed = observeWriter(against: reader) { ReadSection.synchronize() }
        #expect(!observed.returnedWhileReaderInside)
        #expect(observed.sawReaderLeaving)
        #expect(observed.finished)
    }

    /// Leaving the outermost section ends it, whatever was nested inside: a writer no longer waits for the thread.
    @Test func leavingTheOutermostSectionEndsIt() {
        let parked = DispatchSemaphore(value: 0)
        let ready = DispatchSemaphore(value: 0)
        let reader = TestThread {
            let outer = ReadSection.enter()
            let nested = ReadSection.enter()
            ReadSection.exit(nested)
            ReadSection.exit(outer)
            // A second round, so the sequence has moved on from the first section's values.
            ReadSection.run { _ in ReadSection.run { _ in } }
            ready.signal()
            parked.wait()
        }
        ready.wait()
        let writer = TestThread { ReadSection.synchronize() }
        #expect(writer.join())
        parked.signal()
        #expect(reader.join())
    }

    @Test func runReturnsTheBodysResultAndLeavesTheSectionWhenTheBodyThrows() {
        let parked = DispatchSemaphore(value: 0)
        let ready = DispatchSemaphore(value: 0)
        let results = Collected<Int>()
        let threw = AtomicCounter()
        let reader = TestThread {
            results.append(ReadSection.run { _ in 42 })
            do {
                try ReadSection.run { _ in throw Failure() }
            } catch {
                threw.increment()
            }
            ready.signal()
            parked.wait()
        }
        ready.wait()
        // Had the throw left the section open, this writer would wait for the parked reader forever.
        let writer = TestThread { ReadSection.synchronize() }
        #expect(writer.join())
        parked.signal()
        #expect(reader.join())
        #expect(results.all == [42])
        #expect(threw.acquire == 1)
    }

    /// On Linux, outside ThreadSanitizer, writers order read sections with `membarrier`.
    ///
    /// Readers then skip their own fence; the word flips to `1` when the first thread state is made. ThreadSanitizer
    /// cannot see that ordering, so sanitised builds never enable it (`LoomRuntimeShims.c`), and neither does Darwin.
    @Test func writersUseAsymmetricFencesOnLinuxOutsideThreadSanitizer() {
        ReadSection.run { _ in }
        let expected: UInt = RuntimeTestScale.expectsAsymmetricFences ? 1 : 0
        #expect(ProcessWord.asymmetricFences.acquire == expected)
    }

    #if DEBUG
        /// A writer inside a read section would wait for itself; the debug assertion stops it.
        @Test func aWriterInsideAReadSectionIsStoppedByItsAssertion() async {
            await #expect(processExitsWith: .failure) {
                ReadSection.run { _ in ReadSection.synchronize() }
            }
        }
    #endif

    // MARK: Stress

    /// No reader ever reaches an object released after a grace period, and none sees an update go missing.
    ///
    /// Readers load the published object inside sections and check, while still inside, that it is alive and
    /// unchanged; a writer keeps replacing it and releasing the old one after a grace period (every other one through
    /// the batched `retire` path). A reader reaching a released object finds it dead in the ledger; a reader seeing
    /// an older object after a newer one means an update was lost.
    ///
    /// In the normal build on Linux this runs the `membarrier` path (readers only a compiler barrier), which
    /// ThreadSanitizer cannot observe; under ThreadSanitizer it runs the fenced path.
    @Test func readersNeverReachAnObjectReleasedAfterAGracePeriod() {
        let replacements = RuntimeTestScale.iterations(normally: 5_000, underThreadSanitizer: 800)
        let readerCount = 2
        let ledger = Ledger(capacity: replacements + 1)
        let published = Published(Canary(serial: 0, ledger: ledger))
        let writerDone = AtomicCounter()
        let damaged = AtomicCounter()
        let backwards = AtomicCounter()
        let missing = AtomicCounter()
        let reads = Collected<Int>()
        ReadSection.run { _ in }
        #expect(ProcessWord.asymmetricFences.acquire == (RuntimeTestScale.expectsAsymmetricFences ? 1 : 0))
        onThreads(readerCount + 1) { index in
            if index == 0 {
                for serial in 1...replacements {
                    let old = published.reference.exchange(Canary(serial: serial, ledger: ledger))
                    if serial.isMultiple(of: 2), let old {
                        Reclamation.retire(old)
                    } else {
                        Reclamation.release(afterGracePeriod: [old])
                    }
                }
                writerDone.store(1)
                return
            }
            var last = 0
            var count = 0
            while writerDone.acquire == 0 || count < 1_000 {
                let section = ReadSection.enter()
                if let canary = published.reference.load(in: section) {
                    let serial = canary.withObject { canary -> Int in
                        if !canary.isIntact(in: ledger) { damaged.increment() }
                        return canary.serial
                    }
                    if serial < last { backwards.increment() }
                    last = serial
                } else {
                    missing.increment()
                }
                ReadSection.exit(section)
                count += 1
            }
            reads.append(count)
        }
        #expect(damaged.acquire == 0)
        #expect(backwards.acquire == 0)
        #expect(missing.acquire == 0)
        #expect(reads.all.count == readerCount)
        #expect(published.reference.loadRetained()?.serial == replacements)
        // Every replaced canary is released by now or soon (retired ones wait for a batch; flush it).
        Reclamation.release(afterGracePeriod: [Marker()])
        #expect(spin(until: { ledger.aliveCount == 1 }))
    }
}
