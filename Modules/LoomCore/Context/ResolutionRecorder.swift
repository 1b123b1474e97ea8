internal import LoomRuntime

/// What the resolutions inside a verification sandbox did: which registration needed which, and where they failed.
package final class ResolutionRecorder: Sendable {
    /// One registration producing a value for another (or for the top-level request, when `dependent` is `nil`).
    package struct Edge: Sendable {
        package let dependent: RegistrationEntry?
        package let dependency: RegistrationEntry
    }

    /// A failed request and the registrations being built when it failed, outermost first.
    package struct Failure: Sendable {
        package let error: InjectionError
        package let path: [RegistrationEntry]
    }

    package struct Recording: Sendable {
        package var edges: [Edge] = []
        package var failures: [Failure] = []
    }

    private let recording = LoomLock(Recording())

    /// Notes that `entry` is about to produce a value for whatever the current resolution is building.
    package func record(_ entry: RegistrationEntry) {
        let dependent = Construction.building.last
        recording.withLock { $0.edges.append(Edge(dependent: dependent, dependency: entry)) }
    }

    /// Notes a failed request made while the current resolution builds its registrations.
    package func recordFailure(_ error: InjectionError) {
        let path = Construction.building
        recording.withLock { $0.failures.append(Failure(error: error, path: path)) }
    }

    /// Everything recorded so far, leaving the recorder empty.
    package func take() -> Recording {
        recording.withLock { recording in
            defer { recording = Recording() }
            return recording
        }
    }
}

extension ResolutionOverlay {
    /// Runs an asynchronous request forwarded to this overlay, noting its failure when verification records it.
    nonisolated(nonsending) package func forward<R>(
        _ request: nonisolated(nonsending) () async throws -> R
    ) async throws -> R {
        guard let recorder else { return try await request() }
        do {
            return try await request()
        } catch let error as InjectionError {
            recorder.recordFailure(error)
            throw error
        }
    }

    /// Runs a request forwarded to this overlay, noting its failure when verification records it.
    @inline(__always)
    package func forward<R>(_ request: () throws -> R) throws -> R {
        guard let recorder else { return try request() }
        do {
            return try request()
        } catch let error as InjectionError {
            recorder.recordFailure(error)
            throw error
        }
    }
}
