/// Releasing what readers may still hold: after a grace period, at once or in batches.
///
/// A writer that unlinks an object (a replaced table, node or cached instance) must not release it while a reader
/// inside a ``ReadSection`` can still be using it. ``release(afterGracePeriod:)`` waits for one grace period and
/// drops the objects; ``retire(_:)`` queues an object that owns nothing a user could observe (a weak box, a node
/// whose cache was already emptied) for a later, shared grace period.
///
/// ```swift
/// let replaced = table.exchange(newTable)
/// Reclamation.release(afterGracePeriod: [replaced])
/// ```
package enum Reclamation {
    private static let pending = LoomLock<[AnyObject]>([])
    private static let batchSize = 256

    /// Drops `objects` once no reader can still hold them, together with every object retired so far.
    ///
    /// Never call inside a read section: it waits for every thread that is in one.
    package static func release(afterGracePeriod objects: [AnyObject?]) {
        let objects = objects.compactMap { $0 }
        guard !objects.isEmpty else { return }
        // Only objects unlinked before the grace period starts may be released after it.
        let deferred = takeRetired()
        ReadSection.synchronize()
        withExtendedLifetime((objects, deferred)) {}
    }

    /// Queues `object`, unlinked and owning no instance, for release after a later grace period.
    package static func retire(_ object: AnyObject) {
        let isFull = pending.withLock { pending in
            pending.append(object)
            return pending.count >= batchSize
        }
        guard isFull else { return }
        let batch = takeRetired()
        ReadSection.synchronize()
        withExtendedLifetime(batch) {}
    }

    /// Removes and returns everything retired so far.
    private static func takeRetired() -> [AnyObject] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
