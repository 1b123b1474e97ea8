import LoomRuntime
import LoomTestSupport
import Testing

/// An `AtomicReference` kept in a process word.
///
/// The only word that holds a reference is `.keyRootValues`, the key store's published table, which LoomKeys' tests
/// read and replace in this same process: an object of another type published there, even briefly, would be read as
/// a key table, and a save-and-restore would race the key store's writer (whose lock is private to LoomKeys). A
/// `.serialized` suite does not keep other targets' tests away, so these tests run in a child process (an exit test),
/// where nothing else touches the word; they restore what they found anyway.
@Suite struct ProcessReferenceTests {
    @Test func loadsSeeWhatAnExchangePublishedAndExchangesReturnThePreviousObject() async {
        await #expect(processExitsWith: .success) {
            let saved = ProcessReference<AnyObject>(.keyRootValues).exchange(nil)
            let reference = ProcessReference<Marker>(.keyRootValues)
            #expect(ReadLease.run { lease in reference.load(in: lease) } == nil, "empty word, unretained")
            #expect(reference.loadRetained() == nil, "empty word, retained")
            #expect(reference.read { $0.id } == nil, "empty word, read")

            var first = Weak<Marker>(nil)
            do {
                let marker = Marker(1)
                first = Weak(marker)
                #expect(reference.exchange(marker) == nil, "first exchange")
                #expect(ReadLease.run { lease in reference.load(in: lease)?.refersTo(marker) } == true, "load")
                #expect(reference.loadRetained() === marker, "retained load")
                #expect(reference.read { $0.id } == 1, "read")
            }
            #expect(first.object != nil, "the word holds its object")
            let second = Marker(2)
            do {
                let previous = reference.exchange(second)
                #expect(previous?.id == 1, "exchange returns the previous object")
                #expect(reference.loadRetained() === second, "second object published")
            }
            #expect(first.object == nil, "the previous object goes when its caller lets go of it")
            #expect(reference.exchange(nil) === second, "emptying returns the last object")
            #expect(reference.loadRetained() == nil, "emptied")

            _ = ProcessReference<AnyObject>(.keyRootValues).exchange(saved)
        }
    }

    /// Readers load the word inside sections and check the object while a writer replaces it, releasing the old one
    /// after a grace period.
    @Test func readersOfTheWordNeverReachAReleasedObject() async {
        await #expect(processExitsWith: .success) {
            let saved = ProcessReference<AnyObject>(.keyRootValues).exchange(nil)
            let reference = ProcessReference<Canary>(.keyRootValues)
            let schedule = ReplacementSchedule(
                minimum: RuntimeTestScale.iterations(normally: 3_000, underThreadSanitizer: 500),
                reads: RuntimeTestScale.iterations(normally: 50_000, underThreadSanitizer: 5_000))
            let ledger = Ledger(capacity: schedule.maximum + 1)
            _ = reference.exchange(Canary(serial: 0, ledger: ledger))
            let damaged = AtomicCounter()
            onThreads(3) { index in
                if index == 0 {
                    schedule.run { serial in
                        let old = reference.exchange(Canary(serial: serial, ledger: ledger))
                        Reclamation.release(afterGracePeriod: [old])
                    }
                    return
                }
                var count = 0
                while !schedule.isFinished {
                    schedule.countRead()
                    count += 1
                    yieldBetweenSections(count)
                    ReadLease.run { lease in
                        let intact = reference.load(in: lease)?.withObject(in: lease) {
                            $0.staysIntact(in: ledger, iteration: count)
                        }
                        if intact != true { damaged.increment() }
                    }
                }
            }
            #expect(damaged.value == 0, "readers reached a released or damaged object")
            #expect(reference.loadRetained()?.serial == schedule.last, "the last object is published")
            Reclamation.release(afterGracePeriod: [reference.exchange(nil)])
            #expect(ledger.aliveCount == 0, "every object released")
            _ = ProcessReference<AnyObject>(.keyRootValues).exchange(saved)
        }
    }
}
