import LoomRuntime
import LoomTestSupport
import Testing

/// The process-wide words of the C shim's array.
///
/// Every case has a meaning that other suites in this process rely on (settings, hint counters, the key store's
/// published table), and `.serialized` would not keep other targets' tests away. So the tests that write a word run in
/// a child process (an exit test), where nothing else reads it; the parent only checks the enum's layout.
@Suite struct ProcessWordTests {
    @Test func everyCaseOwnsItsOwnIndexInsideTheSharedArray() {
        let indexes = ProcessWord.allCases.map(\.rawValue)
        #expect(Set(indexes).count == indexes.count)
        // `loom_global_words` has 32 words; the settled-answer words have a cache line of their own (16–23).
        #expect(indexes.allSatisfy { (0..<32).contains($0) })
        #expect(ProcessWord.allCases.filter { $0.rawValue >= 16 } == [.settledEpoch, .settledMemos])
    }

    /// Storing a different value in every word and reading each back shows that no two cases share a word.
    @Test func everyWordKeepsWhatWasStoredInItAndCountsUpAndDown() async {
        await #expect(processExitsWith: .success) {
            // Settle the fence decision first: a thread's first read section may store `asymmetricFences`.
            ReadLease.run { _ in }
            let saved = ProcessWord.allCases.map(\.relaxed)
            for word in ProcessWord.allCases { word.store(0xA000 + UInt(word.rawValue)) }
            for word in ProcessWord.allCases {
                let stored = 0xA000 + UInt(word.rawValue)
                #expect(word.relaxed == stored, "\(word)")
                #expect(word.acquire == stored, "\(word)")
                #expect(word.isNonZero, "\(word)")
                #expect(word.increment() == stored + 1, "\(word)")
                #expect(word.decrement() == stored, "\(word)")
                word.store(0)
                #expect(!word.isNonZero, "\(word)")
            }
            for (word, value) in zip(ProcessWord.allCases, saved) { word.store(value) }
        }
    }

    /// A hint counter raised and lowered by many threads at once ends where it started, and peaks at the sum.
    @Test func concurrentIncrementsAndDecrementsOfAWordLoseNoUpdate() async {
        await #expect(processExitsWith: .success) {
            let word = ProcessWord.activeLookupPolicies
            let start = word.acquire
            let perThread = RuntimeTestScale.iterations(normally: 50_000, underThreadSanitizer: 5_000)
            onThreads(4) { _ in
                for _ in 0..<perThread { word.increment() }
            }
            #expect(word.acquire == start + UInt(4 * perThread), "after the increments")
            onThreads(4) { _ in
                for _ in 0..<perThread { word.decrement() }
            }
            #expect(word.acquire == start, "after the decrements")
        }
    }

    /// The sequentially consistent forms read and write the same word as the others.
    @Test func theSequentiallyConsistentFormsReadAndWriteTheWord() async {
        await #expect(processExitsWith: .success) {
            let word = ProcessWord.settledMemos
            word.storeSequentiallyConsistent(7)
            #expect(word.acquire == 7)
            #expect(word.sequentiallyConsistent == 7)
            #expect(word.incrementSequentiallyConsistent() == 8)
            #expect(word.relaxed == 8)
            word.store(0)
            #expect(word.sequentiallyConsistent == 0)
        }
    }

    /// Of two threads that each write one word and then read the other's, one sees the other's write.
    ///
    /// The words are the memo flag and the settled epoch. With the sequentially consistent forms, never both read the
    /// value from before the other's write; acquire and release alone would allow it.
    @Test func ofTwoThreadsThatWriteThenReadTheOthersWordOneSeesTheOthersWrite() async {
        await #expect(processExitsWith: .success) {
            let (flag, epoch) = (ProcessWord.settledMemos, ProcessWord.settledEpoch)
            let rounds = RuntimeTestScale.iterations(normally: 1_000, underThreadSanitizer: 200)
            let bothMissed = AtomicCounter()
            let arrived = AtomicCounter()
            for round in 0..<rounds {
                flag.storeSequentiallyConsistent(0)
                let epochBefore = epoch.sequentiallyConsistent
                let sawEpoch = AtomicCounter()
                let sawFlag = AtomicCounter()
                let target = UInt(2 * (round + 1))
                onThreads(2) { index in
                    arrived.increment()
                    while arrived.value < target {}
                    if index == 0 {
                        flag.storeSequentiallyConsistent(1)
                        if epoch.sequentiallyConsistent != epochBefore { sawEpoch.store(1) }
                    } else {
                        epoch.incrementSequentiallyConsistent()
                        if flag.sequentiallyConsistent != 0 { sawFlag.store(1) }
                    }
                }
                if sawEpoch.value == 0, sawFlag.value == 0 { bothMissed.increment() }
            }
            flag.store(0)
            #expect(bothMissed.value == 0)
        }
    }
}

/// The structures the modules above the runtime use instead of naming a ``ProcessWord``.
@Suite struct ProcessStructuresTests {
    /// Each counter and each setting is a word of its own, and the memo flag is the settled-memo word.
    @Test func eachCounterAndSettingIsAWordOfItsOwn() {
        let words = ProcessCounter.allCases.map(\.word) + ProcessSetting.allCases.map(\.word) + [.settledMemos]
        #expect(Set(words).count == words.count)
    }

    /// What a counter, a setting or the flag writes is what its word holds.
    @Test func countersSettingsAndTheFlagReadAndWriteTheirWords() async {
        await #expect(processExitsWith: .success) {
            let counter = ProcessCounter.activeLookupPolicies
            let start = counter.word.acquire
            #expect(counter.increment() == start + 1)
            #expect(counter.isNonZero)
            #expect(counter.decrement() == start)
            #expect(counter.isNonZero == (start != 0))

            let setting = ProcessSetting.maximumResolutionDepth
            setting.store(77)
            #expect(setting.value == 77)
            #expect(setting.word.acquire == 77)
            setting.store(0)

            SettledMemosFlag.raise()
            #expect(SettledMemosFlag.isRaised)
            #expect(ProcessWord.settledMemos.sequentiallyConsistent == 1)
            SettledMemosFlag.lower()
            #expect(!SettledMemosFlag.isRaised)
        }
    }
}
