public import LoomRuntime

/// One request scope: the `.scoped` instances of one unit of work (a server request, a job), released together —
/// dependents first — when the scope ends.
///
/// Open one with ``Container/withScope(operation:)`` (or its `async` form); the closure receives the scope. Resolve
/// through it, or through any resolution in the closure's task (`container.resolve()`, `DependencyGraph.inject()`,
/// `@Injected`): they all see the innermost scope of their task.
///
/// ```swift
/// container.register(scope: .scoped, onRelease: { $0.finish() }) { RequestContext() }
/// try await container.withScope { scope in
///     let context: RequestContext = try scope.resolve()
///     try await handle(request, in: context)
/// }   // context.finish() ran here
/// ```
///
/// > Important: A scope ends when its closure returns or throws (or its task is cancelled and the closure returns).
/// > A scope that escaped its closure resolves `.scoped` registrations no more: they throw
/// > ``InjectionError/outsideRequestScope(_:)``.
public final class RequestScope: Sendable, CustomStringConvertible {
    /// The container the scope was opened on; ``resolve(_:alternative:fileID:line:)`` resolves from it.
    ///
    /// ```swift
    /// try container.withScope { scope in scope.container === container }   // true
    /// ```
    public let container: Container
    /// The scope this one was opened inside, if any.
    ///
    /// ```swift
    /// try container.withScope { outer in
    ///     try container.withScope { inner in inner.parent === outer }   // true
    /// }
    /// ```
    public let parent: RequestScope?
    /// The scope's caches, one per `.scoped` registration used in it (under the registration's
    /// ``RegistrationEntry/scopedCacheKey``), and whether the scope has ended.
    ///
    /// A short list behind a lock: a request resolves a handful of `.scoped` registrations, and scanning a few words
    /// costs less than hashing. The caches go with the scope object.
    @usableFromInline let caches = LoomLock(ScopeCaches())
    private let serial: UInt

    private static let serials = AtomicCounter()

    @usableFromInline
    struct ScopeCaches: Sendable {
        var entries: [(key: UInt, cache: EntryCache)] = []
        var isClosed = false

        func cache(forKey key: UInt) -> EntryCache? {
            entries.first { $0.key == key }?.cache
        }
    }

    package init(container: Container, parent: RequestScope?) {
        self.container = container
        self.parent = parent
        serial = Self.serials.increment()
    }

    /// `RequestScope#N(Container(app))`.
    ///
    /// ```swift
    /// print(scope)
    /// ```
    public var description: String { "RequestScope#\(serial)(\(container.description))" }

    /// Resolves `T` from the scope's container; a `.scoped` registration gives this scope's instance.
    ///
    /// Other scopes resolve as they do outside the scope (a `.singleton` is the container's singleton).
    ///
    /// ```swift
    /// let user: CurrentUser = try scope.resolve()
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The registered value.
    /// - Throws: The same ``InjectionError`` cases as ``Container/resolve(_:alternative:fileID:line:)->T``, and
    ///   ``InjectionError/outsideRequestScope(_:)`` after the scope ended.
    @inlinable
    public func resolve<T>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        // Inlinable, so the container's front door is specialised for `T` in the caller, as a direct resolve is.
        if alternative == nil, let value = try scopedValue(T.self) {
            // Only the threshold is read: copying the whole log target retained and released its logger.
            if container.logTarget.threshold.isEnabled(.debug) {
                container.logResolution(of: T.self, fileID: fileID, line: line)
            }
            return value
        }
        if isCurrent { return try container.resolve(T.self, alternative: alternative, fileID: fileID, line: line) }
        return try resolveBinding(T.self, alternative: alternative, fileID: fileID, line: line)
    }

    /// `T`'s value when its registration is a settled cached one or a synchronous `.scoped` one — built in this
    /// scope's cache if missing, while the scope is its task's current one (so the factory's own resolutions see it);
    /// `nil` when only the general path can answer.
    @inlinable @inline(__always)
    func scopedValue<T>(_ type: T.Type) throws -> T? {
        guard let registration = container.registry.settledOrScoped(T.self) else { return nil }
        switch registration {
        case .settled(let value): return value
        case .scoped(let entry):
            guard isCurrent, let cache = cache(for: entry) else { return nil }
            return try entry.resolve(inScopeCache: cache)
        }
    }

    /// Whether this is the current task's innermost scope.
    @usableFromInline var isCurrent: Bool { ResolutionContext.withCurrent { $0?.requestScope === self } }

    /// ``resolve(_:alternative:fileID:line:)`` from outside the scope's closure: binds the scope first.
    @usableFromInline
    func resolveBinding<T>(_ type: T.Type, alternative: RegistrationAlternative?, fileID: StaticString, line: UInt)
        throws -> T
    {
        try bound { try container.resolve(T.self, alternative: alternative, fileID: fileID, line: line) }
    }

    /// Loads `T` from the scope's container, awaiting an `async` factory; a `.scoped` registration gives this scope's
    /// instance.
    ///
    /// ```swift
    /// let session: DatabaseSession = try await scope.load()
    /// ```
    /// - Parameters:
    ///   - type: The type to load; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The registered value.
    /// - Throws: The same ``InjectionError`` cases as `Container.load`.
    nonisolated(nonsending) public func load<T: Sendable>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> T {
        if ResolutionContext.current?.requestScope === self {
            return try await container.load(T.self, alternative: alternative, fileID: fileID, line: line)
        }
        return try await ResolutionContext.with(
            { $0.requestScope = self }, isolation: #isolation,
            operation: { try await container.load(T.self, alternative: alternative, fileID: fileID, line: line) })
    }

    /// Runs `operation` with this scope as its task's innermost one (one context push, skipped when it already is).
    private func bound<R>(_ operation: () throws -> R) rethrows -> R {
        if ResolutionContext.current?.requestScope === self { return try operation() }
        return try ResolutionContext.with({ $0.requestScope = self }, operation: operation)
    }

    // MARK: Engine

    /// The current task's innermost scope's cache for the `.scoped` `entry`.
    ///
    /// - Throws: ``InjectionError/outsideRequestScope(_:)`` outside any scope, or when the scope has ended.
    @usableFromInline
    package static func currentCache(for entry: RegistrationEntry) throws -> EntryCache {
        guard let scope = ResolutionContext.current?.requestScope, let cache = scope.cache(for: entry) else {
            throw InjectionError.outsideRequestScope(entry.failureContext)
        }
        return cache
    }

    /// The current task's innermost scope's cache for the `.scoped` `entry`, if a scope is open and has one — what a
    /// resolution of an instance the scope already built reads.
    @usableFromInline
    package static func existingCache(for entry: RegistrationEntry) -> EntryCache? {
        ResolutionContext.current?.requestScope?.existingCache(for: entry)
    }

    /// This scope's cache for `entry`, if it built one (and has not ended).
    @usableFromInline
    func existingCache(for entry: RegistrationEntry) -> EntryCache? {
        let key = entry.scopedCacheKey
        return caches.withLock { $0.isClosed ? nil : $0.cache(forKey: key) }
    }

    /// This scope's cache for `entry`, created empty on first use; `nil` once the scope has ended.
    @usableFromInline
    package func cache(for entry: RegistrationEntry) -> EntryCache? {
        let key = entry.scopedCacheKey
        return caches.withLock { state in
            guard !state.isClosed else { return nil }
            if let cache = state.cache(forKey: key) { return cache }
            let cache = EntryCache(isWeak: false, hasParameters: entry.hasParameters, releaser: entry.releaser)
            state.entries.append((key, cache))
            return cache
        }
    }

    /// Ends the scope and releases what it built, dependents first: what the synchronous `withScope` does when its
    /// closure returns.
    ///
    /// ```swift
    /// defer { scope.endAndRelease() }   // what `withScope(operation:)` does when its closure returns
    /// ```
    package func endAndRelease() {
        Release.run(end())
    }

    /// Ends the scope: later resolutions through it throw; returns the releases of every instance it built.
    ///
    /// The caches are closed, not emptied: a build still running in one releases its instance itself, a reader still
    /// holding an instance keeps it, and the instances go with the scope object. A scope that escaped its closure
    /// therefore keeps its (released) instances until it is itself released.
    package func end() -> [PendingRelease] {
        let ended = caches.withLock { state -> [EntryCache]? in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            return state.entries.map(\.cache)
        }
        var releases: [PendingRelease] = []
        for cache in ended ?? [] {
            cache.closeKeepingInstances()
            cache.appendSettledReleases(to: &releases)
        }
        return releases
    }
}
