internal import LoomRuntime

/// One test-override scope: the registrations a test put in front of the live ones, where cached instances live
/// while it runs, and (for `LoomKeys`) the root values set inside it.
///
/// `LoomTesting.withTestDependencies` creates one and binds it in the ``ResolutionContext`` for the length of an
/// operation; every resolution path consults it first (``DependencySource`` forwards to an ``OverlaySource``, the
/// lock-free probes look through it while any overlay exists). Scopes nest: an inner overlay's container has the
/// outer one's as parent.
package final class ResolutionOverlay: Sendable {
    /// What an overlay lets through from outside it.
    package enum Visibility: Sendable {
        /// Live registrations are visible; cached scopes start empty (the default for tests).
        case isolatedInstances
        /// Live registrations and their live cached instances are visible.
        case liveInstances
        /// Only the overlay's own registrations (and those of enclosing overlays) are visible.
        case overridesOnly
        /// Live registrations are visible with empty caches, as for ``isolatedInstances``, and each resolution that
        /// reaches one records a test issue at its call site (``TestIssues``).
        case strict
    }

    /// The registrations this overlay puts in front of everything else.
    package let container: Container
    /// The overlay this one is nested in.
    package let parent: ResolutionOverlay?
    /// Whether resolutions may fall through to the live containers and the graph.
    package let seesLiveRegistrations: Bool
    /// Whether reaching a live registration records a test issue (this overlay or an enclosing one is strict).
    package let isStrict: Bool
    /// Whether the lock-free probes may answer from live registrations: they see them and need not record it.
    package let probesLiveRegistrations: Bool
    /// Where cached instances live inside the overlay.
    package let environment: ResolutionEnvironment
    /// Records what resolutions did, for ``DependencyGraph/verify()``; `nil` outside a verification sandbox.
    package let recorder: ResolutionRecorder?
    /// Distinguishes overlays without keeping them alive (an `ObjectIdentifier` could be reused).
    package let serial: UInt
    /// Root values of keys set inside the overlay, by key identity, as `LoomKeys` boxes them.
    ///
    /// Replaced boxes are kept until the overlay ends, so a reader holding an unretained box while the overlay is
    /// bound to its task never sees it freed.
    private let keyValues = LoomLock<(current: [ObjectIdentifier: AnyObject], replaced: [AnyObject])>(([:], []))

    private static let serials = AtomicCounter()

    /// Creates an overlay nested in the current task's one (if any), with an empty override container named `name`
    /// whose parent is the enclosing overlay's container.
    ///
    /// Bind it with ``run(_:)``.
    package init(named name: String, visibility: Visibility, recorder: ResolutionRecorder? = nil) {
        let parent = Self.active
        let container = Container(name: name, parent: parent?.container)
        self.container = container
        self.parent = parent
        seesLiveRegistrations = visibility != .overridesOnly && (parent?.seesLiveRegistrations ?? true)
        isStrict = visibility == .strict || (parent?.isStrict ?? false)
        probesLiveRegistrations = seesLiveRegistrations && !isStrict
        environment =
            visibility == .liveInstances
            ? (parent?.environment ?? .live)
            : ResolutionEnvironment(isolatedCaches: IsolatedCaches(owner: container.owner))
        self.recorder = recorder
        serial = Self.serials.increment()
    }

    /// The current task's overlay, without the task-local read while no overlay exists in the process.
    @inline(__always)
    package static var active: ResolutionOverlay? { ResolutionContext.activeOverlay }

    /// Whether `entry` is one of this overlay's registrations or an enclosing overlay's.
    package func owns(_ entry: RegistrationEntry) -> Bool {
        sequence(first: self, next: \.parent).contains { $0.container.owner === entry.owner }
    }

    /// A source that answers from this overlay first, then from `base`.
    package func source(over base: any DependencySource) -> OverlaySource {
        OverlaySource(overlay: self, base: base)
    }

    // MARK: Key values (LoomKeys)

    /// The box holding `id`'s root value in this overlay or an enclosing one, if any.
    package func keyValue(for id: ObjectIdentifier) -> AnyObject? {
        var overlay: ResolutionOverlay? = self
        while let current = overlay {
            if let box = current.keyValues.withLock({ $0.current[id] }) { return box }
            overlay = current.parent
        }
        return nil
    }

    /// Sets (or with `nil`, removes) `id`'s root value inside this overlay.
    package func setKeyValue(_ box: AnyObject?, for id: ObjectIdentifier) {
        keyValues.withLock { values in
            if let previous = values.current[id] { values.replaced.append(previous) }
            values.current[id] = box
        }
    }

    /// Sets (or with `nil`, removes) several root values inside this overlay at once: a reader of
    /// ``keyValueSnapshot()`` sees all of them or none (a configuration reload inside a test).
    package func setKeyValues(_ boxes: [ObjectIdentifier: AnyObject?]) {
        keyValues.withLock { values in
            for (id, box) in boxes {
                if let previous = values.current[id] { values.replaced.append(previous) }
                values.current[id] = box
            }
        }
    }

    /// The root values set inside this overlay and the ones around it, the innermost winning, copied at once per
    /// overlay: what one consistent read of several keys sees.
    package func keyValueSnapshot() -> [ObjectIdentifier: AnyObject] {
        var merged: [ObjectIdentifier: AnyObject] = [:]
        var overlay: ResolutionOverlay? = self
        while let current = overlay {
            merged.merge(current.keyValues.withLock { $0.current }) { inner, _ in inner }
            overlay = current.parent
        }
        return merged
    }

    /// Removes every root value set inside this overlay.
    package func removeKeyValues() {
        keyValues.withLock { values in
            values.replaced.append(contentsOf: values.current.values)
            values.current = [:]
        }
    }
}

extension ResolutionOverlay {
    /// Runs `operation` with this overlay in the current task's resolution context.
    ///
    /// When it ends, the instances it owns are released, dependents first: those cached in its own isolated caches and
    /// those of its own container's registrations, wherever they are cached.
    package func run<R>(_ operation: () throws -> R) rethrows -> R {
        defer { Release.run(takeOwnReleases()) }
        return try ResolutionContext.with({ $0.overlay = self }, operation: operation)
    }

    /// Runs async `operation` with this overlay in the current task's resolution context, on the caller's executor;
    /// when it ends, the instances it owns (as for ``run(_:)``) are released and their hooks awaited (failures are
    /// logged).
    package func run<R>(isolation: isolated (any Actor)?, _ operation: () async throws -> R) async rethrows -> R {
        do {
            let value = try await ResolutionContext.with(
                { $0.overlay = self }, isolation: isolation, operation: operation)
            await releaseOwnInstances()
            return value
        } catch {
            await releaseOwnInstances()
            throw error
        }
    }

    private func releaseOwnInstances() async {
        let failures = await Release.perform(takeOwnReleases(), hookTimeout: Release.defaultHookTimeout)
        for failure in failures { Release.report(failure, to: container.logTarget) }
    }

    /// The releases of the instances this overlay owns: those in its own isolated caches (not an enclosing scope's or
    /// the live ones) and those of its own container's registrations, wherever the scope kept them.
    private func takeOwnReleases() -> [PendingRelease] {
        // A verification sandbox is bound once per registration it tries; its instances go when the run reports.
        guard recorder == nil else { return [] }
        let sharedCaches = environment.isolatedCaches.flatMap { $0 === parent?.environment.isolatedCaches ? $0 : nil }
        var releases = sharedCaches == nil ? environment.isolatedCaches?.takeReleases() ?? [] : []
        // The override container lives only as long as the scope, so its registrations' instances end with it, even
        // when the scope shares the live caches or an enclosing scope's (`.sharingLiveInstances`): their own caches
        // (see `IsolatedCaches.owner`; an instance built outside the scope through a captured container is there too)
        // and, in a shared store, their entries in it. A cache already emptied gives nothing twice.
        for entry in container.registry.unorderedEntries {
            releases += entry.cache?.takeReleases(closing: true) ?? []
            releases += sharedCaches?.takeReleases(of: entry) ?? []
        }
        return releases
    }
}
