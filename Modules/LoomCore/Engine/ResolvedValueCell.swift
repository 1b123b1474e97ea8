/// Storage for one lazily resolved property value — support for Loom's property wrappers, not meant for direct use.
///
/// Filled exactly once even under concurrent first reads (the first reader resolves, the others wait), read
/// without locks afterwards, and replaceable by a reload (the previous value is released once no reader can still
/// be copying it — except the first value of a cell that was read before its first reload, which is kept until the
/// cell is released: reads before any reload take no synchronisation at all). Public only so that the wrappers'
/// inlinable getters, specialised in your module, can read it.
///
/// ```swift
/// let cell = _ResolvedValueCell(holdsWeakly: false)
/// let service = try cell.value(Service.self) { try container.resolve() }
/// cell._cachedValue(Service.self)   // the same instance, lock-free
/// ```
public final class _ResolvedValueCell: Sendable {
    @usableFromInline let slot = ValueCellSlot()
    /// Whether the value is held weakly (`@InjectedWeakly`).
    public let holdsWeakly: Bool

    /// Creates an empty cell.
    ///
    /// ```swift
    /// let cell = _ResolvedValueCell(holdsWeakly: true)
    /// ```
    /// - Parameter holdsWeakly: Whether to hold the value weakly.
    public init(holdsWeakly: Bool) {
        self.holdsWeakly = holdsWeakly
    }

    /// The address of the word holding the cell's published value, for ``_cachedValue(inSlotWords:as:)``, or `0`
    /// when the cell holds its value weakly (weak values take the checked path).
    ///
    /// Valid for as long as the cell lives.
    ///
    /// ```swift
    /// let bits = cell._valueWordBits
    /// ```
    public var _valueWordBits: UInt {
        holdsWeakly ? 0 : UInt(bitPattern: slot.words)
    }

    /// The strongly held value published in the words at `bits` (from ``_valueWordBits``), or `nil` while there is
    /// none.
    ///
    /// Until the cell's value is first replaced, one acquire load of its first value's box and the value's retain,
    /// with no synchronisation: that box is never freed while the cell lives. After a replacement, one read section
    /// around one atomic load and the retain. A static function on a plain address, so it inlines completely into a
    /// property wrapper's getter.
    ///
    /// ```swift
    /// if let service = _ResolvedValueCell._cachedValue(inSlotWords: bits, as: Service.self) { … }
    /// ```
    /// - Parameters:
    ///   - bits: A ``_valueWordBits`` value other than `0`, of a cell that is still alive.
    ///   - type: The value's type; must be the type the cell was filled with.
    /// - Returns: The value, or `nil` when the cell is empty.
    @inlinable @inline(__always)
    public static func _cachedValue<Value>(inSlotWords bits: UInt, as type: Value.Type) -> Value? {
        let words = UnsafeMutablePointer<UInt>(bitPattern: bits).unsafelyUnwrapped
        let firstBoxBits = (words + 2).atomicAcquire
        if firstBoxBits & 1 == 0, let firstBox = UnsafeRawPointer(bitPattern: firstBoxBits) {
            return Unmanaged<StrongBox<Value>>.fromOpaque(firstBox)._withUnsafeGuaranteedRef { $0.value }
        }
        let section = ReadSection.enter()
        let boxBits = words.atomicAcquire
        guard boxBits != 0 else {
            ReadSection.exit(section)
            return nil
        }
        let value = Unmanaged<StrongBox<Value>>.fromOpaque(UnsafeRawPointer(bitPattern: boxBits).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.value }
        ReadSection.exit(section)
        return value
    }

    /// The strongly held value, if the cell has one; one atomic load inside a read section.
    ///
    /// ```swift
    /// if let service = cell._cachedValue(Service.self) { … }
    /// ```
    /// - Parameter type: The value's type; must be the type the cell was filled with.
    /// - Returns: The value, or `nil` when the cell is empty or holds its value weakly.
    @inlinable @inline(__always)
    public func _cachedValue<Value>(_ type: Value.Type) -> Value? {
        let bits = _valueWordBits
        return bits == 0 ? nil : Self._cachedValue(inSlotWords: bits, as: type)
    }

    /// The cell's value, building it with `build` exactly once when the cell is empty (or its weakly held value is
    /// gone).
    ///
    /// ```swift
    /// let service = try cell.value(Service.self) { try container.resolve() }
    /// ```
    /// - Parameters:
    ///   - type: The value's type.
    ///   - build: Resolves the value; runs with no lock held.
    /// - Returns: The cached or newly built value.
    /// - Throws: What `build` throws, or a cycle error when `build` needs this cell's value itself.
    public func value<Value>(_ type: Value.Type, build: () throws -> Value) throws -> Value {
        let value = try Resolver.cachedValue(in: slot, isWeak: holdsWeakly, closing: nil, build: build)
        if !holdsWeakly { slot.adoptFirstBox() }
        return value
    }

    /// The value currently held, without building one.
    ///
    /// ```swift
    /// cell.currentValue(Service.self)   // nil until the first read
    /// ```
    /// - Parameter type: The value's type.
    /// - Returns: The value, or `nil` when the cell is empty or its weakly held value is gone.
    public func currentValue<Value>(_ type: Value.Type) -> Value? {
        Resolver.published(in: slot, isWeak: holdsWeakly)
    }

    /// Replaces the value (a reload); readers see the old or the new value, never neither.
    ///
    /// ```swift
    /// cell.replace(with: try container.resolve(Service.self))
    /// ```
    /// - Parameter value: The new value.
    public func replace<Value>(with value: Value) {
        slot.markReplaced()
        Resolver.republish(value, in: slot, isWeak: holdsWeakly)
    }

    /// Declares that the value will be replaced (`autoreload()`), so reads take the read section from the start and
    /// every replaced value is released after its grace period — the first one included.
    ///
    /// ```swift
    /// cell.expectReplacements()
    /// ```
    package func expectReplacements() {
        slot.markReplaced()
    }
}
