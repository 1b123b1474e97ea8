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
        // `loom_global_words` has 32 words.
        #expect(indexes.allSatisfy { (0..<32).contains($0) })
    }

    /// Storing a different value in every word and reading each back shows that no two cases share a word.
    @Test func everyWordKeepsWhatWasStoredInItAndCountsUpAndDown() async {
        await #expect(processExitsWith: .success) {
            // Settle the fence decision first: a thread's first read section may store `asymmetricFences`.
            ReadSection.run { _ in }
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
}
