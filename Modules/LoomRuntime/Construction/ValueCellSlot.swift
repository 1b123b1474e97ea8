/// The slot of a lazily resolved property's value, which can also publish its first value for reads that need no
/// read section.
///
/// `words[2]` holds the box of the cell's first value, retained by this slot and never released before it, once that
/// value is known to be the current one; bit 0 set ("replaced") once the slot has been, or is about to be, given
/// another value. While `words[2]` holds an untagged box, a reader copies the value straight out of it: the box cannot
/// go away under the reader, because nothing frees it before the slot itself. After the first replacement, readers
/// take the read-section path through `words[0]` as every other slot does, and the first box lives on until the slot
/// is released — the price of the unsynchronised reads before.
///
/// ```swift
/// let slot = ValueCellSlot()
/// _ = try slot.value(Service.self, holdsWeakly: false, frames: .current, build: { Service() }, onCycle: { … })
/// slot.adoptFirstBox()
/// slot.reader.value(as: Service.self)   // lock-free from now on
/// ```
@usableFromInline
package final class ValueCellSlot: OnceSlot, @unchecked Sendable {
    // Accessed only atomically, through `words + 2`: laid out right after the root class's two words.
    private var firstBox: UInt = 0

    /// Creates an empty slot.
    override public init() {
        super.init()
        #if DEBUG
            let firstBoxAddress = withUnsafeMutablePointer(to: &firstBox) { UnsafeMutableRawPointer($0) }
            assert(
                firstBoxAddress == UnsafeMutableRawPointer(words + 2),
                "ValueCellSlot's first-box word must follow OnceSlot's two words"
            )
        #endif
    }

    deinit {
        let bits = (words + 2).atomicRelaxed & ~1
        if bits != 0 { Unmanaged<InstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// A reader of this slot's strongly held value, valid while the slot lives.
    package var reader: ValueCellReader { ValueCellReader(words: words) }

    /// Publishes the current box as the first value for unsynchronised reads, unless the slot was ever replaced.
    ///
    /// Call after the slot's first fill. A replacement marks the slot before publishing its new box, so a first box
    /// adopted here is always the value the slot held when nothing had replaced it.
    package func adoptFirstBox() {
        guard (words + 2).atomicAcquire == 0, let box else { return }
        let bits = UInt(bitPattern: Unmanaged.passRetained(box).toOpaque())
        if !(words + 2).atomicCompareExchange(expected: 0, desired: bits) {
            Unmanaged<InstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
        }
    }

    /// Sends every later read through the read section; call before replacing the slot's value.
    package func markReplaced() {
        while true {
            let current = (words + 2).atomicAcquire
            if current & 1 == 1 || (words + 2).atomicCompareExchange(expected: current, desired: current | 1) {
                return
            }
        }
    }
}

/// Reads the strongly held value of a ``ValueCellSlot`` — the whole hot path of a resolved property read, inlined
/// into a property wrapper's getter.
///
/// Holds the slot's address, not a reference, so reading it out of the enclosing object retains nothing; valid only
/// while the slot lives (the wrapper's state keeps it).
@usableFromInline @frozen
package struct ValueCellReader: @unchecked Sendable {
    // The words it points at are only accessed atomically, and their slot outlives every reader (see above).
    @usableFromInline let words: UnsafeMutablePointer<UInt>

    @inlinable
    init(words: UnsafeMutablePointer<UInt>) { self.words = words }

    /// The value, or `nil` while the slot is empty.
    ///
    /// Until the slot's value is first replaced: one acquire load of its first value's box and the value's retain,
    /// with no synchronisation (that box is never freed while the slot lives). After a replacement: one read section
    /// around one atomic load and the retain. `Value` must be the type the slot was filled with.
    @inlinable @inline(__always)
    package func value<Value>(as type: Value.Type) -> Value? {
        let firstBoxBits = (words + 2).atomicAcquire
        if firstBoxBits & 1 == 0, let firstBox = UnsafeRawPointer(bitPattern: firstBoxBits) {
            return Unmanaged<StrongBox<Value>>.fromOpaque(firstBox)._withUnsafeGuaranteedRef { $0.value }
        }
        return replacedValue(as: type)
    }

    /// ``value(as:)`` once the first value was replaced (or while the slot is empty): inside a read section.
    ///
    /// Specialised in the caller but not inlined into it: every `@Injected` getter inlines ``value(as:)``, and with
    /// this path inside it the first-value read was split around it.
    @inlinable @inline(never)
    func replacedValue<Value>(as type: Value.Type) -> Value? {
        let lease = ReadLease()
        let boxBits = words.atomicAcquire
        guard boxBits != 0 else {
            lease.end()
            return nil
        }
        let value = Unmanaged<StrongBox<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: boxBits).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.value }
        lease.end()
        return value
    }
}
