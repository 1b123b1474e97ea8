public import LoomRuntime

extension Construction {
    /// Runs the `async` factory of `entry` as one frame of the current construction.
    ///
    /// The construction's chain and flow travel in the resolution context: the factory runs with `link` — `entry`
    /// pushed on the chain, also the frame's flow — so resolutions inside it (synchronous ones on whichever thread it
    /// resumes on, asynchronous ones after any `await`) see the whole chain for cycle detection and claim cache slots
    /// as the same construction. Wraps non-Loom errors in ``InjectionError/factoryFailed(_:underlying:)``, checks
    /// declared aliases and calls ``PostInstantiationAware/didInstantiate()``, like ``produce(_:_:)``.
    ///
    /// `context` is the caller's resolution context, read once per load. `factory` is handed to the task-local
    /// binding as it is: a `@Sendable` closure needs no conversion there, where a caller-isolated one would need a
    /// thunk — an async frame on every construction. Inlinable, like ``produce(_:_:)``: specialised for `Value` in
    /// the caller, its `Value` locals live in its frame instead of one task allocation each.
    @inlinable @inline(__always)
    nonisolated(nonsending) package static func produceAsync<Value>(
        _ entry: RegistrationEntry,
        context: ResolutionContext?,
        link: FrameChain,
        _ factory: @Sendable () async throws -> Value
    ) async throws -> Value {
        // The frame ends with the construction, whoever copied the context meanwhile.
        defer { link.end() }
        let value: Value
        do {
            value = try await ResolutionContext(inside: context, link: link).bind(
                isolation: #isolation, operation: factory)
        } catch {
            throw wrapFactoryError(error, of: entry)
        }
        if entry.hasAliases { try checkAliases(of: entry, against: value) }
        notifyInstantiation(of: value)
        return value
    }

    /// Builds one value of the uncached registration `entry` with `factory`, continuing the construction in progress
    /// (if any).
    @inlinable
    nonisolated(nonsending) package static func produceAsync<Value>(
        _ entry: RegistrationEntry, _ factory: @Sendable () async throws -> Value
    ) async throws -> Value {
        let context = ResolutionContext.current
        try checkChain(in: context, entering: entry)
        return try await produceAsync(entry, context: context, link: frameLink(of: entry, continuing: context), factory)
    }

    /// Returns the instance cached in `slot` for `entry`, building it exactly once with `factory` when it is missing;
    /// concurrent loaders suspend until it is published.
    ///
    /// Every load claims as its own flow (its frame's link), continuing the construction in progress (if any): the
    /// context is shared by every child task of a factory, and siblings loading the same dependency must wait for
    /// each other rather than take each other's claim for their own (a cycle). `cache` is the registration's cache
    /// that holds `slot` (the slot itself, or the cache whose argument table holds it): whether the instance is held
    /// weakly and gets a release order.
    @inlinable @inline(__always)
    nonisolated(nonsending) package static func loadCached<Value: Sendable>(
        of entry: RegistrationEntry,
        in slot: OnceSlot,
        heldBy cache: EntryCache,
        factory: @Sendable () async throws -> Value
    ) async throws -> Value {
        // A settled slot needs no flow and no context.
        if let value = slot.publishedValue(Value.self) { return value }
        let context = ResolutionContext.current
        let link = frameLink(of: entry, continuing: context)
        return try await slot.load(
            // Read from the cache that holds the slot (the registration's releaser, which it was made with): read
            // through the registration, the releaser was retained.
            Value.self, holdsWeakly: cache.isWeak, ordered: cache.releaser != nil, flow: link,
            build: {
                // Checked once the slot is claimed, as the synchronous path does: a slot another flow is building is
                // waited for, whatever the chain looks like.
                try checkChain(in: context, entering: entry)
                return try await produceAsync(entry, context: context, link: link, factory)
            },
            onCycle: { cycleError(closingWith: entry, in: context) },
            onRefused: { releaseRefused($0, by: cache.releaser) },
            sharesFailure: sharesFailure)
    }

    /// The link an asynchronous frame of `entry` pushes on the chain `context` carries.
    ///
    /// The link is also the flow the frame claims as (continuing the context's flow). Made before the claim; the
    /// chain is checked after it (``checkChain(in:entering:)``).
    @usableFromInline
    package static func frameLink(of entry: RegistrationEntry, continuing context: ResolutionContext?) -> FrameChain {
        FrameChain(outer: context?.activeChain, object: entry, continuing: context?.activeFlow, countsItself: true)
    }

    /// Throws when entering `entry` on top of the chain `context` carries exceeds the depth limit or (with detection
    /// on) closes a cycle.
    @usableFromInline
    static func checkChain(in context: ResolutionContext?, entering entry: RegistrationEntry) throws {
        guard let chain = context?.activeChain else { return }
        let limit = LoomConfiguration.maximumResolutionDepth
        if chain.depth >= limit {
            let building = chain.objects.compactMap { $0 as? RegistrationEntry }
            throw InjectionError.cyclicDependencyReference(
                DependencyCycle(chain: building.map(\.locator) + [entry.locator], exceededDepthLimit: limit))
        }
        if LoomConfiguration.isCycleDetectionActive, chain.contains(entry) {
            throw cycleError(closingWith: entry, in: context)
        }
    }

    /// The cycle that closes when `entry` is needed again while the constructions `context` carries are in progress.
    @usableFromInline
    package static func cycleError(closingWith entry: RegistrationEntry, in context: ResolutionContext?)
        -> InjectionError
    {
        let building = context?.activeChain?.objects.compactMap { $0 as? RegistrationEntry } ?? []
        let start = building.lastIndex { $0 === entry } ?? building.startIndex
        return .cyclicDependencyReference(DependencyCycle(chain: building[start...].map(\.locator) + [entry.locator]))
    }
}
