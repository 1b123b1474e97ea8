public import LoomRuntime

/// Storage for one lazily resolved property value — support for Loom's property wrappers, not meant for direct use.
///
/// Filled exactly once even under concurrent first reads (the first reader resolves, the others wait), read
/// without locks afterwards, and replaceable by a reload (the previous value is released once no reader can still
/// be copying it — except the first value of a cell that was read before its first reload, which is kept until the
/// cell is released: reads before any reload take no synchronisation at all). Public only so that the wrappers can
/// hold it.
///
/// ```swift
/// let cell = _ResolvedValueCell(holdsWeakly: false)
/// let service = try cell.value(Service.self) { try container.resolve() }
/// cell.currentValue(Service.self)   // the same instance
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

    /// A lock-free reader of the strongly held value (the property getter's whole hot path).
    ///
    /// `nil` when the cell holds its value weakly (weak values take the checked path). Valid for as long as the cell
    /// lives.
    package var reader: ValueCellReader? {
        holdsWeakly ? nil : slot.reader
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
        let value = try Construction.cachedValue(of: nil, in: slot, isWeak: holdsWeakly, releaser: nil, build: build)
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
        slot.publishedValue(Value.self)
    }

    /// Replaces the value (a reload); readers see the old or the new value, never neither.
    ///
    /// ```swift
    /// cell.replace(with: try container.resolve(Service.self))
    /// ```
    /// - Parameter value: The new value.
    public func replace<Value>(with value: Value) {
        slot.markReplaced()
        slot.replace(with: value, holdsWeakly: holdsWeakly)
    }

    /// Empties the cell: the next read resolves again (a reload that could not resolve leaves no stale value).
    ///
    /// ```swift
    /// cell.empty()
    /// ```
    package func empty() {
        slot.markReplaced()
        if let previous = slot.clear() { Reclamation.release(afterGracePeriod: [previous]) }
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
