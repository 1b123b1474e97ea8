import LoomCore
import LoomTesting
import Testing

private struct EagerFactoryError: Error {}
private final class EagerSyncFailure: Sendable {}
private final class EagerAsyncFailure: Sendable {}

/// An eager registration whose factory throws while the graph activates its container is logged at `.error` with
/// its key and container, by both the synchronous and the asynchronous activation, and activation still completes.
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
}
