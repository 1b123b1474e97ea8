/// A cached instance, immutable once published in a ``OnceSlot``: a ``StrongBox`` or a ``WeakBox``.
@usableFromInline
package class InstanceBox: @unchecked Sendable {
    // Immutable; subclasses hold only values the public API required to be `Sendable`.
    /// Whether this is a ``WeakBox`` (readers check it before reading the value).
    @usableFromInline package let isWeak: Bool
    /// When the instance was published, among the instances whose release is ordered (`0`: not ordered).
    ///
    /// An instance is published after every dependency its factory resolved — built then, or found already cached —
    /// so releasing in decreasing order puts each dependent before its dependencies.
    package let releaseOrder: UInt

    init(isWeak: Bool, releaseOrder: UInt) {
        self.isWeak = isWeak
        self.releaseOrder = releaseOrder
    }

    /// The boxed instance as `Any` (`nil` for a weak box whose object is gone), for release.
    package var erasedValue: Any? { nil }

    /// For a weak box, its instance if it is still alive (`.some(nil)` once it is gone); `nil` for a strong box.
    package final var weakInstance: (any AnyObject & Sendable)?? {
        // A weak box holds only instances of `Sendable` registrations (the public API requires it for cached scopes).
        guard isWeak else { return nil }
        let object = unsafeDowncast(self, to: WeakBox.self).object
        return .some(object.map { unsafeBitCast($0, to: (any AnyObject & Sendable).self) })
    }

    /// The instance as a `Value`, checking that the box holds one (`nil` when not, or when a weakly held instance is
    /// gone); specialised, the check is one comparison of type metadata.
    @inlinable
    package final func checkedValue<Value>(as type: Value.Type) -> Value? {
        if isWeak { return unsafeDowncast(self, to: WeakBox.self).object as? Value }
        guard Swift.type(of: self) == StrongBox<Value>.self else { return nil }
        return unsafeDowncast(self, to: StrongBox<Value>.self).value
    }

    private static let releaseOrders = AtomicCounter()

    /// The next release order: one atomic increment, paid only when a releasable instance is published.
    @usableFromInline
    package static func nextReleaseOrder() -> UInt { releaseOrders.increment() }
}

/// Holds a cached instance strongly (`.singleton`, `.managed`, a resolved property's value).
@usableFromInline
package final class StrongBox<Value>: InstanceBox, @unchecked Sendable {
    // Immutable; boxes are only created for cached scopes, which the public API offers only for `Sendable` values.
    @usableFromInline package let value: Value

    /// Boxes `value`.
    @usableFromInline
    package init(_ value: Value, releaseOrder: UInt = 0) {
        self.value = value
        super.init(isWeak: false, releaseOrder: releaseOrder)
    }

    override package var erasedValue: Any? { value }
}

/// Holds a cached class instance weakly (`.shared`).
@usableFromInline
package final class WeakBox: InstanceBox, @unchecked Sendable {
    // Immutable (a `weak let`); loading a weak reference is thread-safe.
    @usableFromInline package weak let object: AnyObject?

    /// Refers to `object` weakly.
    @usableFromInline
    package init(_ object: AnyObject, releaseOrder: UInt = 0) {
        self.object = object
        super.init(isWeak: true, releaseOrder: releaseOrder)
    }

    override package var erasedValue: Any? { object }
}

extension Unretained where Object == InstanceBox {
    /// The boxed value, if the box holds one of type `Value` (a weak box's object may be gone).
    ///
    /// Valid inside the read section the box was loaded in. The caller knows the box was filled with a `Value`.
    @inlinable @inline(__always)
    package func value<Value>(as type: Value.Type) -> Value? {
        withObject { box in
            if box.isWeak {
                // A weak box holds the class instance the slot was filled with, itself a `Value`.
                return unsafeDowncast(box, to: WeakBox.self).object.map { $0 as! Value }
            }
            return unsafeDowncast(box, to: StrongBox<Value>.self).value
        }
    }
}

/// A cache cell filled exactly once: one cached instance (of a registration, an argument tuple, or a resolved
/// property), built by the first resolver while concurrent resolvers wait, then read without locks.
///
/// `words[0]` holds the published ``InstanceBox`` (retained by the slot), read with one acquire load. `words[1]`
/// holds the ``ConstructionFlow`` currently running the factory (unretained; `0` when none): claiming it with a
/// compare-and-swap is what makes construction happen exactly once without holding a lock while user code runs.
/// Resolvers that find the slot claimed by another flow wait in ``ConstructionGate`` until the builder publishes or
/// fails; a resolver whose flow (or one it continues) holds the claim — a cycle — gets the caller's cycle error
/// instead of a deadlock.
///
/// ```swift
/// let slot = OnceSlot()
/// let service = try slot.value(Service.self, holdsWeakly: false, frames: .current,
///                              build: { Service() }, onCycle: { CycleError() })
/// ```
///
/// Open (hence public) only so that `LoomCore` can subclass it (a registration's cache is its own first slot, which
/// keeps a cached registration to one allocation); not part of Loom's API — `LoomRuntime` is not a product.
open class OnceSlot: @unchecked Sendable {
    // The two words are only accessed atomically, through `words`. They must stay this root class's first stored
    // property: `words` points at the object's stored-property area (as swift-atomics' `ManagedAtomic` does), which
    // keeps a slot to one allocation and its address stable for the object's lifetime.
    private var storage: (UInt, UInt) = (0, 0)

    /// Creates an empty slot.
    ///
    /// Public because the class is open: a package initialiser would make the compiler synthesise a trapping
    /// `init()` in every generic subclass, whose vtable thunk it then warns about.
    public init() {}

    deinit {
        let bits = words.atomicRelaxed
        if bits != 0 { Unmanaged<InstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// The slot's two atomic words: the published box, then the builder.
    @inlinable
    final var words: UnsafeMutablePointer<UInt> {
        _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: UInt.self)
    }

    // MARK: Reading

    /// The published box, unretained, for use inside `section`; `nil` while the slot is empty.
    @inlinable @inline(__always)
    package final func publishedBox(in section: ReadSection.Token) -> Unretained<InstanceBox>? {
        guard let raw = UnsafeRawPointer(bitPattern: words.atomicAcquire) else { return nil }
        return Unretained(reference: .fromOpaque(raw))
    }

    /// The published box, retained, or `nil`.
    package final var box: InstanceBox? {
        ReadSection.run { section in publishedBox(in: section)?.object }
    }

    /// The published box of a slot that is never emptied or published again once it holds one — a request scope's
    /// caches, which keep their instances until the scope object goes — read without a read section or a retain.
    ///
    /// Valid as long as the slot; do not use it on a slot that can be cleared, replaced or pruned.
    ///
    /// ```swift
    /// scopeCache.keptBox?.withObject { $0.releaseOrder }
    /// ```
    package final var keptBox: Unretained<InstanceBox>? {
        guard let raw = UnsafeRawPointer(bitPattern: words.atomicAcquire) else { return nil }
        return Unretained(reference: .fromOpaque(raw))
    }

    /// The published value, or `nil` when the slot is empty (or its weakly held instance is gone).
    @inlinable @inline(__always)
    package final func publishedValue<Value>(_ type: Value.Type) -> Value? {
        ReadSection.run { section in publishedBox(in: section)?.value(as: Value.self) }
    }

    /// Whether a flow has claimed the slot to build it (left set by a failure, it would block every later resolver).
    package final var isBeingBuilt: Bool { (words + 1).atomicAcquire != 0 }

    // MARK: Construction

    /// Returns the slot's value, building it exactly once when it is missing.
    ///
    /// The first resolver to claim the slot runs `build` with no lock held; concurrent resolvers of the same slot
    /// wait for it to publish. A resolver whose flow (or a flow it continues) already builds this slot, or which would
    /// wait for a builder that is (transitively) waiting for it, throws `onCycle()` instead of deadlocking. A failed build publishes nothing,
    /// so the next resolver tries again. A value that cannot be held weakly (a value type) in a weak slot is returned
    /// but not kept.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - holdsWeakly: Whether the slot keeps its instance weakly.
    ///   - ordered: Whether the published box gets a release order (see ``InstanceBox/releaseOrder``).
    ///   - frames: The calling thread's frames, inside an open scope (their flow is the builder identity).
    ///   - build: Produces the value; runs with no lock held.
    ///   - onCycle: The error to throw for a cycle.
    /// - Returns: The published value, or the one `build` produced.
    /// - Throws: What `build` throws, or `onCycle()`.
    ///
    /// Inlinable, so that a caller that knows `Value` reads, builds and boxes it specialised (an unspecialised body
    /// looks `Optional<Value>`'s and `StrongBox<Value>`'s metadata up on every construction); the claim and the
    /// publication, which do not depend on `Value`, stay behind the synchronous `claim(as:onCycle:)` (which takes the
    /// thread's frames) and ``publishClaimed(_:)``.
    @inlinable
    package final func value<Value>(
        _ type: Value.Type,
        holdsWeakly: Bool,
        ordered: Bool = false,
        frames: ResolutionFrames,
        build: () throws -> Value,
        onCycle: () -> any Error
    ) throws -> Value {
        while true {
            if let value = publishedValue(Value.self) { return value }
            guard try claim(as: frames, onCycle: onCycle) else { continue }
            if let value = publishedValue(Value.self) {
                abandonClaim()
                return value
            }
            let value: Value
            do {
                value = try build()
            } catch {
                abandonClaim()
                throw error
            }
            publishClaimed(value, holdsWeakly: holdsWeakly, ordered: ordered)
            return value
        }
    }

    /// Claims the slot for the flow of `frames`: `true` once this flow holds the claim (it then builds, and calls
    /// ``publishClaimed(_:)`` or ``abandonClaim()``); `false` when another flow's build ended meanwhile (look again).
    ///
    /// - Throws: `onCycle()` when the slot is claimed by this flow (or one it continues), or waiting would close a
    ///   cycle of flows.
    @usableFromInline
    package final func claim(as frames: ResolutionFrames, onCycle: () -> any Error) throws -> Bool {
        // The uncontended claim needs only the flow's identity: the object is held (retained) only to wait.
        if (words + 1).atomicCompareExchange(expected: 0, desired: frames.flowBits) { return true }
        let flow = frames.flow
        let builder = (words + 1).atomicAcquire
        if builder == 0 { return false }
        if flow.continues(builder) || !ConstructionGate.waitWhileBuilding(self, by: builder, as: flow) {
            throw onCycle()
        }
        return false
    }

    /// Publishes the `value` this flow built as the slot's instance (boxed as the slot holds it) and gives up the
    /// claim; a value that cannot be held weakly in a weak slot is not kept.
    @inlinable
    package final func publishClaimed<Value>(_ value: Value, holdsWeakly: Bool, ordered: Bool) {
        let order = ordered ? InstanceBox.nextReleaseOrder() : 0
        if holdsWeakly {
            guard let object = weaklyHoldableObject(value) else { return abandonClaim() }
            publishClaimed(WeakBox(object, releaseOrder: order))
        } else {
            publishClaimed(StrongBox(value, releaseOrder: order))
        }
    }

    /// Publishes `box` as the slot's instance and gives up the claim this flow holds.
    @usableFromInline
    package final func publishClaimed(_ box: InstanceBox) {
        let previous = publish(box)
        releaseClaim()
        if let previous { retire(previous) }
    }

    /// Gives up the claim this flow holds, publishing nothing.
    @usableFromInline
    package final func abandonClaim() {
        releaseClaim()
    }

    /// Returns the slot's value, building it exactly once with an asynchronous `build` when it is missing.
    ///
    /// The asynchronous twin of ``value(_:holdsWeakly:frames:build:onCycle:)``: the first loader to claim the slot
    /// (as `flow`) runs `build`; concurrent loaders suspend — no thread blocks — until it publishes or fails, and a
    /// failed build publishes nothing, so the next loader builds again (that is also what happens when the builder's
    /// task is cancelled and its factory gives up: the others build it). A loader whose flow already builds the slot,
    /// or would wait in a cycle of flows, throws `onCycle()`.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - holdsWeakly: Whether the slot keeps its instance weakly.
    ///   - ordered: Whether the published box gets a release order (see ``InstanceBox/releaseOrder``).
    ///   - flow: The loading construction's identity.
    ///   - build: Produces the value; runs with no lock held and may suspend.
    ///   - onCycle: The error to throw for a cycle.
    /// - Returns: The published value, or the one `build` produced.
    /// - Throws: What `build` throws, `onCycle()`, or `CancellationError` when the caller is cancelled while waiting.
    ///
    /// Inlinable for the same reason as the synchronous twin; in an unspecialised async body every `Value` local is
    /// also a task allocation. The claim, which may suspend, stays behind the asynchronous `claim(as:onCycle:)` (which
    /// takes a flow). The loop repeats the synchronous twin's: Swift cannot share a body between a function that
    /// awaits and one that must not.
    @inlinable @inline(__always)
    nonisolated(nonsending) package final func load<Value: Sendable>(
        _ type: Value.Type,
        holdsWeakly: Bool,
        ordered: Bool = false,
        flow: ConstructionFlow,
        build: nonisolated(nonsending) () async throws -> Value,
        onCycle: () -> any Error
    ) async throws -> Value {
        while true {
            if let value = publishedValue(Value.self) { return value }
            guard try await claim(as: flow, onCycle: onCycle) else { continue }
            if let value = publishedValue(Value.self) {
                abandonClaim()
                return value
            }
            let value: Value
            do {
                value = try await build()
            } catch {
                abandonClaim()
                throw error
            }
            publishClaimed(value, holdsWeakly: holdsWeakly, ordered: ordered)
            return value
        }
    }

    /// Claims the slot for `flow`, suspending (without blocking a thread) while another flow builds.
    ///
    /// Returns `true` once `flow` holds the claim (it then builds, and calls ``publishClaimed(_:)`` or
    /// ``abandonClaim()``); `false` when another flow's build ended meanwhile (look again).
    ///
    /// - Throws: `onCycle()` when the slot is claimed by `flow` (or one it continues), or waiting would close a cycle
    ///   of flows; `CancellationError` when the caller is cancelled while waiting.
    @usableFromInline
    nonisolated(nonsending) package final func claim(
        as flow: ConstructionFlow, onCycle: () -> any Error
    ) async throws -> Bool {
        if (words + 1).atomicCompareExchange(expected: 0, desired: flow.bits) { return true }
        let builder = (words + 1).atomicAcquire
        if builder == 0 { return false }
        if flow.continues(builder) { throw onCycle() }
        guard try await ConstructionGate.awaitWhileBuilding(self, by: builder, as: flow) else { throw onCycle() }
        return false
    }

    /// Replaces the published value (a reload); the previous one is released after a grace period.
    package final func replace<Value>(with value: Value, holdsWeakly: Bool) {
        let box: InstanceBox
        if holdsWeakly {
            guard let object = weaklyHoldableObject(value) else {
                if let previous = clear() { retire(previous) }
                return
            }
            box = WeakBox(object)
        } else {
            box = StrongBox(value)
        }
        if let previous = publish(box) { retire(previous) }
    }

    /// Unpublishes the cached instance and returns it, to release after a grace period (never inside a read section).
    ///
    /// Emptying a published slot is a ``SettledChange``: no memo of settled answers is used while it happens or
    /// matches after it. An empty slot is left alone (the clear happened before any later publication).
    package final func clear() -> InstanceBox? {
        guard words.atomicAcquire != 0 else { return nil }
        let old = SettledChange.around { words.atomicExchange(0) }
        guard let raw = UnsafeRawPointer(bitPattern: old) else { return nil }
        return Unmanaged<InstanceBox>.fromOpaque(raw).takeRetainedValue()
    }

    /// Empties a slot that nothing else refers to, releasing its instance now, so that it can be reused as a new one
    /// (``ThreadSpares``); `false`, changing nothing, while a flow has it claimed.
    ///
    /// No grace period: readers only read a slot they hold (or whose owner they hold), and the caller holds the only
    /// reference — as when the slot's last holder drops it and its `deinit` releases the instance.
    ///
    /// ```swift
    /// if isKnownUniquelyReferenced(&cache), cache.emptyForReuse() { ThreadSpares.keep(cache) }
    /// ```
    package final func emptyForReuse() -> Bool {
        guard (words + 1).atomicAcquire == 0 else { return false }
        let bits = words.atomicExchange(0)
        if let raw = UnsafeRawPointer(bitPattern: bits) { Unmanaged<InstanceBox>.fromOpaque(raw).release() }
        return true
    }

    /// Whether an instance is published (a weak one may have gone since).
    package final var isSettled: Bool { words.atomicAcquire != 0 }

    /// The builder's flow identity, for the gate's deadlock walk (`0`: none).
    final var builderBits: UInt { (words + 1).atomicAcquire }

    private func publish(_ box: InstanceBox) -> InstanceBox? {
        let old = words.atomicExchange(UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()))
        guard let raw = UnsafeRawPointer(bitPattern: old) else { return nil }
        // An instance replaced: only a weak box whose object is gone, or a value cell's, neither of which a memo of
        // settled answers holds (a strong slot is published again only after `clear()`); counted all the same.
        SettledChange.around {}
        return Unmanaged<InstanceBox>.fromOpaque(raw).takeRetainedValue()
    }

    private func releaseClaim() {
        (words + 1).atomicStoreRelease(0)
        ConstructionGate.wakeWaiters()
    }

    /// A replaced weak box owns no instance: its release joins a batch instead of waiting now.
    private func retire(_ box: InstanceBox) {
        if box.isWeak {
            Reclamation.retire(box)
        } else {
            Reclamation.release(afterGracePeriod: [box])
        }
    }
}

/// The class instance a weak cache can hold for `value`: the value itself, or the instance an Optional wraps.
@usableFromInline
func weaklyHoldableObject<Value>(_ value: Value) -> AnyObject? {
    var candidate: Any = value
    if let optional = value as? any _OptionalValue {
        guard let wrapped = optional.wrappedValue else { return nil }
        candidate = wrapped
    }
    return type(of: candidate) is AnyClass ? candidate as AnyObject : nil
}

/// Recognises an `Optional` value seen as `Any`, to look through it.
private protocol _OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: _OptionalValue {
    fileprivate var wrappedValue: Any? {
        if case .some(let wrapped) = self { return wrapped }
        return nil
    }
}
