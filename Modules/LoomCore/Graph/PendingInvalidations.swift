internal import LoomRuntime

/// The invalidations Loom has accepted but not applied yet, process-wide, and the tasks waiting for none to be left.
///
/// An invalidation is *accepted* when Loom learns of it — a tracked sequence's element reaches Loom's task, an
/// `@Observable` value the builder read is about to change, a graph change is delivered to an autoreloading
/// property, a re-evaluation is requested while another one of the same container runs — and *applied* once the
/// registrations, caches or property it affects show the new state. ``DependencyGraph/waitForPendingInvalidations()``
/// waits until every accepted invalidation is applied.
package final class PendingInvalidations: Sendable {
    package static let shared = PendingInvalidations()

    private struct State: Sendable {
        var nextToken: UInt = 0
        var pending: Set<UInt> = []
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LoomLock(State())

    package init() {}

    /// Notes an accepted invalidation; pass the token to ``end(_:)`` once it is applied (or abandoned).
    package func begin() -> UInt {
        state.withLock { state in
            state.nextToken += 1
            state.pending.insert(state.nextToken)
            return state.nextToken
        }
    }

    /// Notes that the invalidation `token` is applied; ending a token twice does nothing.
    package func end(_ token: UInt) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.pending.remove(token) != nil, state.pending.isEmpty else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// A task that calls `invalidate` on `target` for every element `sequence` produces, each one an accepted
    /// invalidation until the call returns.
    ///
    /// The task ends with the sequence, when the sequence throws, when it is cancelled (its owner cancels it when it
    /// goes), or at the first element after `target` is gone: it holds `target` weakly, so tracking does not keep the
    /// target alive.
    package func track<Target: AnyObject & Sendable>(
        _ sequence: some AsyncSequence & Sendable, invalidating target: Target,
        with invalidate: @escaping @Sendable (Target) -> Void
    ) -> Task<Void, Never> {
        Task { [weak target] in
            do {
                for try await _ in sequence {
                    guard let target else { return }
                    let token = begin()
                    invalidate(target)
                    end(token)
                }
            } catch {
                // A failing sequence simply stops invalidating.
            }
        }
    }

    /// How many accepted invalidations are not applied yet.
    package var count: Int { state.withLock { $0.pending.count } }

    /// Returns once no accepted invalidation is left unapplied.
    package func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isSettled = state.withLock { state in
                if state.pending.isEmpty { return true }
                state.waiters.append(continuation)
                return false
            }
            if isSettled { continuation.resume() }
        }
    }
}
