/// Where a resolution keeps cached instances: in each registration's own cache (live), or in a separate store
/// that starts empty (test isolation), so nothing created inside an isolated scope is visible outside it.
@usableFromInline
package struct ResolutionEnvironment: Sendable {
    @usableFromInline package let isolatedCaches: IsolatedCaches?

    package init(isolatedCaches: IsolatedCaches?) {
        self.isolatedCaches = isolatedCaches
    }

    /// Registrations' own caches.
    @usableFromInline package static let live = ResolutionEnvironment(isolatedCaches: nil)

    /// The environment of the current task: its test overlay's, else the live one.
    package static var current: ResolutionEnvironment { ResolutionOverlay.active?.environment ?? .live }

    /// Drops `entry`'s cached instances in this environment.
    package func reset(_ entry: RegistrationEntry) {
        guard let isolatedCaches else {
            entry.cache?.reset()
            return
        }
        isolatedCaches.reset(entry)
    }

    /// The slot that holds `entry`'s instance for `arguments` in this environment.
    @inline(__always)
    package func slot(for entry: RegistrationEntry, cache: EntryCache, arguments: [AnySendableHashable]?)
        -> InstanceSlot
    {
        guard let isolatedCaches else { return cache.slot(for: arguments) }
        return isolatedCaches.cache(for: entry).slot(for: arguments)
    }
}

/// Instance caches private to one isolated scope, created on demand per registration.
@usableFromInline
package final class IsolatedCaches: Sendable {
    private let caches = LoomLock<[ObjectIdentifier: (entry: RegistrationEntry, cache: EntryCache)]>([:])

    package init() {}

    package func cache(for entry: RegistrationEntry) -> EntryCache {
        caches.withLock { caches in
            if let existing = caches[ObjectIdentifier(entry)] { return existing.cache }
            let cache = EntryCache(
                isWeak: entry.cache?.isWeak ?? false,
                hasParameters: !entry.attributes.parameterTypes.isEmpty
            )
            caches[ObjectIdentifier(entry)] = (entry, cache)
            return cache
        }
    }

    /// Drops the instances of `entry` created in this scope.
    package func reset(_ entry: RegistrationEntry) {
        caches.withLock { $0.removeValue(forKey: ObjectIdentifier(entry)) }?.cache.reset()
    }

    /// Drops every instance created in this scope.
    package func reset() {
        let all = caches.withLock { caches in
            defer { caches.removeAll() }
            return caches.values.map(\.cache)
        }
        for cache in all { cache.reset() }
    }
}
