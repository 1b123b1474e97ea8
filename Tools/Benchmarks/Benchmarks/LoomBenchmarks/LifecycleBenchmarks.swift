// Request scopes and release hooks (Documentation/Design/release-order.md; targets in
// Documentation/Design/performance-targets.md, figures in Documentation/Performance.md).
import Benchmark
import BenchmarkFixtures
import Loom

/// What the `.scoped` registrations of these figures build: one object each, as a request's context would be.
final class ScopedContext: Sendable {}
final class ScopedUser: Sendable {}
final class ScopedTransaction: Sendable {}

enum LifecycleFixtures {
    /// Three `.scoped` registrations with (empty) release hooks, so closing a scope runs three hooks.
    static let container: Container = {
        let container = Container(name: "lifecycle-benchmark", logger: DisabledLogger())
        container.register(scope: .scoped) {
            ScopedContext()
        } onRelease: { _ in
        }
        container.register(scope: .scoped) {
            ScopedUser()
        } onRelease: { _ in
        }
        container.register(scope: .scoped) {
            ScopedTransaction()
        } onRelease: { _ in
        }
        return container
    }()
}

func lifecycleBenchmarks() {
    // One request: open a scope, build its three instances, release them (hooks included).
    Benchmark("scope-open-resolve-3-close", configuration: .operation) { benchmark in
        let container = LifecycleFixtures.container
        for _ in benchmark.scaledIterations {
            try container.withScope { scope in
                blackHole(try scope.resolve(ScopedContext.self))
                blackHole(try scope.resolve(ScopedUser.self))
                blackHole(try scope.resolve(ScopedTransaction.self))
            }
        }
    }
    // A `.scoped` instance the scope already holds, resolved through the scope.
    Benchmark("resolve-scoped-hit", configuration: .operation) { benchmark in
        let container = LifecycleFixtures.container
        try container.withScope { scope in
            blackHole(try scope.resolve(ScopedContext.self))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(try scope.resolve(ScopedContext.self)) }
            benchmark.stopMeasurement()
        }
    }
}
