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
    /// The scope's caches, one per `.scoped` registration used in it, under the registration's
    /// ``RegistrationEntry/scopedCacheKey``; closed when the scope ends.
    ///
    /// Read without a lock: a request resolves a handful of `.scoped` registrations, and a scan of a few words beats
    /// both hashing and locking on the path that finds an instance the scope already holds.
    @usableFromInline let caches = AppendOnlyList<EntryCache>()
    /// The values the scope was opened with (`withScope(providing:)`), which `Dependency.provided(_:)`
    /// registrations resolve to.
    ///
    /// `nil` rather than empty for the usual scope: opening one then stores a word, with no object to retain.
    package let providedValues: (any ProvidedValues)?
    private let serial: UInt

    private static let serials = AtomicCounter()

    package init(container: Container, parent: RequestScope?, providing providedValues: (any ProvidedValues)? = nil) {
        self.container = container
        self.parent = parent
        self.providedValues = providedValues
        serial = Self.serials.increment()
    }

    deinit {
        // A scope let go without being ended (one a server opened for a response that was dropped unwritten) ends
        // here, so its release hooks still run; a no-op for an ended scope.
        endAndRelease()
        // The caches go back to the thread for its next scope (their instances are released here, as dropping the
        // caches would release them).
        caches.removeAll { EntryCache.recycle(&$0) }
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
        let probe = container.registry.probePlain(typeKey: TypeKey(T.self))
        if let box = probe.box, let value = box.value(as: T.self, in: probe.lease) {
            probe.end()
            return value
        }
        guard let entry = probe.entry else {
            probe.end()
            return nil
        }
        let key = ProbeResult.scopedCacheKey(of: entry, in: probe.lease)
        guard key != 0 else {
            probe.end()
            return nil
        }
        // An instance this scope built: its cache lives as long as the scope, its box as long as the read section.
        if let cache = caches.element(forKey: key),
            let box = cache.withObject(in: probe.lease, { $0.publishedBox(in: probe.lease) }),
            let value = box.value(as: T.self, in: probe.lease)
        {
            probe.end()
            return value
        }
        // The probe checked that the entry produces exactly `T`, and a synchronous one without arguments is a
        // `PlainEntry`.
        let registration = probe.retainingEntry(entry, as: PlainEntry<T>.self)
        // The lookup above missed: the cache is appended without looking again (the append checks under its lock).
        // It lives as long as the scope, which the caller holds.
        guard isCurrent, let cache = appendCache(for: registration, key: key) else { return nil }
        return try cache.withObject(in: .empty) { try registration.resolve(inScopeCache: $0) }
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

    /// The value this scope — or, failing that, the innermost scope around it — was given as `T`.
    ///
    /// ```swift
    /// try container.withScope(providing: RequestID("42")) { scope in
    ///     scope.providedValue(RequestID.self)   // RequestID("42")
    /// }
    /// ```
    /// - Parameter type: The type the value was passed as to `withScope(providing:)`.
    /// - Returns: The value, or `nil` when no scope in the chain was given one.
    public func providedValue<T>(_ type: T.Type = T.self) -> T? {
        var scope: RequestScope? = self
        while let current = scope {
            if let value = current.providedValues?.value(as: T.self) { return value }
            scope = current.parent
        }
        return nil
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
        return cache.object(in: .empty)
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
        caches.element(forKey: entry.scopedCacheKey)?.object(in: .empty)
    }

    /// This scope's cache for `entry`, created empty on first use; `nil` once the scope has ended.
    ///
    /// Not retained: it lives as long as the scope.
    @usableFromInline
    package func cache(for entry: RegistrationEntry) -> Leased<EntryCache>? {
        let key = entry.scopedCacheKey
        if let cache = caches.element(forKey: key) { return cache }
        return appendCache(for: entry, key: key)
    }

    /// Appends an empty cache for `entry` under its `key`, unless one is there already (then that one).
    ///
    /// `key` is ``RegistrationEntry/scopedCacheKey``. `nil` once the scope has ended; unretained, as the cache lives
    /// as long as the scope.
    @usableFromInline
    func appendCache(for entry: RegistrationEntry, key: UInt) -> Leased<EntryCache>? {
        // Strong, and never emptied or republished while the scope lives (no reset reaches a scope's caches): the
        // release at the end reads their boxes without a read section (`OnceSlot.keptBox`). A feature that resets
        // `.scoped` instances inside a live scope must change that read first.
        caches.append({ EntryCache.forRequestScope(of: entry) }, forKey: key)
    }

    /// Ends the scope and releases what it built, dependents first: what the synchronous `withScope` does when its
    /// closure returns.
    ///
    /// A scope whose registrations take no arguments — the usual request — runs the hooks straight from its list,
    /// ranked by release order, without building an array of releases; the first `async` hook and every one after it
    /// go to ``Release/run(_:)``, as they would from ``end()``. (A construction that publishes while the scope ends —
    /// ranked before its box existed — is still released: last among the synchronous hooks, or in its release order
    /// among the ones ``Release/run(_:)`` takes; collected as an array, it would not be released at all.)
    ///
    /// ```swift
    /// defer { scope.endAndRelease() }   // what `withScope(operation:)` does when its closure returns
    /// ```
    package func endAndRelease() {
        guard caches.close() else { return }
        var needsGeneralOrder = false
        caches.forEachElement { cache in
            cache.closeKeepingInstances()
            // An argument tuple's instance has its own release order, which a cache's single rank cannot express; an
            // instance built by an `@Injected` property's first read is ranked below its holder, not by its order.
            if cache.hasParameters || cache.keptBox?.withObject(in: .empty, { !$0.releaseAnchor.isEmpty }) == true {
                needsGeneralOrder = true
            }
        }
        guard !needsGeneralOrder else { return Release.run(settledReleases()) }
        // A scope's caches keep their boxes until the scope goes (nothing empties or republishes them), and the scope
        // is alive here: their boxes are read without a read section or a retain.
        var remaining: [PendingRelease] = []
        caches.forEachElement(
            descendingBy: { cache in cache.keptBox?.withObject(in: .empty) { $0.releaseOrder } ?? 0 },
            visit: { cache in
                guard let releaser = cache.releaser, let box = cache.keptBox else { return }
                if remaining.isEmpty, box.withObject(in: .empty, { releaser.releaseSynchronously($0) }) { return }
                if let release = PendingRelease(box: box.object(in: .empty), releaser: releaser) {
                    remaining.append(release)
                }
            })
        Release.run(remaining)
    }

    /// Ends the scope: later resolutions through it throw; returns the releases of every instance it built.
    ///
    /// The caches are not emptied: a reader still holding an instance keeps it, and the instances go with the scope
    /// object — with no grace period to wait for, which keeps closing a scope cheap. A scope that escaped its closure
    /// therefore keeps its (released) instances until it is itself released.
    package func end() -> [PendingRelease] {
        guard caches.close() else { return [] }
        caches.forEachElement { $0.closeKeepingInstances() }
        return settledReleases()
    }

    /// The releases of every instance the (closed) scope built.
    private func settledReleases() -> [PendingRelease] {
        var releases: [PendingRelease] = []
        releases.reserveCapacity(caches.count)
        caches.forEachElement { cache in cache.appendSettledReleases(to: &releases) }
        return releases
    }
}
