internal import LoomRuntime

/// The registration whose construction created an object holding `@Injected` properties, so that what those
/// properties build at their first read is released after the object.
///
/// An `@Injected` property resolves lazily: its holder is built first, its dependency later, at the first read. By
/// publication order alone the dependency would be released first, although the holder uses it. The property keeps
/// the anchor it was created under (``current()``) and runs its first resolution inside ``resolving(for:_:)``, which
/// ranks every releasable instance built meanwhile just after the holder — after the holder, before anything the
/// holder was built from, and after whatever was built from the holder.
///
/// The holder is taken to be the instance the anchor's registration cached: the property was created while that
/// instance was being built, so it belongs to it or to something it created.
///
/// ```swift
/// let anchor = ReleaseAnchor.current()   // in the wrapper's initialiser
/// let value = try anchor?.resolving { try resolve() } ?? resolve()
/// ```
package struct ReleaseAnchor: Sendable {
    /// Weak: an object outliving its registration must not keep it.
    private weak var entry: RegistrationEntry?

    /// The anchor of an object created now: the innermost registration being built, when its instances are released
    /// with a hook (only those are ordered); `nil` otherwise.
    package static func current() -> ReleaseAnchor? {
        guard let entry = Construction.innermostBuilding, entry.releaser != nil else { return nil }
        return ReleaseAnchor(entry: entry)
    }

    /// Runs `body` — the first resolution of a property created under this anchor — so that the releasable instances
    /// it builds are released after the instance the anchor's registration cached.
    package func resolving<R>(_ body: () throws -> R) rethrows -> R {
        guard let rank else { return try body() }
        return try InstanceBox.anchoring(below: rank, body)
    }

    /// The asynchronous form of ``resolving(for:_:)``, for a property's `load()`.
    nonisolated(nonsending) package func resolving<R>(
        _ body: nonisolated(nonsending) () async throws -> R
    ) async rethrows -> R {
        guard let rank else { return try await body() }
        return try await InstanceBox.anchoring(below: rank, body)
    }

    /// The release rank of the anchor registration's instance where the current resolution keeps it: its own cache
    /// (or a test scope's), or the current request scope's for a `.scoped` registration.
    private var rank: [UInt]? {
        guard let entry, let cache = entry.cache else { return nil }
        let holding =
            entry.isScoped
            ? RequestScope.existingCache(for: entry) : ResolutionEnvironment.current.unscopedCache(for: entry, cache)
        guard let box = holding?.box, box.releaseOrder != 0 else { return nil }
        return box.releaseRank
    }
}
