package import LoomRuntime

/// The state behind ``DependencyGraph``: which containers are active, their merged index, change subscribers.
///
/// Writers (activation, deactivation, registry changes of active containers) are serialised by `lock`; readers
/// load the published ``GraphIndex`` inside a read section. Factories (eager instantiation) and subscribers run
/// after the lock is released.
@usableFromInline
package final class GraphEngine: @unchecked Sendable {
    // `indexWord` is accessed atomically; all other mutable state is in `lock`.
    package struct ActiveContainer: Sendable {
        let container: Container
        /// `LoomConfiguration.isIndexingEnabled` when the container was activated.
        let isIndexed: Bool
    }

    package struct State: Sendable {
        var active: [ActiveContainer] = []
        var index = GraphIndex.empty
        /// Observed registries of reachable containers, with how many active chains reach each.
        var observed: [ObjectIdentifier: (registry: Registry, token: UInt, reach: Int)] = [:]
    }

    package static let shared = GraphEngine()

    private let lock = LoomLock(State())
    /// The current index, for lock-free probes (the state holds it too).
    private let indexReference = AtomicReference(GraphIndex.empty)
    private let subscribers = LoomLock<[UInt: AsyncStream<DependencyGraphChange>.Continuation]>([:])
    /// Subscribers that apply each change (autoreloading properties): every change delivered to one is a pending
    /// invalidation until the subscriber reports it applied.
    private let reloaders = LoomLock<[UInt: @Sendable (DependencyGraphChange) -> Void]>([:])
    private let subscriberCounter = AtomicCounter()

    private init() {}

    // MARK: Reading

    /// The current index, retained.
    package var index: GraphIndex { indexReference.loadRetained()! }

    package var activeContainers: [Container] { index.active }

    /// Enters a read section and probes the merged index for a type's plain registration.
    package func probePlain(typeKey: TypeKey) -> ProbeResult {
        probe(hash: typeKey.tableHash, valueType: typeKey, fastID: typeKey) {
            $0.fastID == typeKey
        }
    }

    /// Enters a read section and probes the merged index for the registration named `name` (without parameters),
    /// usable only when it produces exactly the type whose key is `valueType`.
    package func probeNamed(_ name: String, valueType: TypeKey) -> ProbeResult {
        probe(hash: RegistrationKey.nameHash(name), valueType: valueType) { $0.isPlainName(name) }
    }

    /// Enters a read section and probes the merged index for the registration under `hash` that `matches`, usable
    /// only when it produces exactly the type whose key is `valueType`.
    ///
    /// Inlined into the plain and named probes, so their `matches` is a direct comparison, not a closure call per node.
    /// `fastID`: as in ``ProbeResult/probe(_:hash:valueType:fastID:matching:)``.
    @inline(__always)
    package func probe(
        hash: UInt, valueType: TypeKey, fastID: TypeKey = .none, matching matches: (RegistrationKey) -> Bool
    ) -> ProbeResult {
        let lease = ReadLease()
        let found = indexReference.load(in: lease)?.withObject(in: lease) { index -> ProbeResult.Found in
            guard !index.hasScannedContainers else { return .nothing }
            return ProbeResult.find(
                .table(Leased(index.table)), in: lease, hash: hash, valueType: valueType, fastID: fastID,
                matching: matches)
        }
        return ProbeResult(lease: lease, found: found ?? .nothing)
    }

    // MARK: Activation

    /// Activates `container`, returning once it is indexed and its eager instances with synchronous factories exist;
    /// no-op when active.
    ///
    /// Returns the eager registrations only `load` can build (`async` factories, other actors), for the asynchronous
    /// activation to load; the synchronous one reports them.
    @discardableResult
    package func activate(_ container: Container, fileID: StaticString, line: UInt) -> [RegistrationEntry] {
        let isIndexed = LoomConfiguration.isIndexingEnabled
        let (activated, retired) = lock.withLock { state -> (Bool, GraphIndex?) in
            guard !state.active.contains(where: { $0.container === container }) else { return (false, nil) }
            state.active.append(ActiveContainer(container: container, isIndexed: isIndexed))
            for member in container.chain { observe(member, in: &state) }
            return (true, rebuild(&state))
        }
        guard activated else { return [] }
        retire(retired)
        container.logTarget.log(.debug, "Activated \(container.description)", file: fileID, line: line)
        let deferred = createEagerInstances(of: container)
        emit(DependencyGraphChange(kind: .activated, containers: [container.description]))
        return deferred
    }

    /// Loads eager registrations the synchronous activation could not build, concurrently, and logs failures.
    package func loadEagerInstances(_ entries: [RegistrationEntry], logTarget: LogTarget) async {
        let environment = ResolutionEnvironment.current
        await withTaskGroup(of: Void.self) { group in
            for entry in entries {
                group.addTask {
                    do {
                        try await entry.settle(in: environment)
                    } catch {
                        Self.logEagerFailure(of: entry, error, to: logTarget)
                    }
                }
            }
        }
    }

    /// Deactivates `container`, dropping the cached instances of every registry no longer reachable.
    ///
    /// Deactivating an inactive container does nothing.
    package func deactivate(_ container: Container, fileID: StaticString, line: UInt) {
        let outcome = lock.withLock { state -> (GraphIndex?, [Registry])? in
            guard let position = state.active.firstIndex(where: { $0.container === container }) else { return nil }
            state.active.remove(at: position)
            let unreachable = container.chain.compactMap { unobserve($0, in: &state) }
            return (rebuild(&state), unreachable)
        }
        guard let (retired, unreachable) = outcome else { return }
        retire(retired)
        Release.run(unreachable.flatMap { $0.entries.flatMap { $0.cache?.takeReleases() ?? [] } })
        container.logTarget.log(.debug, "Deactivated \(container.description)", file: fileID, line: line)
        releaseUnusedStorageIfEnabled()
        emit(DependencyGraphChange(kind: .deactivated, containers: [container.description]))
    }

    /// Deactivates every container and drops all their cached instances.
    package func deactivateAll() {
        let (retired, registries, names) = lock.withLock { state -> (GraphIndex?, [Registry], [String]) in
            let names = state.active.map(\.container.description)
            let registries = state.observed.values.map(\.registry)
            for (registry, token, _) in state.observed.values { registry.removeObserver(token) }
            state.observed = [:]
            state.active = []
            return (rebuild(&state), registries, names)
        }
        retire(retired)
        Release.run(registries.flatMap { $0.entries.flatMap { $0.cache?.takeReleases() ?? [] } })
        emit(DependencyGraphChange(kind: .deactivatedAll, containers: names))
    }

    // MARK: Changes

    /// A new subscription to graph changes.
    package func changes() -> AsyncStream<DependencyGraphChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: DependencyGraphChange.self)
        let token = subscriberCounter.increment()
        subscribers.withLock { $0[token] = continuation }
        // The engine lives as long as the process (`shared`); a weak reference would give it a side table, and every
        // retain of the engine on a resolution path would then take the runtime's slow path.
        continuation.onTermination = { _ in
            _ = GraphEngine.shared.subscribers.withLock { $0.removeValue(forKey: token) }
        }
        return stream
    }

    /// Adds `reload`, called with every change before any ``changes()`` subscriber gets it.
    ///
    /// What an autoreloading property registers, so that a subscriber woken by a change already reads the reloaded
    /// value. Returns the token that ``removeReloader(_:)`` takes. `reload` runs on the thread that emits the change,
    /// with no Loom lock held.
    package func addReloader(_ reload: @escaping @Sendable (DependencyGraphChange) -> Void) -> UInt {
        let token = subscriberCounter.increment()
        reloaders.withLock { $0[token] = reload }
        return token
    }

    /// Removes the reloader `token`.
    package func removeReloader(_ token: UInt) {
        _ = reloaders.withLock { $0.removeValue(forKey: token) }
    }

    /// Hands `change` to every reloader, then to every subscriber; called only once the change is visible to
    /// resolutions.
    ///
    /// `LoomConfigurationSources` emits its reloads through it.
    package func emit(_ change: DependencyGraphChange) {
        let reloaders = reloaders.withLock { Array($0.values) }
        for reload in reloaders { reload(change) }
        let continuations = subscribers.withLock { Array($0.values) }
        for continuation in continuations { continuation.yield(change) }
    }

    /// Drops `.shared` cache cells of released instances in every reachable registry.
    package func releaseUnusedStorage() {
        let registries = lock.withLock { $0.observed.values.map(\.registry) }
        for registry in registries {
            for entry in registry.entries { entry.cache?.releaseUnusedStorage() }
        }
    }

    private func releaseUnusedStorageIfEnabled() {
        if LoomConfiguration.autoCleanupEnabled { releaseUnusedStorage() }
    }

    // MARK: Steps (under the lock)

    private func observe(_ container: Container, in state: inout State) {
        let id = ObjectIdentifier(container.registry)
        if let existing = state.observed[id] {
            state.observed[id] = (existing.registry, existing.token, existing.reach + 1)
            return
        }
        let name = container.description
        let token = container.registry.addObserver { change in
            GraphEngine.shared.registryDidChange(change, in: name)
        }
        state.observed[id] = (container.registry, token, 1)
    }

    /// Returns the registry when no active chain reaches it any more.
    private func unobserve(_ container: Container, in state: inout State) -> Registry? {
        let id = ObjectIdentifier(container.registry)
        guard let existing = state.observed[id] else { return nil }
        if existing.reach > 1 {
            state.observed[id] = (existing.registry, existing.token, existing.reach - 1)
            return nil
        }
        existing.registry.removeObserver(existing.token)
        state.observed[id] = nil
        return existing.registry
    }

    /// Builds and publishes a new index; returns the old one, to release after a grace period.
    private func rebuild(_ state: inout State) -> GraphIndex {
        let containers = state.active.map(\.container)
        let index = GraphIndex.build(
            active: containers,
            indexed: state.active.filter(\.isIndexed).map(\.container),
            scanned: state.active.filter { !$0.isIndexed }.map(\.container),
            capacityHint: LoomConfiguration.approximateDependencyCount
        )
        state.index = index
        return indexReference.exchange(index)!
    }

    private func retire(_ index: GraphIndex?) {
        Reclamation.release(afterGracePeriod: [index])
    }

    /// Updates the index in place for the keys a registry transaction touched.
    private func registryDidChange(_ change: Registry.Change, in containerName: String) {
        var retiredNodes: [RegistryNode] = []
        let retiredIndex: GraphIndex? = lock.withLock { state in
            let indexed = state.active.filter(\.isIndexed).map(\.container)
            var keys: Set<RegistrationKey> = []
            for entry in change.added + change.removed {
                keys.insert(entry.key)
                keys.formUnion(entry.aliasKeys)
            }
            // Large changes (a big container re-evaluated) are cheaper to index from scratch.
            if !state.index.table.hasRoom(forAdditional: keys.count) || keys.count > 1_024 {
                return rebuild(&state)
            }
            for key in keys {
                if let replaced = state.index.table.store(GraphIndex.node(for: key, in: indexed), for: key) {
                    retiredNodes.append(replaced)
                }
            }
            return nil
        }
        retire(retiredIndex)
        Reclamation.release(afterGracePeriod: retiredNodes)
        if change.reason == .invalidation { createEagerInstances(of: change.added) }
        releaseUnusedStorageIfEnabled()
        emit(
            DependencyGraphChange(
                kind: change.reason == .invalidation ? .invalidated : .registrationsChanged,
                containers: [containerName]
            )
        )
    }

    // MARK: Eager instances

    private static func logEagerFailure(of entry: RegistrationEntry, _ error: any Error, to logTarget: LogTarget) {
        logTarget.log(
            .error, "Creating eager \(entry.key) from \(entry.ownerDescription) failed: \(error)",
            file: entry.attributes.origin.fileID, line: entry.attributes.origin.line)
    }

    /// Creates the eager instances of `container`'s chain; returns those only `load` can build.
    @discardableResult
    private func createEagerInstances(of container: Container) -> [RegistrationEntry] {
        // Walking a large table touches every registration; most containers hold no eager one at all.
        let entries = container.chain.filter(\.registry.hasEagerRegistrations).flatMap {
            $0.registry.unorderedEntries.filter { $0.eagerness == .eager }
        }
        return createEagerInstances(of: entries.sorted { $0.sequence < $1.sequence }, logTarget: container.logTarget)
    }

    @discardableResult
    private func createEagerInstances(of entries: [RegistrationEntry], logTarget: LogTarget = LogTarget(nil))
        -> [RegistrationEntry]
    {
        var deferred: [RegistrationEntry] = []
        // A registration with factories per run mode builds the current mode's (none, if it has no factory for it).
        for registration in entries where registration.eagerness == .eager {
            guard let entry = registration.serving(.current) else { continue }
            guard entry.cache != nil, !entry.isScoped, entry.key.parameters == .none else { continue }
            guard entry.isBuildableHere else {
                deferred.append(entry)
                continue
            }
            do {
                _ = try entry.resolveErased(arguments: [], enclosing: nil, in: .current)
            } catch {
                Self.logEagerFailure(of: entry, error, to: logTarget)
            }
        }
        return deferred
    }
}

/// The graph as a ``DependencySource``: the merged index of one moment, plus scanned containers.
package struct GraphSource: DependencySource {
    package let index: GraphIndex

    package init(index: GraphIndex = GraphEngine.shared.index) {
        self.index = index
    }

    package func candidates(for key: RegistrationKey) -> [RegistrationEntry]? {
        var merged = index.table.node(for: key)?.candidates ?? []
        if index.hasScannedContainers { merged.appendNew(GraphIndex.mergedCandidates(for: key, in: index.scanned)) }
        return merged.isEmpty ? nil : merged
    }

    package func allCandidates(for key: RegistrationKey) -> [RegistrationEntry] {
        var merged: [RegistrationEntry] = []
        for container in index.active { merged.appendNew(container.allCandidates(for: key)) }
        return merged
    }

    package var visibleEntries: [RegistrationEntry] {
        var seen: Set<ObjectIdentifier> = []
        return index.active.flatMap(\.visibleEntries).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    package var searchedDescriptions: [String] {
        index.active.isEmpty ? ["DependencyGraph (no active containers)"] : index.active.map(\.description)
    }

    package var sourceDescription: String { "DependencyGraph" }
    package var sourceLogTarget: LogTarget { LogTarget(nil) }
    package var environment: ResolutionEnvironment { .live }
}
