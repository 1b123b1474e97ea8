internal import LoomRuntime

/// Loads registrations of the live graph (or a container's chain) the way the app would, noting which registration
/// each one needed: what a caller that orders instances by their dependencies reads (LoomServiceLifecycle starts a
/// `Service` after the services it needs).
///
/// Unlike ``DependencyVerifier`` it builds nothing twice: the instances are the live, cached ones (inside a test
/// override, that scope's), and only factories that run now — plus the first read of each injected property of the
/// loaded instances — are seen. A dependency the factory of an instance built earlier resolved is not.
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
    /// actor-isolated ones on their actors, and records the edges seen meanwhile.
    ///
    /// - Throws: The first resolution error (a cycle, a missing dependency, a factory's error), as `resolve` would.
    nonisolated(nonsending) package static func load(
        _ entries: [RegistrationEntry], from source: any DependencySource
    ) async throws -> Loaded {
        let recorder = ResolutionRecorder()
        let overlay = ResolutionOverlay(named: "lifecycle recording", visibility: .liveInstances, recorder: recorder)
        var loaded = Loaded()
        for entry in entries {
            let instance = try await overlay.run(isolation: #isolation) { () async throws -> Any in
                let value = try await entry.loadErased(arguments: [], enclosing: nil, in: overlay.environment)
                recordProperties(of: value, builtBy: entry)
                return value
            }
            loaded.instances.append(instance)
            loaded.edges += recorder.take().edges.compactMap { edge in
                guard let dependent = edge.dependent, dependent !== edge.dependency else { return nil }
                return Edge(dependent: dependent, dependency: edge.dependency)
            }
        }
        return loaded
    }

    /// Does what the first read of each injected property of `instance` would, as a resolution frame of `entry`, so
    /// the registrations they resolve are recorded as needed by `entry`; a failure is left to that first read.
    private static func recordProperties(of instance: Any, builtBy entry: RegistrationEntry) {
        let (enclosing, properties) = PropertyInspector.properties(of: instance)
        guard !properties.isEmpty else { return }
        let frames = ResolutionFrames.current
        let isOutermost = frames.beginScope()
        defer { frames.endScope(isOutermost) }
        frames.push(entry)
        defer { frames.pop() }
        for (property, _) in properties {
            _ = try? property.verifyDependency(enclosing: enclosing)
        }
    }
}
