import LoomRuntime
import LoomRuntimeShims
import LoomTestSupport
import Testing

/// A lossy memo of types: it answers only for types inserted, may forget one a colliding insert evicted, and is read
/// and written from many threads without a lock.
@Suite struct TypeMemoTests {
    private final class First {}
    private final class Second {}
    private struct Third {}

    @Test func aMemoAnswersOnlyForInsertedTypes() {
        let memo = TypeMemo(slots: 256)
        #expect(!memo.contains(First.self))
        memo.insert(First.self)
        #expect(memo.contains(First.self))
        #expect(!memo.contains(Second.self))
        memo.insert(Third.self)
        #expect(memo.contains(Third.self))
        #expect(!memo.contains(Int.self))
    }

    /// A process memo lives in static storage: every handle to it reads and writes the same words, and the shim
    /// reserves words for every memo (a case without its words would write past the shim's array).
    @Test func everyHandleToAProcessMemoSharesItsWordsAndEveryMemoHasWords() {
        #expect(TypeMemo(.notPostInstantiationAware).words == TypeMemo(.notPostInstantiationAware).words)
        #expect(TypeMemo(.notPostInstantiationAware).words != TypeMemo(slots: 256).words)
        #expect(TypeMemo.ProcessMemo.allCases.count == Int(LOOM_TYPE_MEMO_COUNT))
        #expect(TypeMemo.ProcessMemo.allCases.map(\.rawValue) == Array(0..<LOOM_TYPE_MEMO_COUNT))
    }

    @Test func aOneSlotMemoRemembersTheLastTypeOnly() {
        let memo = TypeMemo(slots: 1)
        memo.insert(First.self)
        memo.insert(Second.self)
        #expect(memo.contains(Second.self))
        #expect(!memo.contains(First.self))  // evicted: forgotten, never confused with Second
    }

    @Test func concurrentInsertsAndReadsNeverAnswerForAnotherType() {
        let memo = TypeMemo(slots: 2)
        let types: [Any.Type] = [First.self, Second.self, Third.self, Int.self, String.self, Double.self]
        let wrong = Counter()
        let iterations = RuntimeTestScale.iterations(normally: 20_000, underThreadSanitizer: 2_000)
        onThreads(4) { thread in
            for step in 0..<iterations {
                let type = types[(step + thread) % types.count]
                if step.isMultiple(of: 3) { memo.insert(type) }
                // A type never inserted must never be found, whatever the others did to the slots.
                if memo.contains(Float.self) { wrong.increment() }
            }
        }
        #expect(wrong.value == 0)
    }
}
