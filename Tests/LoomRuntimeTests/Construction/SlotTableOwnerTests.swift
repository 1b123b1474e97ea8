import LoomRuntime
import LoomTestSupport
import Testing

/// A slot that owns a table of further slots, made on first use: one table however many threads ask at once, kept
/// until the owner goes, and stored beside the slot's own words without touching them.
@Suite struct SlotTableOwnerTests {
    @Test func theTableIsMadeOnFirstUseAndThenAlwaysTheSame() {
        let owner = SlotTableOwner()
        #expect(owner.currentSlotTable == nil)
        #expect(owner.slotTableIfMade == nil)
        let table = owner.slotTable()
        #expect(owner.slotTable() === table)
        #expect(owner.currentSlotTable === table)
        #expect(owner.slotTableIfMade?.object(in: .empty) === table)
    }

    /// The table's word is the one after the slot's two: filling the slot leaves the table alone and the other way
    /// round.
    @Test func theTableAndTheSlotsOwnWordsAreApart() throws {
        let owner = SlotTableOwner()
        let table = owner.slotTable()
        let node = table.node(hash: 7) { _ in
            false
        } make: {
            OnceSlot()
        }
        #expect(owner.box == nil && !owner.isBeingBuilt, "making the table wrote nothing into the slot's words")
        let frames = ResolutionFrames.current
        let outermost = frames.beginResolution()
        let value = try owner.value(
            Marker.self, holdsWeakly: false, frames: frames, build: { Marker(3) }, onCycle: { SlotError() })
        frames.endResolution(outermost)
        #expect(owner.publishedValue(Marker.self) === value)
        #expect(owner.currentSlotTable === table, "filling the slot left the table's word alone")
        #expect(table.currentTable?.node(hash: 7) { $0 === node } === node)
    }

    @Test func theTableGoesWithItsOwner() {
        var owner: SlotTableOwner? = SlotTableOwner()
        let table = Weak(owner!.slotTable())
        #expect(table.object != nil)
        owner = nil
        #expect(table.object == nil)
    }

    /// Threads asking for the table of a new owner at once all get one table, and every node they add is in it.
    @Test func concurrentFirstUsesInstallOneTable() {
        let rounds = RuntimeTestScale.iterations(normally: 200, underThreadSanitizer: 40)
        for _ in 0..<rounds {
            let owner = SlotTableOwner()
            let tables = Collected<ObjectIdentifier>()
            onThreads(4) { index in
                let table = owner.slotTable()
                tables.append(ObjectIdentifier(table))
                _ = table.node(hash: UInt(index)) { _ in
                    false
                } make: {
                    OnceSlot()
                }
            }
            #expect(Set(tables.all).count == 1)
            var nodes = 0
            owner.currentSlotTable?.currentTable?.forEachNode { _ in nodes += 1 }
            #expect(nodes == 4)
        }
    }
}

private struct SlotError: Error {}
