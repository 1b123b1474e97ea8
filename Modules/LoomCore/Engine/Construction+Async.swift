package import LoomRuntime

extension Construction {
    /// Runs the `async` factory of `entry` as one frame of the current construction.
    ///
    /// The construction's chain and flow travel in the resolution context: the factory runs with `entry` pushed on
    /// the chain (one context push per asynchronous frame), so resolutions inside it — synchronous ones on whichever
    /// thread it resumes on, asynchronous ones after any `await` — see the whole chain for cycle detection and claim
    /// cache slots as the same flow. Checks the depth limit and cycles against the chain, wraps non-Loom errors in
    /// ``InjectionError/factoryFailed(_:underlying:)``, checks declared aliases and calls
    /// ``PostInstantiationAware/didInstantiate()``, like ``produce(_:_:)``.
    nonisolated(nonsending) package static func produceAsync<Value>(
        _ entry: RegistrationEntry, flow: ConstructionFlow, _ factory: nonisolated(nonsending) () async throws -> Value
    ) async throws -> Value {
        let chain = ResolutionContext.current?.chain
        try checkChain(chain, entering: entry)
        let value: Value
        do {
            value = try await ResolutionContext.with(
                { fields in
                    fields.chain = FrameChain(parent: chain, object: entry)
                    fields.flow = flow
                }, isolation: #isolation, operation: factory)
        } catch {
            throw wrapFactoryError(error, of: entry)
        }
        if entry.hasAliases { try checkAliases(of: entry, against: value) }
        notifyInstantiation(of: value)
        return value
    }

    /// A new flow for one asynchronous load to claim slots as, continuing the construction in progress in the
    /// resolution context (if any).
    ///
    /// Every load gets its own: the context is shared by every child task of a factory, and siblings loading the same
    /// dependency must wait for each other rather than take each other's claim for their own (a cycle).
    package static var currentFlow: ConstructionFlow {
        ConstructionFlow(parent: ResolutionContext.current?.flow)
    }

    /// Returns the instance cached in `slot` for `entry`, building it exactly once with `build` when it is missing;
    /// concurrent loaders suspend until it is published.
    nonisolated(nonsending) package static func loadCached<Value: Sendable>(
        of entry: RegistrationEntry,
        in slot: OnceSlot,
        isWeak: Bool,
        build: nonisolated(nonsending) (ConstructionFlow) async throws -> Value
    ) async throws -> Value {
        // A settled slot needs no flow.
        if let value = slot.publishedValue(Value.self) { return value }
        let flow = currentFlow
        let chain = ResolutionContext.current?.chain
        return try await slot.load(
            Value.self, holdsWeakly: isWeak, ordered: entry.releaser != nil, flow: flow,
            build: { try await build(flow) },
            onCycle: { cycleError(closingWith: entry, chain: chain) })
    }

    /// Throws when entering `entry` on top of `chain` exceeds the depth limit or (with detection on) closes a cycle.
    static func checkChain(_ chain: FrameChain?, entering entry: RegistrationEntry) throws {
        guard let chain else { return }
        let limit = LoomConfiguration.maximumResolutionDepth
        if chain.depth >= limit {
            let building = chain.objects.compactMap { $0 as? RegistrationEntry }
            throw InjectionError.cyclicDependencyReference(
                DependencyCycle(chain: building.map(\.locator) + [entry.locator], exceededDepthLimit: limit))
        }
        if LoomConfiguration.isCycleDetectionActive, chain.contains(entry) {
            throw cycleError(closingWith: entry, chain: chain)
        }
    }

    /// The cycle that closes when `entry` is needed again while the constructions of `chain` are in progress.
    static func cycleError(closingWith entry: RegistrationEntry, chain: FrameChain?) -> InjectionError {
        let building = chain?.objects.compactMap { $0 as? RegistrationEntry } ?? []
        let start = building.lastIndex { $0 === entry } ?? building.startIndex
        return .cyclicDependencyReference(DependencyCycle(chain: building[start...].map(\.locator) + [entry.locator]))
    }
}
