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
    /// The rank of the instance whose first `@Injected` read built this one (see ``anchoring(below:_:)``); empty for
    /// most instances.
    package let releaseAnchor: [UInt]

    init(isWeak: Bool, releaseOrder: UInt, releaseAnchor: [UInt] = []) {
        self.isWeak = isWeak
        self.releaseOrder = releaseOrder
        self.releaseAnchor = releaseAnchor
    }

    /// The instance's place in release order: its anchor's rank, then its own order.
    package final var releaseRank: [UInt] { releaseAnchor + [releaseOrder] }

    /// Whether this instance is released before `other`: dependents first.
    ///
    /// Ranks compare element by element, a higher one first; a rank that another extends is released before it —
    /// the holder of an `@Injected` property before what that property's first read built.
    package final func releasesBefore(_ other: InstanceBox) -> Bool {
        if releaseAnchor.isEmpty, other.releaseAnchor.isEmpty { return releaseOrder > other.releaseOrder }
        let mine = releaseRank
        let theirs = other.releaseRank
        for (own, their) in zip(mine, theirs) where own != their { return own > their }
        return mine.count < theirs.count
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

    // MARK: Anchors

    /// The rank instances published now are released just after, while an `@Injected` property's first read runs.
    @TaskLocal private static var anchor: [UInt] = []
    /// How many anchors are bound anywhere: while none is, a publication reads no task-local.
    private static let boundAnchors = AtomicCounter()

    /// The anchor for an instance published now (empty outside any ``anchoring(below:_:)``).
    @usableFromInline
    package static var currentAnchor: [UInt] { boundAnchors.value == 0 ? [] : anchor }

    /// Runs `body` so that the ordered instances it publishes are released just after the instance ranked `rank`.
    ///
    /// `body` is the first read of an `@Injected` property of that instance: the property's dependency is built after
    /// its holder, yet the holder depends on it.
    package static func anchoring<R>(below rank: [UInt], _ body: () throws -> R) rethrows -> R {
        boundAnchors.increment()
        defer { boundAnchors.decrement() }
        return try $anchor.withValue(rank, operation: body)
    }

    /// The asynchronous form of ``anchoring(below:_:)``.
    nonisolated(nonsending) package static func anchoring<R>(
        below rank: [UInt], _ body: nonisolated(nonsending) () async throws -> R
    ) async rethrows -> R {
        boundAnchors.increment()
        defer { boundAnchors.decrement() }
        return try await $anchor.withValue(rank, operation: body)
    }
}

/// Holds a cached instance strongly (`.singleton`, `.managed`, a resolved property's value).
@usableFromInline
package final class StrongBox<Value>: InstanceBox, @unchecked Sendable {
    // Immutable; boxes are only created for cached scopes, which the public API offers only for `Sendable` values.
    @usableFromInline package let value: Value

    /// Boxes `value`.
    @usableFromInline
    package init(_ value: Value, releaseOrder: UInt = 0, releaseAnchor: [UInt] = []) {
        self.value = value
        super.init(isWeak: false, releaseOrder: releaseOrder, releaseAnchor: releaseAnchor)
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
    package init(_ object: AnyObject, releaseOrder: UInt = 0, releaseAnchor: [UInt] = []) {
        self.object = object
        super.init(isWeak: true, releaseOrder: releaseOrder, releaseAnchor: releaseAnchor)
    }

    override package var erasedValue: Any? { object }
}

extension Leased where Object == InstanceBox {
    /// The boxed value, if the box holds one of type `Value` (a weak box's object may be gone).
    ///
    /// Read under the lease the box was loaded under. The caller knows the box was filled with a `Value`.
    @inlinable @inline(__always)
    package func value<Value>(as type: Value.Type, in lease: borrowing ReadLease) -> Value? {
        withObject(in: lease) { box in
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

    /// The published box, unretained, for use while `lease` is held; `nil` while the slot is empty.
    @inlinable @inline(__always)
    package final func publishedBox(in lease: borrowing ReadLease) -> Leased<InstanceBox>? {
        guard let raw = UnsafeRawPointer(bitPattern: words.atomicAcquire) else { return nil }
        return Leased(reference: .fromOpaque(raw))
    }

    /// The published box, retained, or `nil`.
    package final var box: InstanceBox? {
        ReadLease.run { lease in publishedBox(in: lease)?.object(in: lease) }
    }

    /// The published box of a slot that is never emptied or published again once it holds one — a request scope's
    /// caches, which keep their instances until the scope object goes — read without a read section or a retain.
    ///
    /// Valid as long as the slot (read it under ``ReadLease/empty``); do not use it on a slot that can be cleared,
    /// replaced or pruned.
    ///
    /// ```swift
    /// scopeCache.keptBox?.withObject(in: .empty) { $0.releaseOrder }
    /// ```
    package final var keptBox: Leased<InstanceBox>? {
        guard let raw = UnsafeRawPointer(bitPattern: words.atomicAcquire) else { return nil }
        return Leased(reference: .fromOpaque(raw))
    }

    /// The published value, or `nil` when the slot is empty (or its weakly held instance is gone).
    @inlinable @inline(__always)
    package final func publishedValue<Value>(_ type: Value.Type) -> Value? {
        ReadLease.run { lease in publishedBox(in: lease)?.value(as: Value.self, in: lease) }
    }

    /// Whether a flow has claimed the slot to build it (left set by a failure, it would block every later resolver).
    package final var isBeingBuilt: Bool { builderIdentity != 0 }

    // MARK: The builder word
    //
    // `words[1]` holds the identity of the flow building the slot (flows are objects, at least 16-byte aligned) and
    // three flags in its low bits. `emptied`: the slot was emptied (a reset) while that build ran, so the build must
    // not publish what it built — the instance is released instead, as the reset would have released it. `closed`:
    // the slot's cache is gone (its registration replaced or removed, its scope ended); nothing is ever published in
    // it again, and it stays set. `publishing`: the builder is storing its box; an emptier waits for that store to
    // land before it takes what the slot holds, so a box is either refused or taken, never left behind.

    /// The slot was emptied while a build ran.
    static let emptiedFlag: UInt = 1
    /// The slot's cache is gone.
    static let closedFlag: UInt = 2
    /// The builder is storing its box.
    static let publishingFlag: UInt = 4
    static let flagMask: UInt = 7

    /// The identity of the flow building the slot (`0`: none), without the flags.
    final var builderIdentity: UInt { (words + 1).atomicAcquire & ~Self.flagMask }

    /// Stores the builder word (the gate does, when a build ends without publishing).
    final func storeBuilderWord(_ word: UInt) {
        (words + 1).atomicStoreRelease(word)
    }

    // MARK: Construction

    /// How a claim ended.
    @usableFromInline
    package enum Claim: Sendable {
        /// This flow holds the claim: it builds, then calls ``publishClaimed(_:)`` or ``abandonClaim(failure:)``.
        case claimed
        /// Another flow's build ended without handing anything over: look at the slot again.
        case lookAgain
        /// The build this flow waited for handed its outcome over.
        case handedOver(ConstructionGate.Outcome)
        /// The slot is closed: build the value without keeping it.
        case closed
    }

    /// Returns the slot's value, building it exactly once when it is missing.
    ///
    /// The first resolver to claim the slot runs `build` with no lock held; concurrent resolvers of the same slot
    /// wait for it and get what it ended with: the published value, or its error. A resolver whose flow (or a flow it
    /// continues) already builds this slot, or which would wait for a builder that is (transitively) waiting for it,
    /// throws `onCycle()` instead of deadlocking. A failed build publishes nothing, so a later resolver tries again.
    /// A value that cannot be held weakly (a value type) in a weak slot is returned but not kept.
    ///
    /// When the slot is emptied or closed while the value is built, the value is not kept: it goes to `onRefused`
    /// (boxed), which releases it — the emptying would have released it had it been published a moment earlier —
    /// and is still returned, to its builder and to the resolvers that waited for it.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - holdsWeakly: Whether the slot keeps its instance weakly.
    ///   - ordered: Whether the published box gets a release order (see ``InstanceBox/releaseOrder``).
    ///   - frames: The calling thread's frames, inside a resolution (their flow is the builder identity).
    ///   - build: Produces the value; runs with no lock held.
    ///   - onCycle: The error to throw for a cycle.
    ///   - onRefused: Releases a value the emptied or closed slot did not keep.
    ///   - sharesFailure: Whether an error `build` throws goes to the resolvers waiting for it (an error that says
    ///     something about the builder's own construction, such as a cycle through it, does not: they try again).
    /// - Returns: The published value, or the one `build` produced.
    /// - Throws: What `build` (or the build waited for) throws, or `onCycle()`.
    ///
    /// Inlinable, so that a caller that knows `Value` reads, builds and boxes it specialised (an unspecialised body
    /// looks `Optional<Value>`'s and `StrongBox<Value>`'s metadata up on every construction); the claim and the
    /// publication, which do not depend on `Value`, stay behind `claim(as:onCycle:)` and ``publishClaimed(_:)``.
    @inlinable
    package final func value<Value>(
        _ type: Value.Type,
        holdsWeakly: Bool,
        ordered: Bool = false,
        frames: ResolutionFrames,
        build: () throws -> Value,
        onCycle: () -> any Error,
        onRefused: (InstanceBox) -> Void = { _ in },
        sharesFailure: (any Error) -> Bool = { _ in true }
    ) throws -> Value {
        while true {
            if let value = publishedValue(Value.self) { return value }
            switch try claim(as: frames, onCycle: onCycle) {
            case .lookAgain:
                continue
            case .handedOver(.failed(let error)):
                throw error
            case .handedOver(.built(let box)):
                guard let value = box.checkedValue(as: Value.self) else { continue }
                return value
            case .closed:
                let value = try build()
                onRefused(Self.box(value, holdsWeakly: holdsWeakly, ordered: ordered))
                return value
            case .claimed:
                if let value = publishedValue(Value.self) {
                    abandonClaim(failure: nil)
                    return value
                }
                let value: Value
                do {
                    value = try build()
                } catch {
                    abandonClaim(failure: sharesFailure(error) ? error : nil)
                    throw error
                }
                return publishBuilt(value, holdsWeakly: holdsWeakly, ordered: ordered, onRefused: onRefused)
            }
        }
    }

    /// Publishes `value`, built under this flow's claim, and returns it.
    ///
    /// When a weak slot cannot hold `value` (neither a class instance nor an Optional holding one) the claim is given up instead, so the next
    /// request builds again. `onRefused` gets the box when the slot was emptied or closed during the build.
    @inlinable @inline(__always)
    package final func publishBuilt<Value>(
        _ value: Value, holdsWeakly: Bool, ordered: Bool, onRefused: (InstanceBox) -> Void
    ) -> Value {
        if holdsWeakly, weaklyHoldableObject(value) == nil {
            abandonClaim(failure: nil)
            return value
        }
        if let refused = publishClaimed(Self.box(value, holdsWeakly: holdsWeakly, ordered: ordered)) {
            onRefused(refused)
        }
        return value
    }

    /// `value` boxed as a slot holds it: weakly (a class instance, or the one an Optional wraps) or strongly.
    @inlinable
    package static func box<Value>(_ value: Value, holdsWeakly: Bool, ordered: Bool) -> InstanceBox {
        guard ordered else {
            if holdsWeakly, let object = weaklyHoldableObject(value) { return WeakBox(object) }
            return StrongBox(value)
        }
        let order = InstanceBox.nextReleaseOrder()
        let anchor = InstanceBox.currentAnchor
        if holdsWeakly, let object = weaklyHoldableObject(value) {
            return WeakBox(object, releaseOrder: order, releaseAnchor: anchor)
        }
        return StrongBox(value, releaseOrder: order, releaseAnchor: anchor)
    }

    /// Claims the slot for the flow of `frames`, waiting while another flow builds it.
    ///
    /// - Throws: `onCycle()` when the slot is claimed by this flow (or one it continues), or waiting would close a
    ///   cycle of flows.
    @usableFromInline
    package final func claim(as frames: ResolutionFrames, onCycle: () -> any Error) throws -> Claim {
        // The uncontended claim needs only the flow's identity: the object is held (retained) only to wait.
        if (words + 1).atomicCompareExchange(expected: 0, desired: frames.flowBits) { return .claimed }
        let word = (words + 1).atomicAcquire
        if word & Self.closedFlag != 0 { return .closed }
        let builder = word & ~Self.flagMask
        if builder == 0 { return .lookAgain }
        let flow = frames.flow
        if flow.continues(builder) { throw onCycle() }
        switch ConstructionGate.waitWhileBuilding(self, by: builder, as: flow) {
        case .ended: return .lookAgain
        case .handedOver(let outcome): return .handedOver(outcome)
        case .deadlock: throw onCycle()
        }
    }

    /// Publishes `box` as the slot's instance and gives up the claim this flow holds — unless the slot was emptied or
    /// closed during the build: then it publishes nothing, hands `box` to the waiting flows and returns it, for the
    /// caller to release.
    @usableFromInline
    package final func publishClaimed(_ box: InstanceBox) -> InstanceBox? {
        while true {
            let word = (words + 1).atomicAcquire
            if word & (Self.emptiedFlag | Self.closedFlag) != 0 {
                ConstructionGate.endBuild(of: self, storing: word & Self.closedFlag, handingOver: .built(box))
                return box
            }
            if (words + 1).atomicCompareExchange(expected: word, desired: word | Self.publishingFlag) { break }
        }
        let previous = publish(box)
        // Gives up the claim, keeping a `closed` flag an emptier set meanwhile (it waits for this store).
        while true {
            let word = (words + 1).atomicAcquire
            if (words + 1).atomicCompareExchange(expected: word, desired: word & Self.closedFlag) { break }
        }
        ConstructionGate.wakeWaiters()
        if let previous { retire(previous) }
        return nil
    }

    /// Gives up the claim this flow holds, publishing nothing; `failure` (what the build threw) goes to the flows
    /// waiting for it — unless it is a cancellation, which is the builder's own: a waiter builds instead.
    @usableFromInline
    package final func abandonClaim(failure: (any Error)?) {
        let handsOver = failure.map { !($0 is CancellationError) && !Task.isCancelled } ?? false
        let kept = (words + 1).atomicAcquire & Self.closedFlag
        ConstructionGate.endBuild(
            of: self, storing: kept, handingOver: handsOver ? failure.map(ConstructionGate.Outcome.failed) : nil)
    }

    /// Returns the slot's value, building it exactly once with an asynchronous `build` when it is missing.
    ///
    /// The asynchronous twin of ``value(_:holdsWeakly:ordered:frames:build:onCycle:onRefused:)``: the first loader to
    /// claim the slot (as `flow`) runs `build`; concurrent loaders suspend — no thread blocks — until it ends and get
    /// what it ended with. A cancelled builder hands nothing over, so one of the waiters builds instead. A loader
    /// whose flow already builds the slot, or would wait in a cycle of flows, throws `onCycle()`.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - holdsWeakly: Whether the slot keeps its instance weakly.
    ///   - ordered: Whether the published box gets a release order (see ``InstanceBox/releaseOrder``).
    ///   - flow: The loading construction's identity.
    ///   - build: Produces the value; runs with no lock held and may suspend.
    ///   - onCycle: The error to throw for a cycle.
    ///   - onRefused: Releases a value the emptied or closed slot did not keep.
    ///   - sharesFailure: Whether an error `build` throws goes to the loaders waiting for it.
    /// - Returns: The published value, or the one `build` produced.
    /// - Throws: What `build` (or the build waited for) throws, `onCycle()`, or `CancellationError` when the caller
    ///   is cancelled while waiting.
    ///
    /// Inlinable for the same reason as the synchronous twin; in an unspecialised async body every `Value` local is
    /// also a task allocation. The loop repeats the synchronous twin's: Swift cannot share a body between a function
    /// that awaits and one that must not.
    @inlinable @inline(__always)
    nonisolated(nonsending) package final func load<Value: Sendable>(
        _ type: Value.Type,
        holdsWeakly: Bool,
        ordered: Bool = false,
        flow: ConstructionFlow,
        build: nonisolated(nonsending) () async throws -> Value,
        onCycle: () -> any Error,
        onRefused: (InstanceBox) -> Void = { _ in },
        sharesFailure: (any Error) -> Bool = { _ in true }
    ) async throws -> Value {
        while true {
            if let value = publishedValue(Value.self) { return value }
            switch try await claim(as: flow, onCycle: onCycle) {
            case .lookAgain:
                continue
            case .handedOver(.failed(let error)):
                throw error
            case .handedOver(.built(let box)):
                guard let value = box.checkedValue(as: Value.self) else { continue }
                return value
            case .closed:
                let value = try await build()
                onRefused(Self.box(value, holdsWeakly: holdsWeakly, ordered: ordered))
                return value
            case .claimed:
                if let value = publishedValue(Value.self) {
                    abandonClaim(failure: nil)
                    return value
                }
                let value: Value
                do {
                    value = try await build()
                } catch {
                    abandonClaim(failure: sharesFailure(error) ? error : nil)
                    throw error
                }
                return publishBuilt(value, holdsWeakly: holdsWeakly, ordered: ordered, onRefused: onRefused)
            }
        }
    }

    /// Claims the slot for `flow`, suspending (without blocking a thread) while another flow builds.
    ///
    /// - Throws: `onCycle()` when the slot is claimed by `flow` (or one it continues), or waiting would close a cycle
    ///   of flows; `CancellationError` when the caller is cancelled while waiting.
    @usableFromInline
    nonisolated(nonsending) package final func claim(
        as flow: ConstructionFlow, onCycle: () -> any Error
    ) async throws -> Claim {
        if (words + 1).atomicCompareExchange(expected: 0, desired: flow.bits) { return .claimed }
        let word = (words + 1).atomicAcquire
        if word & Self.closedFlag != 0 { return .closed }
        let builder = word & ~Self.flagMask
        if builder == 0 { return .lookAgain }
        if flow.continues(builder) { throw onCycle() }
        switch try await ConstructionGate.awaitWhileBuilding(self, by: builder, as: flow) {
        case .ended: return .lookAgain
        case .handedOver(let outcome): return .handedOver(outcome)
        case .deadlock: throw onCycle()
        }
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
    /// A build in progress does not publish afterwards: its instance goes to its builder's `onRefused` instead. With
    /// `closing`, nothing is ever published in the slot again (its cache is gone). Emptying a published slot is a
    /// ``SettledChange``: no memo of settled answers is used while it happens or matches after it.
    package final func clear(closing: Bool = false) -> InstanceBox? {
        while true {
            let word = (words + 1).atomicAcquire
            if word & Self.closedFlag != 0 { break }
            let flagged: UInt
            if closing {
                flagged = word | Self.closedFlag
            } else if word & ~Self.flagMask == 0 {
                // No build in progress: nothing to refuse.
                break
            } else {
                flagged = word | Self.emptiedFlag
            }
            if (words + 1).atomicCompareExchange(expected: word, desired: flagged) { break }
        }
        // A builder past its check is storing its box: take that box, or it would stay where nothing releases it.
        while (words + 1).atomicAcquire & Self.publishingFlag != 0 { yieldThread() }
        guard words.atomicAcquire != 0 else { return nil }
        let old = SettledChange.around { words.atomicExchange(0) }
        guard let raw = UnsafeRawPointer(bitPattern: old) else { return nil }
        return Unmanaged<InstanceBox>.fromOpaque(raw).takeRetainedValue()
    }

    /// Closes a slot whose published box must stay in place until the slot goes — a request scope's, whose end reads
    /// the boxes it releases without a read section — so that a build still in progress does not publish in it.
    package final func closeKeepingBox() {
        while true {
            let word = (words + 1).atomicAcquire
            if word & Self.closedFlag != 0 { break }
            if (words + 1).atomicCompareExchange(expected: word, desired: word | Self.closedFlag) { break }
        }
        while (words + 1).atomicAcquire & Self.publishingFlag != 0 { yieldThread() }
    }

    /// Empties a slot that nothing else refers to, releasing its instance now, so that it can be reused as a new one
    /// (``ThreadSpares``); `false`, changing nothing, while a flow has it claimed.
    ///
    /// No grace period: readers only read a slot they hold (or whose owner they hold), and the caller holds the only
    /// reference — as when the slot's last holder drops it and its `deinit` releases the instance. A closed slot
    /// (an ended request scope's) is opened again.
    ///
    /// ```swift
    /// if isKnownUniquelyReferenced(&cache), cache.emptyForReuse() { ThreadSpares.keep(cache) }
    /// ```
    package final func emptyForReuse() -> Bool {
        guard (words + 1).atomicAcquire & ~Self.closedFlag == 0 else { return false }
        (words + 1).atomicStoreRelease(0)
        let bits = words.atomicExchange(0)
        if let raw = UnsafeRawPointer(bitPattern: bits) { Unmanaged<InstanceBox>.fromOpaque(raw).release() }
        return true
    }

    /// Whether an instance is published (a weak one may have gone since).
    package final var isSettled: Bool { words.atomicAcquire != 0 }

    private func publish(_ box: InstanceBox) -> InstanceBox? {
        let old = words.atomicExchange(UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()))
        guard let raw = UnsafeRawPointer(bitPattern: old) else { return nil }
        // An instance replaced: only a weak box whose object is gone, or a value cell's, neither of which a memo of
        // settled answers holds (a strong slot is published again only after `clear()`); counted all the same.
        SettledChange.around {}
        return Unmanaged<InstanceBox>.fromOpaque(raw).takeRetainedValue()
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
