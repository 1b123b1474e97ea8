internal import LoomRuntime

/// Remembered answers to `[T]` requests whose every element is a settled, strongly cached instance.
///
/// Without it a repeated collection request gathers its candidates again, resolves each one through the general path
/// and casts each instance to the element type — a run-time conformance lookup per element, most of the request's
/// cost. A remembered answer costs one lock and a short scan instead.
///
/// A memo is valid while ``SettledChange/epoch`` reads what it read before the candidates were gathered: every
/// registration change and every cleared instance is a settled change, which advances it (and while one is in
/// progress no memo is used or stored). So that a memo never keeps a released instance alive, every release of cached
/// instances and every registration change also drops all memos (``invalidate()``), after advancing the epoch; a memo
/// filled from the state before that is refused when stored.
/// Only a container's own requests are remembered (not the graph's, and never inside a test overlay, whose
/// source forwards before this is consulted), and only when every candidate is a synchronous registration without
/// arguments whose instance is published in a strong, non-scoped cache.
///
/// ```swift
/// let plugins: [any Plugin] = try container.inject()   // gathers, resolves and casts; remembers
/// let again: [any Plugin] = try container.inject()     // the remembered array
/// ```
enum SettledCollections {
    /// One remembered answer.
    private struct Memo {
        /// The registry of the container that answered; its memos go when it does (``forget(_:)``), so a new registry
        /// at the same address never finds them.
        let registry: ObjectIdentifier
        /// The request's key (a plain type key's ``RegistrationKey/fastID``): a request for `[Any]` by way of a
        /// collection type asks for another element type than its `Element`.
        let keyID: TypeKey
        let elementType: ObjectIdentifier
        let epoch: UInt
        let values: AnyObject
    }

    private static let memos = LoomLock<[Memo]>([])
    /// Enough for the few collection types an app requests repeatedly; the oldest goes first.
    private static let capacity = 16

    /// The remembered answer of `registry`'s container to the plain key `keyID` as `[Element]`, if still current.
    static func values<Element>(of _: Element.Type, keyID: TypeKey, in registry: Registry) -> [Element]? {
        guard let epoch = SettledChange.epoch else { return nil }
        let elementType = ObjectIdentifier(Element.self)
        let registry = ObjectIdentifier(registry)
        let found: AnyObject? = memos.withLock { memos in
            // Indices, not `first(where:)`: the predicate would copy each memo.
            for index in memos.indices {
                if memos[index].epoch == epoch, memos[index].keyID == keyID, memos[index].registry == registry,
                    memos[index].elementType == elementType
                {
                    return memos[index].values
                }
            }
            return nil
        }
        guard let found else { return nil }
        // Stored by `remember` for this element type, as a `Settled<Element>`.
        return unsafeDowncast(found, to: Settled<Element>.self).values
    }

    /// Remembers `values`, the answer gathered from `entries` after reading `epoch` (``SettledChange/epoch``, taken
    /// before the candidates were gathered), when every entry qualifies.
    static func remember<Element>(
        _ values: [Element], of entries: [RegistrationEntry], keyID: TypeKey, in registry: Registry, epoch: UInt
    ) {
        guard !entries.isEmpty, entries.allSatisfy(isSettledAndStrong) else { return }
        let memo = Memo(
            registry: ObjectIdentifier(registry), keyID: keyID, elementType: ObjectIdentifier(Element.self),
            epoch: epoch, values: Settled(values))
        memos.withLock { memos in
            // Announced before the epoch is checked: an `invalidate` that advanced the epoch after this check then
            // sees the flag and waits for this lock (see `invalidate`).
            SettledMemosFlag.raise()
            // Anything changed since the candidates were gathered (and `invalidate` may already have run).
            guard SettledChange.epoch == epoch else { return }
            memos.removeAll { memo in
                memo.epoch != epoch
                    || (memo.registry == ObjectIdentifier(registry) && memo.keyID == keyID
                        && memo.elementType == ObjectIdentifier(Element.self))
            }
            if memos.count >= capacity { memos.removeFirst() }
            memos.append(memo)
        }
    }

    /// Drops every memo; called after the epoch advanced (instances released, registrations changed).
    ///
    /// Without memos it costs one load, not the lock: `remember` raises the flag before it checks the epoch, and this
    /// reads the flag after the epoch advanced, all sequentially consistent, so either `remember` sees the new epoch
    /// and stores nothing, or this sees the flag and drops what it stored.
    static func invalidate() {
        guard SettledMemosFlag.isRaised else { return }
        memos.withLock { memos in
            memos.removeAll()
            SettledMemosFlag.lower()
        }
    }

    /// Drops the memos of a registry that is going away.
    static func forget(_ registry: ObjectIdentifier) {
        guard SettledMemosFlag.isRaised else { return }
        memos.withLock { memos in memos.removeAll { $0.registry == registry } }
    }

    /// Whether `entry`'s answer stays the same until the epoch advances: a published instance in a strong cache.
    private static func isSettledAndStrong(_ entry: RegistrationEntry) -> Bool {
        guard entry.kind == .synchronous, let slot = entry.plainSlot else { return false }
        return !slot.isWeak && slot.isSettled
    }

    /// A remembered array, kept as an object in the memo list.
    private final class Settled<Element> {
        let values: [Element]

        init(_ values: [Element]) { self.values = values }
    }
}
