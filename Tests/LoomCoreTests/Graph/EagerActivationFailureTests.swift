import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

private struct EagerFactoryError: Error {}
private final class EagerSyncFailure: Sendable {}
private final class EagerAsyncFailure: Sendable {}
private final class EagerNeedsLoad: Sendable {}

/// An eager registration whose factory throws while the graph activates its container is logged at `.error` with
/// its key and container, by both the synchronous and the asynchronous activation, and activation still completes; one
/// that only `load` can build is left to the first `load` by the synchronous activation, with a warning.
@Suite struct EagerActivationFailureTests {
    @Test func synchronousActivationLogsAThrowingEagerFactory() {
        let logger = CapturingLogger()
        let container = Container(name: "eager-failure-sync", logger: logger) {
            Dependency { () throws -> EagerSyncFailure in throw EagerFactoryError() }
                .scope(.singleton)
                .eagerness(.eager)
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(DependencyGraph.activeContainers.contains { $0 === container })
        let errors = logger.messages(at: .error)
        #expect(
            errors.contains {
                $0.contains("Creating eager Type[EagerSyncFailure]") && $0.contains("Container(eager-failure-sync)")
            })
    }

    @Test func asynchronousActivationLogsAThrowingAsyncEagerFactory() async {
        let logger = CapturingLogger()
        let container = Container(name: "eager-failure-async", logger: logger) {
            Dependency { () async throws -> EagerAsyncFailure in throw EagerFactoryError() }
                .scope(.singleton)
                .eagerness(.eager)
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(DependencyGraph.activeContainers.contains { $0 === container })
        let errors = logger.messages(at: .error)
        #expect(
            errors.contains {
                $0.contains("Creating eager Type[EagerAsyncFailure]") && $0.contains("Container(eager-failure-async)")
            })
    }

    /// The synchronous activation does not wait for an eager registration only `load` can build: it logs a warning
    /// naming it, its container and the asynchronous activation, from the caller's file, and the first `load` builds it.
    @Test func synchronousActivationWarnsOfAnEagerRegistrationOnlyLoadCanBuild() async throws {
        let logger = CapturingLogger()
        let builds = Counter()
        let container = Container(name: "eager-needs-load", logger: logger) {
            Dependency { () async -> EagerNeedsLoad in
                builds.increment()
                return EagerNeedsLoad()
            }
            .scope(.singleton)
            .eagerness(.eager)
        }
        activateSynchronously(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(DependencyGraph.activeContainers.contains { $0 === container })
        #expect(builds.value == 0)
        let warnings = logger.entries(at: .warning).filter { $0.message.contains("EagerNeedsLoad") }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.message.contains("Container(eager-needs-load)"))
        #expect(warning.message.contains("needs load"))
        #expect(warning.message.contains("await DependencyGraph.activate(_:)"))
        #expect(warning.file.hasSuffix("EagerActivationFailureTests.swift"))
        let first: EagerNeedsLoad = try await DependencyGraph.load()
        let second: EagerNeedsLoad = try await DependencyGraph.load()
        #expect(first === second)
        #expect(builds.value == 1)
    }
}

/// The synchronous overload, called from synchronous code (an `async` caller would pick the asynchronous one).
private func activateSynchronously(_ container: Container) {
    DependencyGraph.activate(container)
}
