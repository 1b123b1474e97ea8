// Dropping cached instances while keeping registrations (Documentation/Design/seed-behaviours.md#reset-cached-instances): for tests that need a fresh singleton, and for apps
// that rebuild a family of instances (a logout).

extension Container {
    /// Drops every instance cached by this container's registrations; the registrations stay.
    ///
    /// The next resolve of a `.singleton`, `.shared` or `.managed` registration builds a new instance. Parents are not
    /// affected. Inside `LoomTesting`'s `withTestDependencies`, only the instances cached in that scope are dropped.
    ///
    /// ```swift
    /// container.resetCachedInstances()
    /// let fresh: Database = try container.resolve()   // built again
    /// ```
    ///
    /// > Important: Code that already holds an instance keeps it; only the cache lets go.
    public func resetCachedInstances() {
        Release.run(takeCachedInstances { _ in true })
    }

    /// Drops the instances cached by this container's registrations of one scope; the registrations stay.
    ///
    /// For `.managed(provider)`, only registrations managed by that provider are reset (the same as invalidating
    /// it, but without notifying anyone else). Passing `.instance` resets nothing: it caches nothing.
    ///
    /// ```swift
    /// container.resetCachedInstances(scope: .singleton)   // .shared and .managed instances stay
    /// ```
    ///
    /// - Parameter scope: The scope whose instances to drop.
    public func resetCachedInstances(scope: DependencyScope) {
        Release.run(takeCachedInstances { $0.matches(scope) })
    }

    /// Drops the cached instance of one registration of this container; the registration stays.
    ///
    /// ```swift
    /// container.resetCachedInstance(of: Database.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - alternative: The alternative registration; `nil` for the default one.
    /// - Returns: Whether this container has such a registration (cached or not).
    @discardableResult
    public func resetCachedInstance<T>(of type: T.Type, alternative: RegistrationAlternative? = nil) -> Bool {
        let key = RegistrationKey(locator: .type(T.self), alternative: alternative)
        let entries = (registry.candidates(for: key)?.filter { $0.key == key } ?? []).flatMap(\.withModeVariants)
        let environment = ResolutionEnvironment.current
        Release.run(entries.flatMap { environment.takeReleases(of: $0) })
        return !entries.isEmpty
    }

    /// Drops the instances cached by this container's registrations of the scopes `include` picks, in the current
    /// environment, and returns the releases still to run.
    package func takeCachedInstances(where include: (DependencyScope) -> Bool) -> [PendingRelease] {
        let environment = ResolutionEnvironment.current
        var releases: [PendingRelease] = []
        for entry in registry.unorderedEntries.flatMap(\.withModeVariants)
        where entry.cache != nil && !entry.isScoped && include(entry.scope) {
            releases += environment.takeReleases(of: entry)
        }
        return releases
    }
}

extension DependencyGraph {
    /// Drops every instance cached by the active containers and their parents; registrations stay.
    ///
    /// ```swift
    /// DependencyGraph.resetCachedInstances()
    /// ```
    ///
    /// > Important: Code that already holds an instance keeps it; only the caches let go.
    public static func resetCachedInstances() {
        Release.run(reachableContainers.flatMap { $0.takeCachedInstances { _ in true } })
    }

    /// Drops the instances of one scope cached by the active containers and their parents.
    ///
    /// ```swift
    /// DependencyGraph.resetCachedInstances(scope: .singleton)
    /// ```
    ///
    /// - Parameter scope: The scope whose instances to drop.
    public static func resetCachedInstances(scope: DependencyScope) {
        Release.run(reachableContainers.flatMap { $0.takeCachedInstances { $0.matches(scope) } })
    }

    package static var reachableContainers: [Container] {
        var seen: Set<ObjectIdentifier> = []
        return activeContainers.flatMap(\.chain).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}

extension DependencyScope {
    /// The same kind of scope (and for `.managed`, the same provider).
    fileprivate func matches(_ other: DependencyScope) -> Bool {
        kindTag == other.kindTag && identityTag == other.identityTag
    }
}
