import LoomRuntime
import Testing

/// The request scope's list: appended to under a lock, found without one, chained into larger chunks when full,
/// closed once, and the owner of its elements until it is released.
@Suite struct AppendOnlyListTests {
    @Test func anAppendedElementIsFoundByItsKey() {
        let list = AppendOnlyList<Marker>()
        let marker = Marker(1)
        #expect(list.element(forKey: 1) == nil)
        #expect(list.element(forKey: 1) { marker }?.refersTo(marker) == true)
        #expect(list.element(forKey: 1)?.refersTo(marker) == true)
        #expect(list.element(forKey: 2) == nil)
        #expect(list.count == 1)
    }

    @Test func appendingAnExistingKeyReturnsTheStoredElementWithoutMakingAnother() {
        let list = AppendOnlyList<Marker>()
        let first = Marker(1)
        _ = list.element(forKey: 7) { first }
        var made = 0
        let again = list.element(forKey: 7) {
            made += 1
            return Marker(2)
        }
        #expect(again?.refersTo(first) == true)
        #expect(made == 0)
        #expect(list.count == 1)
    }

    /// An append that finds its key already stored (another thread's append won) drops the element it made.
    @Test func anAppendThatLosesToAStoredKeyReleasesWhatItMade() {
        let list = AppendOnlyList<Marker>()
        let first = Marker(1)
        _ = list.element(forKey: 7) { first }
        weak var dropped: Marker?
        let stored = list.append(
            {
                let made = Marker(2)
                dropped = made
                return made
            }, forKey: 7)
        #expect(stored?.refersTo(first) == true)
        #expect(dropped == nil)
        #expect(list.count == 1)
    }

    /// An append whose list is closed while it makes its element (after its own check) drops what it made.
    @Test func anAppendToAListClosedMeanwhileReleasesWhatItMade() {
        let list = AppendOnlyList<Marker>()
        weak var dropped: Marker?
        let stored = list.append(
            {
                _ = list.close()
                let made = Marker(2)
                dropped = made
                return made
            }, forKey: 2)
        #expect(stored == nil)
        #expect(dropped == nil)
        #expect(list.count == 0)
    }

    /// More elements than the first chunk holds (four): the list chains chunks twice the size, and every element
    /// stays findable, in order.
    @Test(arguments: [4, 5, 12, 13, 100])
    func elementsBeyondTheFirstChunkAreFoundInOrder(count: Int) {
        let list = AppendOnlyList<Marker>()
        let markers = (0..<count).map { Marker($0) }
        for marker in markers { _ = list.element(forKey: UInt(marker.id) + 1) { marker } }
        #expect(list.count == count)
        for marker in markers { #expect(list.element(forKey: UInt(marker.id) + 1)?.refersTo(marker) == true) }
        var visited: [Int] = []
        list.forEachElement { visited.append($0.id) }
        #expect(visited == Array(0..<count))
    }

    /// A short list (ranked by insertion) keeps elements of equal rank in the order they were appended.
    @Test func equalRanksOfAShortListKeepTheirAppendOrder() {
        let list = AppendOnlyList<Marker>()
        let ranks: [UInt] = [2, 0, 2, 5, 0, 2]
        for index in ranks.indices { _ = list.element(forKey: UInt(index) + 1) { Marker(index) } }
        var visited: [Int] = []
        list.forEachElement(descendingBy: { ranks[$0.id] }, visit: { visited.append($0.id) })
        #expect(visited == [3, 0, 2, 5, 1, 4])
    }

    /// Ranked traversal visits every element once, highest rank first, whatever the append order and across chained
    /// chunks; each rank is read once.
    @Test(arguments: [0, 1, 3, 4, 5, 13, 16, 17, 40])
    func rankedTraversalVisitsHighestRankFirst(count: Int) {
        let list = AppendOnlyList<Marker>()
        // Ranks in a scrambled order: 41 is prime and no count exceeds it, so the `id * 7 % 41` are distinct.
        let markers = (0..<count).map { Marker($0 * 7 % 41) }
        for (index, marker) in markers.enumerated() { _ = list.element(forKey: UInt(index) + 1) { marker } }
        var rankReads = 0
        var visited: [Int] = []
        list.forEachElement(
            descendingBy: { marker in
                rankReads += 1
                return UInt(marker.id)
            },
            visit: { visited.append($0.id) })
        #expect(visited == markers.map(\.id).sorted(by: >))
        #expect(rankReads == count)
    }

    /// Elements appended while a ranked traversal runs are either visited or not, never half: the traversal visits
    /// each element it counted exactly once, with the rank read for it.
    @Test func rankedTraversalBesideAppendsVisitsWhatItCountedOnce() {
        let rounds = RuntimeTestScale.iterations(normally: 200, underThreadSanitizer: 40)
        for _ in 0..<rounds {
            let list = AppendOnlyList<Marker>()
            for id in 0..<3 { _ = list.element(forKey: UInt(id) + 1) { Marker(id) } }
            let barrier = SpinBarrier(parties: 2)
            let appender = TestThread {
                barrier.arriveAndWait()
                for id in 3..<40 { _ = list.element(forKey: UInt(id) + 1) { Marker(id) } }
            }
            barrier.arriveAndWait()
            var visited: [Int] = []
            list.forEachElement(descendingBy: { UInt($0.id) }, visit: { visited.append($0.id) })
            #expect(appender.join())
            #expect(visited.count >= 3)
            #expect(visited == visited.sorted(by: >))
            #expect(Set(visited).count == visited.count)
            #expect(Set(visited).isSuperset(of: [0, 1, 2]))
            // Appends keep their order, so what was counted is a prefix of the ids.
            #expect(Set(visited) == Set(0..<visited.count))
        }
    }

    @Test func rankedTraversalOfAClosedListStillVisitsItsElements() {
        let list = AppendOnlyList<Marker>()
        for id in [2, 9, 4] { _ = list.element(forKey: UInt(id)) { Marker(id) } }
        #expect(list.close())
        var visited: [Int] = []
        list.forEachElement(descendingBy: { UInt($0.id) }, visit: { visited.append($0.id) })
        #expect(visited == [9, 4, 2])
    }

    @Test func aClosedListFindsAndTakesNothingButStillVisitsItsElements() {
        let list = AppendOnlyList<Marker>()
        let marker = Marker(1)
        _ = list.element(forKey: 1) { marker }
        #expect(!list.isClosed)
        #expect(list.close())
        #expect(list.isClosed)
        #expect(!list.close())
        #expect(list.element(forKey: 1) == nil)
        var made = false
        #expect(
            list.element(forKey: 2) {
                made = true
                return Marker(2)
            } == nil)
        #expect(!made)
        var visited: [Marker] = []
        list.forEachElement { visited.append($0) }
        #expect(visited.count == 1 && visited[0] === marker)
    }

    /// Taking the elements out hands over the list's own reference to each, in append order and across chunks: an
    /// element nothing else holds is uniquely referenced, and the ones not moved elsewhere are released.
    @Test func removingAllHandsOverEachElementInOrder() {
        let list = AppendOnlyList<Marker>()
        weak var dropped: Marker?
        let held = Marker(0)
        _ = list.element(forKey: 1) { held }
        for id in 1..<6 { _ = list.element(forKey: UInt(id) + 1) { Marker(id) } }
        dropped = list.element(forKey: 2)?.object(in: .empty)
        var order: [Int] = []
        var unique: [Bool] = []
        var moved: [Marker] = []
        list.removeAll { marker in
            order.append(marker.id)
            unique.append(isKnownUniquelyReferenced(&marker))
            if marker.id % 2 == 0 { moved.append(marker) }
        }
        #expect(order == Array(0..<6))
        #expect(unique == [false, true, true, true, true, true])
        #expect(dropped == nil)
        #expect(moved.map(\.id) == [0, 2, 4])
        #expect(list.count == 0)
        #expect(list.element(forKey: 1) == nil)
    }

    /// The list owns its elements, in every chunk: they live until the list is released, closed or not.
    @Test func theListKeepsItsElementsAliveUntilItIsReleased() {
        weak var first: Marker?
        weak var chained: Marker?
        var list: AppendOnlyList<Marker>? = AppendOnlyList()
        do {
            let markers = (0..<6).map { Marker($0) }
            for marker in markers { _ = list!.element(forKey: UInt(marker.id) + 1) { marker } }
            first = markers[0]
            chained = markers[5]
        }
        _ = list!.close()
        #expect(first != nil && chained != nil)
        list = nil
        #expect(first == nil && chained == nil)
    }

    /// Threads racing to append the same keys agree on one element per key, and readers running beside them only
    /// ever find the element that won; every key ends up in the list exactly once.
    @Test func concurrentAppendsAgreeOnOneElementPerKeyAndReadersSeeOnlyWinners() {
        let keys = RuntimeTestScale.iterations(normally: 64, underThreadSanitizer: 24)
        let threadCount = 4
        let rounds = RuntimeTestScale.iterations(normally: 40, underThreadSanitizer: 8)
        for _ in 0..<rounds {
            let list = AppendOnlyList<Marker>()
            let winners = WinnerTable(keys: keys)
            let barrier = SpinBarrier(parties: threadCount + 1)
            let mismatches = AtomicCounter()
            let threads = (0..<threadCount).map { thread in
                TestThread {
                    barrier.arriveAndWait()
                    for key in 0..<keys {
                        let element = list.element(forKey: UInt(key) + 1) { Marker(thread * 1000 + key) }!
                            .object(in: .empty)
                        if !winners.record(element, for: key) { mismatches.increment() }
                    }
                }
            }
            let reader = TestThread {
                barrier.arriveAndWait()
                for _ in 0..<4 {
                    for key in 0..<keys {
                        guard let found = list.element(forKey: UInt(key) + 1) else { continue }
                        if !found.withObject(in: .empty, { winners.record($0, for: key) }) { mismatches.increment() }
                    }
                }
            }
            for thread in threads { #expect(thread.join()) }
            #expect(reader.join())
            #expect(mismatches.value == 0)
            #expect(list.count == keys)
            var seen = Set<Int>()
            list.forEachElement { seen.insert($0.id % 1000) }
            #expect(seen == Set(0..<keys))
        }
    }
}
