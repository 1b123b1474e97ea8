/// A container's declarative bookkeeping: its builder, the registrations the builder produced, re-evaluation
/// state, invalidation subscriptions and merged children.

package import LoomRuntime

package final class DeclarativeState: Sendable {
    /// Where a re-evaluation gets its registrations.
    package enum Source: Sendable {
        /// A result builder, run again on each re-evaluation.
        case builder(@Sendable () -> DependencyGroup)
        /// The current registrations of merged containers (shared entries, so instances are shared too).
        case merged([Container])
    }

    package struct State: Sendable {
        var source: Source?
        /// Registrations made by the source; re-evaluation replaces exactly these.
        ///
        /// An array rather than a dictionary by key: it is only read during re-evaluation, and a dictionary would cost
        /// about 60 bytes per registration.
        var sourceEntries: [RegistrationEntry] = []
        var isEvaluating = false
        var isPending = false
        var trackingTasks: [Task<Void, Never>] = []
        var childObservers: [(registry: Registry, token: UInt)] = []
        /// The pending invalidation of a re-evaluation requested while another one ran (see `isPending`).
        var pendingToken: UInt?
        /// Held while an observed `@Observable` value has announced a change (`willSet`) that is not applied yet.
        var staleToken: UInt?
        /// Which Observation tracking is current (each evaluation arms a new one).
        var observationGeneration: UInt = 0
        /// Trackings that saw a `willSet` while current and have not seen its `didSet`: the builder must run again
        /// once the value is stored, even if another evaluation ran in between (it may have read the old value).
        var unsettledGenerations: Set<UInt> = []
        /// A merged container's re-evaluation postponed until its children with stale observations re-evaluate.
        var awaitingChildren: (token: UInt, reason: Registry.Change.Reason)?
        /// Whether a merged container is re-evaluating its children after one of them was invalidated: their own
        /// changes then wait for the mirror that ends it.
        var isRefreshingChildren = false
    }

    package let lock = LoomLock(State())

    deinit {
        let (tasks, observers, pending, stale, awaiting) = lock.withLock {
            ($0.trackingTasks, $0.childObservers, $0.pendingToken, $0.staleToken, $0.awaitingChildren?.token)
        }
        for task in tasks { task.cancel() }
        for (registry, token) in observers { registry.removeObserver(token) }
        // One by one, not as an array: a container's release allocates nothing.
        if let pending { PendingInvalidations.shared.end(pending) }
        if let stale { PendingInvalidations.shared.end(stale) }
        if let awaiting { PendingInvalidations.shared.end(awaiting) }
    }
}

/// Marks the declarative types, so `register` can warn when one is registered as a value by mistake.
package protocol DeclarativeRegistrationValue {}

extension Dependency: DeclarativeRegistrationValue {}
extension DependencyGroup: DeclarativeRegistrationValue {}
