internal import LoomRuntime

/// Loads registrations of the live graph (or a container's chain) the way the app would, noting which registration
/// each one needed: what a caller that orders instances by their dependencies reads (LoomServiceLifecycle starts a
/// `Service` after the services it needs).
///
/// The instances are the live, cached ones (inside a test override, that scope's). The edges come from the factories
/// that run while loading and from the first read of each injected property of the loaded instances. An instance
/// built before — its factory's resolutions unseen — is built once more in a sandbox with empty caches, as
/// ``DependencyVerifier`` does, so its edges (and those of everything below it) are recorded too; the sandbox's
/// copies are then released, their release hooks run, as verification's are.
package enum RecordingLoader {
    /// One registration needing another, either from its factory or from an injected property of its instance.
    package struct Edge: Sendable {
        package let dependent: RegistrationEntry
        package let dependency: RegistrationEntry
    }

    /// The loaded instances, in the order asked, and the edges seen while loading them.
    package struct Loaded {
        package var instances: [Any] = []
        package var edges: [Edge] = []
    }

    /// The registrations `source` answers with, each once, in registration order: a registration shadowed by
    /// another under the same key (a child container's, a test override's) is left out.
    package static func answeringRegistrations(of source: any DependencySource) -> [RegistrationEntry] {
        let source = source.overlaid
        var seen: Set<ObjectIdentifier> = []
        return source.visibleEntries
            .filter { entry in
                guard seen.insert(ObjectIdentifier(entry)).inserted else { return false }
                return source.candidates(for: entry.key)?.contains { $0 === entry } ?? false
            }
            .sorted { $0.sequence < $1.sequence }
    }

    /// Loads each of `entries` (parameterless registrations of `source`), awaiting `async` factories and building
    /// actor-isolated ones on their actors, and records the edges below them.
    ///
    /// - Throws: The first resolution error (a cycle, a missing dependency, a factory's error), as `resolve` would.
    nonisolated(nonsending) package static func load(
        _ entries: [RegistrationEntry], from source: any DependencySource
    ) async throws -> Loaded {
        let recorder = ResolutionRecorder()
        let overlay = ResolutionOverlay(named: "lifecycle recording", visibility: .liveInstances, recorder: recorder)
        let builtBefore = Set(
            answeringRegistrations(of: source).filter { isBuilt($0, in: overlay.environment) }.map(
                ObjectIdentifier.init))
        var loaded = Loaded()
        for entry in entries {
            loaded.instances.append(try await load(entry, in: overlay))
        }
        loaded.edges = edges(recorder.take())
        // The registrations built before whose edges may be missing: the ones asked for and the ones they needed.
        var unseen: [RegistrationEntry] = []
        var listed: Set<ObjectIdentifier> = []
        for entry in entries + loaded.edges.map(\.dependency)
        where builtBefore.contains(ObjectIdentifier(entry)) && listed.insert(ObjectIdentifier(entry)).inserted {
            unseen.append(entry)
        }
        guard !unseen.isEmpty else { return loaded }
        let sandboxRecorder = ResolutionRecorder()
        let sandbox = ResolutionOverlay(
            named: "lifecycle recording sandbox", visibility: .isolatedInstances, recorder: sandboxRecorder)
        defer { sandbox.environment.isolatedCaches?.reset() }
        for entry in unseen {
            _ = try await load(entry, in: sandbox)
        }
        loaded.edges += edges(sandboxRecorder.take())
        return loaded
    }

    nonisolated(nonsending) private static func load(
        _ entry: RegistrationEntry, in overlay: ResolutionOverlay
    ) async throws -> Any {
        try await overlay.run(isolation: #isolation) { () async throws -> Any in
            let value = try await entry.loadErased(arguments: [], enclosing: nil, in: overlay.environment)
            recordProperties(of: value, builtBy: entry)
            return value
        }
    }

    private static func edges(_ recording: ResolutionRecorder.Recording) -> [Edge] {
        recording.edges.compactMap { edge in
            guard let dependent = edge.dependent, dependent !== edge.dependency else { return nil }
            return Edge(dependent: dependent, dependency: edge.dependency)
        }
    }

    /// Whether `entry`'s (parameterless) instance already exists where `environment` keeps it.
    private static func isBuilt(_ entry: RegistrationEntry, in environment: ResolutionEnvironment) -> Bool {
        guard !entry.isScoped, entry.attributes.parameterList == nil, let cache = entry.cache else { return false }
        return environment.unscopedCache(for: entry, cache).box?.erasedValue != nil
    }

    /// Does what the first read of each injected property of `instance` would, as a resolution frame of `entry`, so
    /// the registrations they resolve are recorded as needed by `entry`; a failure is left to that first read.
    private static func recordProperties(of instance: Any, builtBy entry: RegistrationEntry) {
        PropertyInspector.forEachProperty(of: instance, builtBy: entry) { property, _, enclosing in
            _ = try? property.verifyDependency(enclosing: enclosing)
        }
    }
}
