internal import LoomRuntime

extension EntryCache {
    /// How many argument tuples hold a slot, for tests of ``releaseUnusedStorage()`` and automatic cleanup.
    package var argumentSlotCount: Int {
        var count = 0
        currentSlotTable?.currentTable?.forEachNode { _ in count += 1 }
        return count
    }
}
