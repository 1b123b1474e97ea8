package import LoomCore
internal import LoomRuntime

/// Which cached instances were built from which tracked keys, so that a configuration reload drops exactly those.
///
/// A key is *tracked* while its root value sits in a box made with `tracksReads` (`LoomConfigurationSources` boxes
/// every value it loads that way). A read of such a box while a factory runs on the reading thread records the
/// registration being built, and the environment its instance is cached in; ``invalidate(keys:)`` then resets those
/// caches and forgets the records, which the rebuilt instances' factories write again.
///
/// A read is attributed to the innermost registration under construction that caches its instance: a transient
/// (`.instance`) registration has nothing to drop, and its value lives on inside whatever cached instance it is being
/// built for, so the read counts for that one. An instance that holds another *cached* instance is not rebuilt when
/// only the other one is: it did not read the key itself.
///
/// The per-read cost, for a key that is not tracked, is the `tracksReads` load and branch in `KeyAccess.finish`; a
/// tracked key read outside construction adds a thread-local load and a compare. Records are written under one lock,
/// only while factories run, and outside any read section.
package enum KeyDependents {
    /// One cached instance: a registration, in the live caches or in one test scope's isolated caches.
    struct Dependent: Hashable {
        let entry: ObjectIdentifier
        let caches: ObjectIdentifier?
    }

    /// What is known about one dependent.
    struct Record {
        /// Weak: a registration replaced or a container released must not be kept alive by its reads.
        weak var entry: RegistrationEntry?
        weak var caches: IsolatedCaches?
        /// The keys its factory read.
        var keys: Set<TypeKey> = []
    }

    struct State {
        var records: [Dependent: Record] = [:]
        var dependents: [TypeKey: Set<Dependent>] = [:]
    }

    private static let state = LoomLock(State())

    /// What ``invalidate(keys:)`` did.
    package struct Invalidation: Sendable {
        /// The registrations whose cached instances were dropped.
        package var entries: [RegistrationEntry] = []
        /// The containers holding them, as they print, without repeats, in the order met.
        package var containers: [String] {
            var seen: Set<String> = []
            return entries.map(\.ownerDescription).filter { seen.insert($0).inserted }
        }
    }

    // MARK: Recording

    /// Notes that the current resolution read the tracked `key`; records the cached registration being built, if any
    /// — on this thread's frames, or (in an `async` factory, or one isolated to a global actor) in the construction
    /// the resolution context carries.
    ///
    /// Called after the read section that found the value has ended.
    @inline(never)
    static func noteRead(key: TypeKey) {
        guard let entry = Construction.building.last(where: { $0.cache != nil }) else { return }
        let caches = ResolutionOverlay.active?.environment.isolatedCaches
        let dependent = Dependent(entry: ObjectIdentifier(entry), caches: caches.map(ObjectIdentifier.init))
        state.withLock { state in
            var record = state.records[dependent] ?? Record()
            if record.entry !== entry || (caches != nil && record.caches !== caches) {
                // A new registration (or test scope) at a reused address: start afresh.
                for key in record.keys { state.dependents[key]?.remove(dependent) }
                record = Record(entry: entry, caches: caches)
            }
            guard record.keys.insert(key).inserted else { return }
            state.records[dependent] = record
            state.dependents[key, default: []].insert(dependent)
        }
    }

    // MARK: Invalidation

    /// Drops every cached instance whose factory read one of `keys` while it was built, and forgets those records.
    ///
    /// The one place a reload reaches the engine: teardown hooks for dropped instances belong in ``drop(_:)``. A build
    /// still running when its keys change may have read the old values; the drop empties its slot, so it does not
    /// publish what it builds (it releases it) and the next resolution builds from the new values.
    ///
    /// - Parameters:
    ///   - keys: The identities of the keys whose values changed.
    ///   - scope: When the values changed inside one test scope only, that scope's caches: instances elsewhere did
    ///     not see the change. `nil` for a process-wide change, which reaches every environment.
    /// - Returns: The registrations whose instances were dropped.
    @discardableResult
    package static func invalidate(keys: some Sequence<ObjectIdentifier>, scope: IsolatedCaches? = nil) -> Invalidation
    {
        let typeKeys = Set(keys.map { TypeKey($0) })
        let scopeID = scope.map(ObjectIdentifier.init)
        let targets = state.withLock { state -> [Target] in
            var found: Set<Dependent> = []
            for key in typeKeys { found.formUnion(state.dependents[key] ?? []) }
            if let scopeID { found = found.filter { $0.caches == scopeID } }
            var targets: [Target] = []
            for dependent in found {
                guard let record = state.records[dependent] else { continue }
                forget(dependent, record, in: &state)
                let isolated = dependent.caches != nil
                guard let entry = record.entry, !isolated || record.caches != nil else { continue }
                targets.append(Target(entry: entry, caches: record.caches, isolated: isolated))
            }
            return targets.sorted { $0.entry.sequence < $1.entry.sequence }
        }
        var invalidation = Invalidation()
        invalidation.entries = drop(targets)
        return invalidation
    }

    /// One cached instance to drop.
    struct Target {
        let entry: RegistrationEntry
        let caches: IsolatedCaches?
        let isolated: Bool
    }

    /// Drops the targets' cached instances; called outside the lock, since dropping an instance may run its deinit.
    @discardableResult
    private static func drop(_ targets: [Target]) -> [RegistrationEntry] {
        var dropped: [RegistrationEntry] = []
        for target in targets {
            if target.isolated {
                guard let caches = target.caches else { continue }
                ResolutionEnvironment(isolatedCaches: caches).reset(target.entry)
            } else {
                ResolutionEnvironment.live.reset(target.entry)
            }
            dropped.append(target.entry)
        }
        return dropped
    }

    private static func forget(_ dependent: Dependent, _ record: Record, in state: inout State) {
        for key in record.keys {
            state.dependents[key]?.remove(dependent)
            if state.dependents[key]?.isEmpty == true { state.dependents[key] = nil }
        }
        state.records[dependent] = nil
    }

    /// The registrations currently recorded as having read the key `id`, for tests.
    package static func dependents(of id: ObjectIdentifier) -> [RegistrationEntry] {
        state.withLock { state in
            (state.dependents[TypeKey(id)] ?? []).compactMap { state.records[$0]?.entry }
        }
    }
}
