public import LoomRuntime

/// The steps every construction shares, whatever asked for it (a container, the graph, a property wrapper): running a
/// factory as a frame of the current resolution, and filling a cache slot exactly once.
@usableFromInline
package enum Construction {
    /// Runs `factory` as one resolution frame of `entry`.
    ///
    /// Checks the depth limit and (when enabled) re-entry of a registration already being built by the current
    /// resolution, wraps non-Loom errors in ``InjectionError/factoryFailed(_:underlying:)``, checks declared aliases
    /// on each new instance, and calls ``PostInstantiationAware/didInstantiate()`` on it.
    ///
    /// Inlinable so the factory call and the `PostInstantiationAware` check are specialised for `Value` in the caller;
    /// the bookkeeping lives in the non-generic ``enterFrame(_:_:)``.
    @inlinable
    package static func produce<Value>(_ entry: RegistrationEntry, _ factory: () throws -> Value) throws -> Value {
        let frames = ResolutionFrames.current
        let isOutermost = frames.beginResolution()
        defer { frames.endResolution(isOutermost) }
        if isOutermost { ResolutionContext.adoptConstruction(into: frames) }
        // The outermost frame needs no depth or cycle check: pushed here, without a call.
        if frames.depth == 0 && !frames.hasAdoptedChain {
            frames.push(entry)
        } else {
            try enterFrame(entry, frames)
        }
        let value: Value
        do {
            value = try factory()
        } catch {
            frames.pop()
            throw wrapFactoryError(error, of: entry)
        }
        frames.pop()
        if entry.hasAliases { try checkAliases(of: entry, against: value) }
        notifyInstantiation(of: value)
        return value
    }

    /// The types whose instances do not conform to ``PostInstantiationAware``, learnt as instances are built.
    @inlinable static var notPostInstantiationAware: TypeMemo { TypeMemo(.notPostInstantiationAware) }

    /// Calls ``PostInstantiationAware/didInstantiate()`` on `value` when it conforms.
    ///
    /// A failed conformance cast of a public class costs about a hundred nanoseconds (the compiler can rule it out
    /// only for types no other module can extend), so each dynamic type found not to conform is remembered in a
    /// ``TypeMemo`` and skipped with one load. Optionals are not remembered: `.none` and `.some` of one type may
    /// differ.
    @inlinable @inline(__always)
    package static func notifyInstantiation<Value>(of value: Value) {
        let dynamicType: Any.Type = type(of: value)
        if notPostInstantiationAware.contains(dynamicType) { return }
        if let aware = value as? any PostInstantiationAware {
            aware.didInstantiate()
        } else if !TypeShape.isOptional(dynamicType) {
            notPostInstantiationAware.insert(dynamicType)
        }
    }

    /// Pushes `entry` on the current resolution's frames after checking the depth limit and cycles: a nested
    /// frame (``produce(_:_:)`` pushes the outermost one itself).
    @usableFromInline
    package static func enterFrame(_ entry: RegistrationEntry, _ frames: ResolutionFrames) throws {
        // The adopted chain's depth only when there is one: most nested frames continue this thread's frames alone.
        let depth = frames.hasAdoptedChain ? frames.totalDepth : frames.depth
        let limit = LoomConfiguration.maximumResolutionDepth
        if depth >= limit {
            let chain = entries(of: frames).map(\.locator) + [entry.locator]
            throw InjectionError.cyclicDependencyReference(DependencyCycle(chain: chain, exceededDepthLimit: limit))
        }
        if LoomConfiguration.isCycleDetectionActive, frames.contains(entry) {
            throw cycleError(closingWith: entry, frames: frames)
        }
        frames.push(entry)
    }

    /// Injection errors and cancellation thrown by factories pass through unchanged (`catch is CancellationError`
    /// keeps working around a load); anything else becomes `factoryFailed`.
    @usableFromInline
    package static func wrapFactoryError(_ error: any Error, of entry: RegistrationEntry) -> any Error {
        if error is InjectionError || error is CancellationError { return error }
        return InjectionError.factoryFailed(entry.failureContext, underlying: error)
    }

    /// The registrations the current resolution is building, outermost first: the calling thread's frames (which
    /// include a construction they continue), or — in asynchronous code, between synchronous resolutions — the
    /// construction the resolution context carries.
    ///
    /// Outside any construction it costs a thread-local load and a process-word load (no task-local read).
    package static var building: [RegistrationEntry] {
        let frames = ResolutionFrames.current
        if frames.depth > 0 || frames.hasAdoptedChain { return entries(of: frames) }
        guard ProcessCounter.activeChains.isNonZero, let chain = ResolutionContext.current?.activeChain else {
            return []
        }
        return chain.objects.compactMap { $0 as? RegistrationEntry }
    }

    /// The innermost registration the current resolution is building, as ``building`` finds it, without listing
    /// the others.
    package static var innermostBuilding: RegistrationEntry? {
        let frames = ResolutionFrames.current
        if frames.depth > 0 || frames.hasAdoptedChain { return frames.innermost as? RegistrationEntry }
        guard ProcessCounter.activeChains.isNonZero, let chain = ResolutionContext.current?.activeChain else {
            return nil
        }
        return chain.object as? RegistrationEntry
    }

    /// The registrations being built by the current resolution, outermost first.
    package static func entries(of frames: ResolutionFrames) -> [RegistrationEntry] {
        frames.objects.compactMap { $0 as? RegistrationEntry }
    }

    /// The cycle that closes when `entry` is needed again while the current resolution builds its frames.
    @usableFromInline
    package static func cycleError(closingWith entry: RegistrationEntry?, frames: ResolutionFrames) -> InjectionError {
        let building = entries(of: frames)
        guard let entry = entry ?? building.last else {
            return .cyclicDependencyReference(DependencyCycle(chain: []))
        }
        // The innermost frame of the entry: a cached registration with parameters can appear in several frames (one
        // per argument), and the shortest chain that closes on it is the one the frame check would have reported.
        let start = building.lastIndex { $0 === entry } ?? building.startIndex
        return .cyclicDependencyReference(DependencyCycle(chain: building[start...].map(\.locator) + [entry.locator]))
    }

    @usableFromInline
    package static func checkAliases(of entry: RegistrationEntry, against value: Any) throws {
        for alias in entry.attributes.aliases where !alias.admits(value) {
            throw InjectionError.mismatchedDependencyType(
                actual: typeName(type(of: value)),
                expected: "\(typeName(alias.type)) (declared at \(entry.attributes.origin))"
            )
        }
    }

    /// Returns the instance cached in `slot` for `entry`, building it exactly once when it is missing.
    ///
    /// The first resolver to claim the slot runs `build` with no lock held; concurrent resolvers of the same slot wait
    /// for it to publish. A resolver whose construction already builds the slot, or which would wait for a builder
    /// that is waiting for it, gets a cycle error instead of a deadlock. A failed build publishes nothing, so the next
    /// resolver tries again. `ordered` gives the instance a release order: its cache has a release hook.
    ///
    /// An instance built while its slot was emptied or closed (a reset, the registration replaced, its scope ended)
    /// is not kept: `releaser` releases it at once — it is still returned, as if it had been built a moment before
    /// the slot was emptied.
    @inlinable
    package static func cachedValue<Value>(
        of entry: RegistrationEntry?,
        in slot: OnceSlot,
        isWeak: Bool,
        releaser: Releaser?,
        build: () throws -> Value
    ) throws -> Value {
        let frames = ResolutionFrames.current
        let isOutermost = frames.beginResolution()
        defer { frames.endResolution(isOutermost) }
        if isOutermost { ResolutionContext.adoptConstruction(into: frames) }
        return try slot.value(
            Value.self, holdsWeakly: isWeak, ordered: releaser != nil, frames: frames, build: build,
            onCycle: { cycleError(closingWith: entry, frames: frames) },
            onRefused: { releaseRefused($0, by: releaser) },
            sharesFailure: sharesFailure)
    }

    /// Whether a factory's failure goes to the resolvers that waited for the same build: every error but a cycle,
    /// which is about the builder's own construction (the others try again and may well succeed).
    @usableFromInline
    package static func sharesFailure(_ error: any Error) -> Bool {
        guard case .cyclicDependencyReference? = error as? InjectionError else { return true }
        return false
    }

    /// The same for a registration's own cache.
    @inlinable
    package static func cachedValue<Value>(
        of entry: RegistrationEntry, in cache: EntryCache, build: () throws -> Value
    ) throws -> Value {
        // The cache's own releaser (the registration's, which it was made with): reading it through the
        // registration retained it.
        try cachedValue(of: entry, in: cache, isWeak: cache.isWeak, releaser: cache.releaser, build: build)
    }

    /// Releases an instance that its emptied or closed slot did not keep.
    @usableFromInline
    package static func releaseRefused(_ box: InstanceBox, by releaser: Releaser?) {
        guard let releaser, let release = PendingRelease(box: box, releaser: releaser) else { return }
        Release.run([release])
    }
}

extension RegistrationEntry {
    /// The context reported when this registration's factory fails.
    package var failureContext: DependencyContext {
        DependencyContext(
            locator: locator,
            alternative: attributes.alternative,
            parameterTypes: attributes.takesEnclosingObject ? ["Any"] : attributes.parameterTypes.map(typeName),
            requestedType: typeName(attributes.valueType),
            searched: [ownerDescription]
        )
    }
}
