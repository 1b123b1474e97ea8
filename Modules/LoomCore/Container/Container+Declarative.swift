internal import LoomRuntime

#if canImport(Observation)
    #if canImport(Darwin)
        // Apple's SDKs ship Observation's public interface only: the public form, which calls back before a change.
        import Observation
    #else
        // `withObservationTracking(_:willSet:didSet:)`: the public form calls back only before a change (`willSet`),
        // when the builder would still read the old value; `didSet` re-evaluates after the new value is stored. The
        // toolchain's Observation ships its SPI interface on Linux and Windows; Apple's SDKs do not (see below).
        @_spi(SwiftUI) import Observation
    #endif
#endif

extension Container {
    /// Creates a container whose registrations come from a result builder.
    ///
    /// The builder runs now, and again whenever the container is invalidated (see
    /// ``invalidated(tracking:)`` and ``invalidate()``) or — where the Observation module exists — when
    /// `@Observable` state it read changes. Each re-evaluation swaps the registrations in one step: registrations
    /// that are still declared identically keep their cached instances, removed ones drop them.
    ///
    /// ```swift
    /// let container = Container(name: "app") {
    ///     Dependency { LocalStorageService() }
    ///     if AppModel.shared.isPrincipalPresent {
    ///         Dependency { UserAccountService() }
    ///     }
    /// }
    /// DependencyGraph.activate(container)
    /// ```
    /// - Parameters:
    ///   - name: A name for logs and error messages; unnamed containers get a unique `Container#N`.
    ///   - parent: A container to fall back to for registrations this one lacks.
    ///   - logger: This container's logger; `nil` uses ``LoomConfiguration/logger``.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    ///   - dependencies: The registrations.
    public convenience init(
        name: String? = nil,
        parent: Container? = nil,
        logger: (any LoomLogger)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @DependencyBuilder _ dependencies: @escaping @Sendable () -> DependencyGroup
    ) {
        self.init(name: name, parent: parent, logger: logger, fileID: fileID, line: line)
        declarative.lock.withLock { $0.source = .builder(dependencies) }
        reevaluate(reason: .registration)
    }

    /// Creates a container exposing the union of other containers' registrations.
    ///
    /// The merged container holds its children strongly and follows their changes, including their
    /// invalidations. When two children register the same key, the later child wins. Instances are shared with
    /// the children: resolving through either gives the same singleton.
    ///
    /// ```swift
    /// let app = Container(merging: [storageFeature.container, searchFeature.container])
    /// DependencyGraph.activate(app)
    /// ```
    /// - Parameters:
    ///   - containers: The containers to merge, in increasing precedence.
    ///   - name: A name for logs; defaults to `merged(a, b, …)`.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public convenience init(
        merging containers: some Sequence<Container>,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let children = Array(containers)
        self.init(name: name ?? "merged(\(children.map(\.name).joined(separator: ", ")))", fileID: fileID, line: line)
        declarative.lock.withLock { $0.source = .merged(children) }
        let observers = children.map { child in
            (
                child.registry,
                child.registry.addObserver { [weak self, weak child] change in
                    guard let child else { return }
                    self?.childDidChange(child, reason: change.reason == .invalidation ? .invalidation : .mirroring)
                }
            )
        }
        declarative.lock.withLock { $0.childObservers = observers }
        reevaluate(reason: .registration)
    }

    /// Adds declarative registrations to this container, as if registered one by one with `register`.
    ///
    /// Unlike the builder passed to `init`, this one runs once; its registrations are not re-evaluated.
    ///
    /// ```swift
    /// container.add {
    ///     Dependency(named: "cache") { Cache() }.scope(.singleton)
    ///     MetricsService()
    /// }
    /// ```
    /// - Parameters:
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    ///   - dependencies: The registrations.
    public func add(
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @DependencyBuilder _ dependencies: () -> DependencyGroup
    ) {
        let components = dependencies().components
        reportProblems(of: components)
        commit(components.map { ($0.makeEntry(owner, nil), $0.replacesOptionalTwin) })
    }

    /// Re-evaluates the builder every time `sequence` produces an element, for as long as the container lives.
    ///
    /// The re-evaluation happens in a task, after the element reaches it: right after your code produces an
    /// element, resolutions may still see the old registrations. To act on the new ones, await the
    /// ``DependencyGraph/changes`` element the re-evaluation emits (emitted only once the new registrations are
    /// visible) or ``DependencyGraph/waitForPendingInvalidations()``; for a change you make synchronously, call
    /// ``invalidate()`` instead, which has applied it when it returns.
    ///
    /// ```swift
    /// let container = Container {
    ///     if session.isLoggedIn { Dependency { LogoutService() } }
    /// }
    /// .invalidated(tracking: session.changes)
    /// ```
    /// - Parameter sequence: Any asynchronous sequence; its elements are ignored.
    /// - Returns: This container, for chaining.
    @discardableResult
    public func invalidated<Sequence: AsyncSequence & Sendable>(tracking sequence: Sequence) -> Container {
        let task = PendingInvalidations.shared.track(sequence, invalidating: self) { $0.invalidate() }
        declarative.lock.withLock { $0.trackingTasks.append(task) }
        return self
    }

    /// Re-evaluates the builder now and swaps in its registrations; the dependency graph reports one change.
    ///
    /// The new registrations are visible when this returns, unless a re-evaluation of this container is already
    /// running on another thread: that one runs again before it finishes, and
    /// ``DependencyGraph/waitForPendingInvalidations()`` returns after it.
    ///
    /// ```swift
    /// AppModel.shared.isLoggedIn = true
    /// container.invalidate()
    /// ```
    public func invalidate() {
        reevaluate(reason: .invalidation)
    }

    // MARK: - Evaluation

    /// Runs the builder (or re-reads merged children) and applies the registrations; concurrent requests
    /// coalesce into one more pass, so no lock is held while user code runs.
    private func reevaluate(reason: Registry.Change.Reason) {
        let shouldRun = declarative.lock.withLock { state -> Bool in
            guard state.source != nil else { return false }
            if state.isEvaluating {
                state.isPending = true
                if state.pendingToken == nil { state.pendingToken = PendingInvalidations.shared.begin() }
                return false
            }
            state.isEvaluating = true
            return true
        }
        guard shouldRun else { return }
        var reason = reason
        var carried: UInt?
        repeat {
            evaluateOnce(reason: reason)
            if let token = carried { PendingInvalidations.shared.end(token) }
            carried = nil
            if reason == .registration { reason = .invalidation }
        } while declarative.lock.withLock { state in
            if state.isPending {
                state.isPending = false
                carried = state.pendingToken
                state.pendingToken = nil
                return true
            }
            state.isEvaluating = false
            return false
        }
    }

    /// A merged child re-evaluated: mirror it, so that one change of state shared by several children is one
    /// re-evaluation (and one graph change) showing all of them updated.
    ///
    /// Another child with an observed change still to apply is waited for. A child invalidated otherwise (a tracked
    /// sequence's element) makes the merged container re-evaluate its other children first: they may depend on the
    /// same state, whose own notifications have not arrived yet. Their changes meanwhile wait for the one mirror that
    /// ends the refresh, and a mirror that changes nothing the merged container shows emits nothing.
    private func childDidChange(_ child: Container, reason: Registry.Change.Reason) {
        guard case .merged(let children)? = declarative.lock.withLock({ $0.source }) else { return }
        if children.contains(where: \.hasUnappliedObservedChange) {
            declarative.lock.withLock { state in
                if let awaiting = state.awaitingChildren {
                    state.awaitingChildren = (awaiting.token, awaiting.reason == .invalidation ? .invalidation : reason)
                } else {
                    state.awaitingChildren = (PendingInvalidations.shared.begin(), reason)
                }
            }
            return
        }
        let refreshes = declarative.lock.withLock { state -> Bool? in
            if state.isRefreshingChildren { return nil }
            if reason == .invalidation { state.isRefreshingChildren = true }
            return reason == .invalidation
        }
        // A refresh in progress mirrors every child when it ends.
        guard let refreshes else { return }
        if refreshes {
            for sibling in children where sibling !== child { sibling.reevaluate(reason: .invalidation) }
            declarative.lock.withLock { $0.isRefreshingChildren = false }
        }
        // A child still re-evaluating on another thread (its own invalidation, under way) would be mirrored half
        // applied: its notification, when it ends, mirrors every child instead.
        if children.contains(where: { $0 !== child && $0.isReevaluating }) { return }
        let awaiting = declarative.lock.withLock { state in
            defer { state.awaitingChildren = nil }
            return state.awaitingChildren
        }
        reevaluate(reason: awaiting?.reason == .invalidation ? .invalidation : reason)
        if let awaiting { PendingInvalidations.shared.end(awaiting.token) }
    }

    /// Whether a re-evaluation of this container runs, or waits to run again.
    private var isReevaluating: Bool {
        declarative.lock.withLock { $0.isEvaluating || $0.isPending }
    }

    /// Whether an `@Observable` value this container's builder read announced a change not applied yet.
    private var hasUnappliedObservedChange: Bool {
        declarative.lock.withLock { !$0.unsettledGenerations.isEmpty }
    }

    private func evaluateOnce(reason: Registry.Change.Reason) {
        guard let source = declarative.lock.withLock({ $0.source }) else { return }
        // Candidate registrations: new entries from the builder, or the children's own entries.
        let candidates: [(entry: RegistrationEntry?, component: DependencyComponent?, key: RegistrationKey)]
        switch source {
        case .builder(let builder):
            let components = evaluateTrackingObservation(builder).components
            reportProblems(of: components)
            candidates = components.map { (nil, $0, $0.key) }
        case .merged(let children):
            candidates = children.flatMap(\.registry.entries).map { ($0, nil, $0.key) }
        }
        let previousEntries = declarative.lock.withLock { $0.sourceEntries }
        let previous = Dictionary(previousEntries.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        if case .merged = source, Self.mirrorsUnchanged(candidates.compactMap(\.entry), previous: previous) { return }
        let previousIDs = Set(previousEntries.map(ObjectIdentifier.init))
        // Only registrations made outside the source can shadow it; skip the check when there are none.
        let mayBeShadowed = registry.count > previous.count
        var next: [RegistrationKey: RegistrationEntry] = [:]
        next.reserveCapacity(candidates.count)
        var additions: [(entry: RegistrationEntry, replacesOptionalTwin: Bool)] = []
        additions.reserveCapacity(candidates.count)
        for (existing, component, key) in candidates {
            // A later `register` / `add` of the same key wins over the source and survives re-evaluation.
            if mayBeShadowed, let owner = registry.candidates(for: key)?.first(where: { $0.key == key }),
                !previousIDs.contains(ObjectIdentifier(owner))
            {
                continue
            }
            if let existing {
                next[key] = existing
                additions.append((existing, false))
            } else if let component {
                let reused = previous[key].flatMap {
                    $0.attributes.isIdentical(to: component.attributes) ? $0.cache : nil
                }
                let entry = component.makeEntry(owner, reused)
                next[key] = entry
                additions.append((entry, component.replacesOptionalTwin))
            }
        }
        registry.apply(adding: additions, removing: previousEntries, reason: reason, ignoringLock: true)
        declarative.lock.withLock { $0.sourceEntries = Array(next.values) }
        logTarget.log(
            .debug,
            "\(reason == .registration ? "Evaluated" : "Re-evaluated") \(description): \(next.count) registration(s)",
            file: #fileID,
            line: #line
        )
    }

    /// Whether a merged container's children show what it mirrors already: the same registrations, or ones declared
    /// identically that kept their caches (a child re-evaluated without a change).
    private static func mirrorsUnchanged(
        _ entries: [RegistrationEntry], previous: [RegistrationKey: RegistrationEntry]
    ) -> Bool {
        let next = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        guard next.count == previous.count else { return false }
        return next.allSatisfy { key, entry in
            guard let mirrored = previous[key] else { return false }
            return mirrored === entry || (mirrored.isIdentical(to: entry) && mirrored.cache === entry.cache)
        }
    }

    /// Runs the builder, tracking the `@Observable` values it reads.
    ///
    /// A change to one re-evaluates the container synchronously, on the changing thread, right after the new value
    /// is stored (`didSet`), so the container
    /// reflects the latest value however many changes follow each other. On Apple platforms, whose SDKs offer only
    /// the `willSet` form publicly, the re-evaluation runs in a task right after the change (await
    /// ``DependencyGraph/waitForPendingInvalidations()`` to see it).
    private func evaluateTrackingObservation(_ builder: @Sendable () -> DependencyGroup) -> DependencyGroup {
        #if canImport(Observation)
            let generation = declarative.lock.withLock { state in
                state.observationGeneration += 1
                return state.observationGeneration
            }
            #if canImport(Darwin)
                // The public form calls back before the new value is stored: re-evaluate right after, in a task. If
                // that task reads the value before the store lands, its tracking is armed by then and the store calls
                // back again, so the container still ends on the latest value.
                return withObservationTracking {
                    builder()
                } onChange: { [weak self] in
                    self?.observedValueWillChange(generation: generation)
                    Task { [weak self] in self?.observedValueDidChange(generation: generation) }
                }
            #else
                return withObservationTracking {
                    builder()
                } willSet: { [weak self] _ in
                    self?.observedValueWillChange(generation: generation)
                } didSet: { [weak self] tracking in
                    tracking.cancel()
                    self?.observedValueDidChange(generation: generation)
                }
            #endif
        #else
            return builder()
        #endif
    }

    /// An observed value is about to change: note it, for merged parents and ``DependencyGraph/waitForPendingInvalidations()``.
    private func observedValueWillChange(generation: UInt) {
        declarative.lock.withLock { state in
            // An older tracking still armed (another evaluation ran since) is covered by the current one.
            guard generation == state.observationGeneration else { return }
            state.unsettledGenerations.insert(generation)
            if state.staleToken == nil { state.staleToken = PendingInvalidations.shared.begin() }
        }
    }

    /// An observed value was stored: re-evaluate, if the tracking was current when the change was announced.
    private func observedValueDidChange(generation: UInt) {
        let announced = declarative.lock.withLock { $0.unsettledGenerations.remove(generation) != nil }
        guard announced else { return }
        reevaluate(reason: .invalidation)
        let token = declarative.lock.withLock { state -> UInt? in
            guard state.unsettledGenerations.isEmpty else { return nil }
            defer { state.staleToken = nil }
            return state.staleToken
        }
        if let token { PendingInvalidations.shared.end(token) }
    }

    private func reportProblems(of components: [DependencyComponent]) {
        for component in components {
            for problem in component.problems {
                logTarget.log(
                    .error,
                    "Invalid registration \(component.key) in \(description): \(problem)",
                    file: component.attributes.origin.fileID,
                    line: component.attributes.origin.line
                )
            }
        }
    }
}
