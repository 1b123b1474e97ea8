/// A ``OnceSlot`` that can also own a ``GrowingTable`` of further slots, made the first time one is needed.
///
/// A registration's cache is its own first slot; a cache of a registration with parameters keeps one slot per argument
/// tuple in such a table instead. The table is made with the first tuple's slot rather than with the cache: most
/// registrations with arguments are resolved late or never, and registering one then costs no allocation for it. The
/// table, once made, is never replaced (it grows inside), so the word that refers to it is set once, with a
/// compare-and-swap, and read with one acquire load.
///
/// ```swift
/// let owner = SlotTableOwner()
/// owner.currentSlotTable          // nil
/// let slots = owner.slotTable()   // made now, the same object from now on
/// ```
///
/// Open (hence public) only so that `LoomCore` can subclass it; not part of Loom's API — `LoomRuntime` is not a
/// product.
open class SlotTableOwner: OnceSlot, @unchecked Sendable {
    // The word holds the table (+1, or 0 before it is made) and is only accessed atomically, through `tableWord`. It
    // must stay this class's first stored property: it then follows `OnceSlot`'s two words in the stored-property
    // area, where `tableWord` points.
    private var storage: UInt = 0

    /// Creates an empty slot without a table.
    ///
    /// Public because the class is open (see ``OnceSlot/init()``).
    public override init() {}

    deinit {
        let bits = tableWord.atomicRelaxed
        if bits != 0 { Unmanaged<GrowingTable<OnceSlot>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// The table's word: the third of the stored-property area, after the slot's own two.
    @inlinable
    final var tableWord: UnsafeMutablePointer<UInt> { words + 2 }

    /// The table, unretained, for use while this object is alive; `nil` before it is made.
    ///
    /// No read section is needed (read it under ``ReadLease/empty``): the table is never replaced, and this object
    /// holds it until it goes.
    @inlinable @inline(__always)
    package final var slotTableIfMade: Leased<GrowingTable<OnceSlot>>? {
        guard let raw = UnsafeRawPointer(bitPattern: tableWord.atomicAcquire) else { return nil }
        return Leased(reference: .fromOpaque(raw))
    }

    /// The table, retained; `nil` before it is made.
    package final var currentSlotTable: GrowingTable<OnceSlot>? { slotTableIfMade?.object(in: .empty) }

    /// The table, made now if it was not yet: exactly one table is ever installed, whichever threads ask at once.
    package final func slotTable() -> GrowingTable<OnceSlot> {
        if let made = currentSlotTable { return made }
        let table = GrowingTable<OnceSlot>()
        let bits = UInt(bitPattern: Unmanaged.passRetained(table).toOpaque())
        if tableWord.atomicCompareExchange(expected: 0, desired: bits) { return table }
        // Another thread installed its table first: ours was never seen by anyone.
        Unmanaged.passUnretained(table).release()
        return currentSlotTable!
    }
}
