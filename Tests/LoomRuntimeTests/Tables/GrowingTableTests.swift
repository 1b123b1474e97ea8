import LoomRuntime
import LoomTestSupport
import Testing

/// The growing table behind a registration's argument-tuple slots: no table until the first node, one node per key
/// however many writers race, every node findable without the lock while the table is replaced by larger copies,
/// removal of all or some nodes, and ownership of its nodes.
@Suite struct GrowingTableTests {
    @Test func theFirstNodeMakesTheTableAndIsFoundWithoutMakingAnother() {
        let table = GrowingTable<Keyed>()
        #expect(table.currentTable == nil)
        #expect(ReadLease.run { table.table(in: $0) } == nil)
        var made = 0
        func node() -> Keyed {
            table.node(hash: Keyed.hash(1)) {
                $0.key == 1
            } make: {
                made += 1
                return Keyed(1)
            }
        }
        let first = node()
        let again = node()
        #expect(first === again)
        #expect(made == 1)
        #expect(
            ReadLease.run { lease in
                table.table(in: lease)?.withObject(in: lease) { table in
                    table.find(hash: Keyed.hash(1), in: lease, matching: { $0.key == 1 })?.refersTo(first)
                }
            } == true)
    }

    /// `find` enters and leaves its own read section and answers only the node its hash and predicate name.
    @Test func findAnswersTheMatchingNodeFromTheCurrentTable() {
        let table = GrowingTable<Keyed>()
        #expect(table.find(hash: Keyed.hash(1), matching: { $0.key == 1 }, { $0 }) == nil)
        let made = table.node(hash: Keyed.hash(1)) {
            $0.key == 1
        } make: {
            Keyed(1)
        }
        #expect(table.find(hash: Keyed.hash(1), matching: { $0.key == 1 }, { $0 }) === made)
        #expect(table.find(hash: Keyed.hash(1), matching: { $0.key == 2 }, { $0 }) == nil)
        #expect(table.find(hash: Keyed.hash(2), matching: { _ in true }, { $0 }) == nil)
        let writer = TestThread { ReadSection.synchronize() }
        #expect(writer.join())
    }

    /// More nodes than the first table holds: the table is replaced by larger copies and keeps every node.
    @Test func nodesBeyondTheFirstTablesCapacityAreAllKept() throws {
        let table = GrowingTable<Keyed>()
        let nodes = (0..<100).map { key in table.add(key) }
        let current = try #require(table.currentTable)
        #expect(current.capacity >= 128)
        for (key, node) in nodes.enumerated() {
            #expect(current.node(hash: Keyed.hash(key), matching: { $0.key == key }) === node)
        }
    }

    @Test func removingSomeNodesKeepsTheOthersFindable() throws {
        let table = GrowingTable<Keyed>()
        for key in 0..<10 { _ = table.add(key) }
        let removed = table.removeAll { $0.key.isMultiple(of: 2) }
        #expect(Set(removed.map(\.key)) == [0, 2, 4, 6, 8])
        let current = try #require(table.currentTable)
        for key in 0..<10 {
            #expect((current.node(hash: Keyed.hash(key), matching: { $0.key == key }) != nil) == !key.isMultiple(of: 2))
        }
        #expect(table.removeAll { $0.key == 42 }.isEmpty)
        #expect(table.removeAll().count == 5)
        #expect(table.currentTable?.node(hash: Keyed.hash(1), matching: { $0.key == 1 }) == nil)
        // A key removed can be made again.
        let remade = table.add(1)
        #expect(table.currentTable?.node(hash: Keyed.hash(1), matching: { $0.key == 1 }) === remade)
    }

    @Test func removingFromAnEmptyTableReturnsNothing() {
        #expect(GrowingTable<Keyed>().removeAll().isEmpty)
    }

    /// The table owns its nodes: they live until the table is released (replaced tables go after a grace period).
    @Test func theTableKeepsItsNodesAliveUntilItIsReleased() {
        weak var first: Keyed?
        weak var last: Keyed?
        var table: GrowingTable<Keyed>? = GrowingTable()
        do {
            let nodes = (0..<20).map { key in
                table!.add(key)
            }
            first = nodes[0]
            last = nodes[19]
        }
        #expect(first != nil && last != nil)
        table = nil
        #expect(first == nil && last == nil)
    }

    /// Writers racing to add the same keys (growing the table as they go) agree on one node per key, and readers
    /// probing without the lock only ever find the node that won.
    @Test func concurrentWritersAgreeOnOneNodePerKeyAndReadersSeeOnlyWinners() {
        let keys = RuntimeTestScale.iterations(normally: 200, underThreadSanitizer: 60)
        let rounds = RuntimeTestScale.iterations(normally: 20, underThreadSanitizer: 5)
        let writerCount = 4
        for _ in 0..<rounds {
            let table = GrowingTable<Keyed>()
            let made = AtomicCounter()
            let mismatches = AtomicCounter()
            let winners = WinnerTable(keys: keys)
            let barrier = SpinBarrier(parties: writerCount + 1)
            let writers = (0..<writerCount).map { _ in
                TestThread {
                    barrier.arriveAndWait()
                    for key in 0..<keys {
                        let node = table.node(hash: Keyed.hash(key)) {
                            $0.key == key
                        } make: {
                            made.increment()
                            return Keyed(key)
                        }
                        if !winners.record(node, for: key) { mismatches.increment() }
                    }
                }
            }
            let reader = TestThread {
                barrier.arriveAndWait()
                for _ in 0..<4 {
                    for key in 0..<keys {
                        let found = ReadLease.run { lease in
                            table.table(in: lease)?.withObject(in: lease) { current in
                                current.find(hash: Keyed.hash(key), in: lease, matching: { $0.key == key })?
                                    .object(in: lease)
                            }
                        }
                        if let found, !winners.record(found, for: key) { mismatches.increment() }
                    }
                }
            }
            for writer in writers { #expect(writer.join()) }
            #expect(reader.join())
            #expect(made.value == UInt(keys))
            #expect(mismatches.value == 0)
        }
    }
}

/// A node with a key, hashed by the table's own hash.
private final class Keyed: Sendable {
    let key: Int

    init(_ key: Int) { self.key = key }

    static func hash(_ key: Int) -> UInt { TableHash.word(UInt(bitPattern: key)) }
}

extension GrowingTable<Keyed> {
    /// The node for `key`, made if missing.
    fileprivate func add(_ key: Int) -> Keyed {
        node(hash: Keyed.hash(key)) {
            $0.key == key
        } make: {
            Keyed(key)
        }
    }
}
