internal import LoomRuntime

#if canImport(Observation)
    import Observation
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
                child.registry.addObserver { [weak self] change in
                    self?.reevaluate(reason: change.reason == .invalidation ? .invalidation : .mirroring)
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
        let task = Task { [weak self] in
            do {
                for try await _ in sequence {
                    guard let self else { return }
                    self.invalidate()
                }
            } catch {
                // A failing sequence simply stops invalidating.
            }
        }
        declarative.lock.withLock { $0.trackingTasks.append(task) }
        return self
    }

    /// Re-evaluates the builder now and swaps in its registrations; the dependency graph reports one change.
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
                return false
            }
            state.isEvaluating = true
            return true
        }
        guard shouldRun else { return }
        var reason = reason
        repeat {
            evaluateOnce(reason: reason)
            if reason == .registration { reason = .invalidation }
        } while declarative.lock.withLock { state in
            if state.isPending {
                state.isPending = false
                return true
            }
            state.isEvaluating = false
            return false
        }
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

    private func evaluateTrackingObservation(_ builder: @Sendable () -> DependencyGroup) -> DependencyGroup {
        #if canImport(Observation)
            return withObservationTracking {
                builder()
            } onChange: { [weak self] in
                // Called before the observed value changes: re-evaluate once the change has been made.
                Task { self?.invalidate() }
            }
        #else
            return builder()
        #endif
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
