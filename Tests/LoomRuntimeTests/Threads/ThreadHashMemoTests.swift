import LoomRuntime
import LoomTestSupport
import Synchronization
import Testing

/// The per-thread memo of recent hashes: a repeated hash is not computed again, anything else is, results are kept
/// per identity and per thread, and a value too large to remember is always hashed.
@Suite struct ThreadHashMemoTests {
    /// Counts the hashes actually computed, so a test can tell a remembered result from a new one.
    final class Counter: @unchecked Sendable {
        // Confined to the test's own thread.
        var computed = 0

        func hash<Value: Hashable>(_ value: Value) -> UInt {
            computed += 1
            return UInt(bitPattern: value.hashValue)
        }
    }

    enum Location: Hashable { case avatar, banner, cover }
    struct Pair: Hashable { let first: Int, second: Int }
    struct Wide: Hashable { let a: Int, b: Int, c: Int }

    /// A distinct non-zero identity per test, so entries other tests left on this thread never answer.
    static let identities = Atomic<UInt>(0x1_0000)
    static func newIdentity() -> UInt { identities.add(0x1_0000, ordering: .relaxed).newValue }

    @Test func aRepeatedHashIsComputedOnceAndGivesTheSameResult() {
        let counter = Counter()
        let identity = Self.newIdentity()
        let first = ThreadHashMemo.hash(of: Location.banner, identity: identity, compute: counter.hash)
        let second = ThreadHashMemo.hash(of: Location.banner, identity: identity, compute: counter.hash)
        #expect(first == UInt(bitPattern: Location.banner.hashValue))
        #expect(second == first)
        #expect(counter.computed == 1)
    }

    @Test func anotherValueOrAnotherIdentityIsHashedAfresh() {
        let counter = Counter()
        let identity = Self.newIdentity()
        let banner = ThreadHashMemo.hash(of: Location.banner, identity: identity, compute: counter.hash)
        let cover = ThreadHashMemo.hash(of: Location.cover, identity: identity, compute: counter.hash)
        #expect(cover == UInt(bitPattern: Location.cover.hashValue))
        #expect(banner != cover)
        #expect(counter.computed == 2)
        // The same bytes under another identity are another question.
        let other = ThreadHashMemo.hash(of: Location.banner, identity: identity + 1) { _ in 42 }
        #expect(other == 42)
    }

    /// A type with no bytes (a one-case enum) is remembered by its identity alone.
    @Test func aValueWithoutBytesIsRememberedByItsIdentity() {
        enum Only: Hashable { case one }
        let counter = Counter()
        let identity = Self.newIdentity()
        #expect(MemoryLayout<Only>.size == 0)
        let first = ThreadHashMemo.hash(of: Only.one, identity: identity, compute: counter.hash)
        #expect(ThreadHashMemo.hash(of: Only.one, identity: identity, compute: counter.hash) == first)
        #expect(counter.computed == 1)
    }

    /// Two words are remembered whole: values differing only in their second word are two entries.
    @Test func valuesUpToTwoWordsAreRememberedByAllTheirBytes() {
        let counter = Counter()
        let identity = Self.newIdentity()
        let values = [Pair(first: 1, second: 2), Pair(first: 1, second: 3)]
        let hashes = values.map { ThreadHashMemo.hash(of: $0, identity: identity, compute: counter.hash) }
        #expect(hashes == values.map { UInt(bitPattern: $0.hashValue) })
        #expect(counter.computed == 2)
    }

    @Test func aValueLargerThanTwoWordsIsAlwaysHashed() {
        let counter = Counter()
        let identity = Self.newIdentity()
        let wide = Wide(a: 1, b: 2, c: 3)
        #expect(MemoryLayout<Wide>.size > ThreadHashMemo.maximumSize)
        for _ in 0..<3 {
            #expect(
                ThreadHashMemo.hash(of: wide, identity: identity, compute: counter.hash)
                    == UInt(bitPattern: wide.hashValue))
        }
        #expect(counter.computed == 3)
    }

    /// Every thread has its own entries: a result remembered on one thread is never answered on another, and
    /// threads hashing concurrently (under ThreadSanitizer in CI) never see each other's results.
    @Test func eachThreadRemembersItsOwnResults() {
        let identity = Self.newIdentity()
        let wrong = Atomic<Int>(0)
        let rounds = RuntimeTestScale.iterations(normally: 20_000, underThreadSanitizer: 2_000)
        onThreads(4) { thread in
            // The same bytes on every thread, each thread's own answer: a shared entry would mix them up.
            let own = UInt(thread + 1)
            for round in 0..<rounds {
                let value = round % 8
                let hash = ThreadHashMemo.hash(of: value, identity: identity) { $0 == value ? own : 0 }
                if hash != own { wrong.add(1, ordering: .relaxed) }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
    }
}
