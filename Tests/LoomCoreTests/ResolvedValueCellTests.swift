import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

/// The storage behind `@Injected`: filled once, read without locks, replaceable by a reload.
@Suite struct ResolvedValueCellTests {
    @Test func aFilledCellReadsItsValueWithoutBuildingAgain() throws {
        let cell = _ResolvedValueCell(holdsWeakly: false)
        let built = Counter()
        let first = try cell.value(Service.self) {
            built.increment()
            return Service(id: 1)
        }
        let again = try cell.value(Service.self) {
            built.increment()
            return Service(id: 2)
        }
        #expect(again === first)
        #expect(cell.reader?.value(as: Service.self) === first)
        #expect(built.value == 1)
    }

    @Test func anEmptyCellHasNoCachedValue() {
        let cell = _ResolvedValueCell(holdsWeakly: false)
        #expect(cell.reader?.value(as: Service.self) == nil)
        #expect(cell.currentValue(Service.self) == nil)
    }

    @Test func readsAfterAReplacementSeeTheNewValue() throws {
        let cell = _ResolvedValueCell(holdsWeakly: false)
        _ = try cell.value(Service.self) { Service(id: 1) }
        cell.replace(with: Service(id: 2))
        #expect(cell.reader?.value(as: Service.self)?.id == 2)
        #expect(cell.currentValue(Service.self)?.id == 2)
        #expect(try cell.value(Service.self) { Service(id: 3) }.id == 2)
        cell.replace(with: Service(id: 4))
        #expect(cell.reader?.value(as: Service.self)?.id == 4)
    }

    @Test func valueTypesAreReplacedToo() throws {
        let cell = _ResolvedValueCell(holdsWeakly: false)
        #expect(try cell.value(ValueService.self) { ValueService(id: 1) } == ValueService(id: 1))
        cell.replace(with: ValueService(id: 2))
        #expect(cell.reader?.value(as: ValueService.self) == ValueService(id: 2))
    }

    /// Reads before the first reload take no synchronisation, so the value they read is kept until the cell goes.
    @Test func aFirstValueReadBeforeAReplacementLivesAsLongAsTheCell() throws {
        weak var firstValue: Service?
        weak var secondValue: Service?
        do {
            let cell = _ResolvedValueCell(holdsWeakly: false)
            do {
                let first = try cell.value(Service.self) { Service(id: 1) }
                firstValue = first
                let second = Service(id: 2)
                secondValue = second
                cell.replace(with: second)
            }
            cell.replace(with: Service(id: 3))
            #expect(firstValue != nil)
            #expect(secondValue == nil)
            #expect(cell.reader?.value(as: Service.self)?.id == 3)
        }
        #expect(firstValue == nil)
    }

    @Test func aCellThatExpectsReplacementsReleasesEveryReplacedValue() throws {
        weak var firstValue: Service?
        let cell = _ResolvedValueCell(holdsWeakly: false)
        cell.expectReplacements()
        do {
            let first = try cell.value(Service.self) { Service(id: 1) }
            firstValue = first
        }
        cell.replace(with: Service(id: 2))
        #expect(firstValue == nil)
        #expect(cell.reader?.value(as: Service.self)?.id == 2)
    }

    @Test func aReplacementRacingTheFirstFillNeverLeavesLockFreeReadsOnAStaleValue() throws {
        for round in 0..<200 {
            let cell = _ResolvedValueCell(holdsWeakly: false)
            onThreads(2) { index in
                if index == 0 {
                    _ = try? cell.value(Service.self) { Service(id: 1) }
                } else {
                    cell.replace(with: Service(id: 2))
                }
            }
            // Either value may win the race; the lock-free read must agree with the cell's current value.
            let current = try #require(cell.currentValue(Service.self), "round \(round)")
            #expect(cell.reader?.value(as: Service.self) === current, "round \(round)")
            cell.replace(with: Service(id: 3))
            #expect(cell.reader?.value(as: Service.self)?.id == 3, "round \(round)")
        }
    }
}
