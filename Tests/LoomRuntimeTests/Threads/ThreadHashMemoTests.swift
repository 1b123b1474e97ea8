import LoomRuntime
import LoomTestSupport
import Synchronization
import Testing

/// The per-thread memo of recent `hashValue`s: a plain value or a short string hashed a moment ago is not hashed again,
/// anything else is, every answer is the value's own `hashValue`, and every thread keeps its own entries.
///
/// Serialized: the counting types below count every hash in the process.
@Suite(.serialized) struct ThreadHashMemoTests {
    /// A plain value (no references) that counts how often it is hashed.
    struct Plain: Hashable {
        static let hashes = Atomic<Int>(0)
        let first: Int
        let second: Int

        func hash(into hasher: inout Hasher) {
            Self.hashes.add(1, ordering: .relaxed)
            hasher.combine(first)
            hasher.combine(second)
        }
    }

    /// A value that holds a reference: never remembered, since what it refers to could change its hash.
    struct Referring: Hashable {
        static let hashes = Atomic<Int>(0)
        let box: Box

        func hash(into hasher: inout Hasher) {
            Self.hashes.add(1, ordering: .relaxed)
            hasher.combine(ObjectIdentifier(box))
        }

        static func == (left: Self, right: Self) -> Bool { left.box === right.box }
    }

    final class Box: Sendable {}

    /// Three words: larger than the memo keeps.
    struct Wide: Hashable {
        static let hashes = Atomic<Int>(0)
        let a: Int, b: Int, c: Int

        func hash(into hasher: inout Hasher) {
            Self.hashes.add(1, ordering: .relaxed)
            hasher.combine(a)
        }
    }

    /// A one-case type has no bytes: every value is the same one.
    enum Only: Hashable {
        static let hashes = Atomic<Int>(0)
        case one

        func hash(into hasher: inout Hasher) {
            Self.hashes.add(1, ordering: .relaxed)
            hasher.combine(7)
        }
    }

    /// How many hashes `body` ran, counted by `counter`.
    func hashes(_ counter: borrowing Atomic<Int>, _ body: () -> Void) -> Int {
        let before = counter.load(ordering: .relaxed)
        body()
        return counter.load(ordering: .relaxed) - before
    }

    @Test func aPlainValueHashedAgainIsRememberedAndGivesItsOwnHash() {
        let value = Plain(first: 1, second: 2)
        let count = hashes(Plain.hashes) {
            for _ in 0..<3 { #expect(ThreadHashMemo.hashValue(of: value) == UInt(bitPattern: value.hashValue)) }
        }
        // One memo miss, then three direct `hashValue` calls by the expectation itself.
        #expect(count == 1 + 3)
    }

    /// Four values alternate and all stay remembered; values equal by `==` share an entry; a fifth one replaces the
    /// oldest.
    @Test func fourPlainValuesAlternateAndStayRemembered() {
        let values = (0..<4).map { Plain(first: $0, second: -$0) }
        let expected = values.map { UInt(bitPattern: $0.hashValue) }
        let warmUp = hashes(Plain.hashes) { for value in values { _ = ThreadHashMemo.hashValue(of: value) } }
        #expect(warmUp == 4)
        var answers: [UInt] = []
        let alternating = hashes(Plain.hashes) {
            for _ in 0..<3 {
                for value in values.reversed() { answers.append(ThreadHashMemo.hashValue(of: value)) }
            }
        }
        #expect(alternating == 0)
        #expect(answers == Array(repeating: Array(expected.reversed()), count: 3).flatMap { $0 })
        let fifth = Plain(first: 9, second: 9)
        #expect(hashes(Plain.hashes) { _ = ThreadHashMemo.hashValue(of: fifth) } == 1)
        #expect(hashes(Plain.hashes) { _ = ThreadHashMemo.hashValue(of: fifth) } == 0)
    }

    @Test func aValueThatHoldsAReferenceIsHashedEveryTime() {
        let value = Referring(box: Box())
        let count = hashes(Referring.hashes) {
            for _ in 0..<3 { _ = ThreadHashMemo.hashValue(of: value) }
        }
        #expect(count == 3)
        #expect(ThreadHashMemo.hashValue(of: value) == UInt(bitPattern: value.hashValue))
    }

    @Test func aValueLargerThanTwoWordsIsHashedEveryTime() {
        let value = Wide(a: 1, b: 2, c: 3)
        #expect(MemoryLayout<Wide>.size > ThreadHashMemo.maximumSize)
        #expect(hashes(Wide.hashes) { for _ in 0..<3 { _ = ThreadHashMemo.hashValue(of: value) } } == 3)
    }

    @Test func aValueWithoutBytesIsRememberedByItsType() {
        #expect(MemoryLayout<Only>.size == 0)
        let first = ThreadHashMemo.hashValue(of: Only.one)
        #expect(first == UInt(bitPattern: Only.one.hashValue))
        #expect(hashes(Only.hashes) { _ = ThreadHashMemo.hashValue(of: Only.one) } == 0)
    }

    /// Short strings are told apart by their bytes and their count, so `"a"` is not `"a\0"`.
    ///
    /// Long ones are hashed each time; either way the answer is the string's own hash.
    @Test func stringsGetTheirOwnHashes() {
        let strings = [
            "a", "a\u{0}", "b", "", "fifteen bytes!!", "a string longer than fifteen bytes, stored out of line",
        ]
        for _ in 0..<2 {
            for string in strings {
                #expect(ThreadHashMemo.hashValue(of: string) == UInt(bitPattern: string.hashValue))
            }
        }
    }

    /// Threads hashing concurrently (under ThreadSanitizer in CI) each get every value's own hash.
    @Test func eachThreadGetsItsOwnAnswers() {
        let values = (0..<6).map { Plain(first: $0, second: $0 * 31) }
        let expected = values.map { UInt(bitPattern: $0.hashValue) }
        let names = (0..<6).map { "name-\($0)" }
        let expectedNames = names.map { UInt(bitPattern: $0.hashValue) }
        let wrong = Atomic<Int>(0)
        let rounds = RuntimeTestScale.iterations(normally: 20_000, underThreadSanitizer: 2_000)
        onThreads(4) { thread in
            for round in 0..<rounds {
                let index = (round * (thread + 1)) % values.count
                if ThreadHashMemo.hashValue(of: values[index]) != expected[index] { wrong.add(1, ordering: .relaxed) }
                if ThreadHashMemo.hashValue(of: names[index]) != expectedNames[index] {
                    wrong.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
    }
}
