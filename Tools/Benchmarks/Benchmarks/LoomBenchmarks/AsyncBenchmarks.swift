// `load`, async factories and main-actor registrations (Documentation/Design/async-resolution.md; targets in
// Documentation/Design/performance-targets.md, figures in Documentation/Performance.md).
import Benchmark
import BenchmarkFixtures
import Loom

/// What an async factory builds in these figures.
final class AsyncService: Sendable {
    let identifier: Int
    init(identifier: Int = 1) { self.identifier = identifier }
}

/// What a main-actor factory builds: a `@MainActor` class, `Sendable` as every global-actor-isolated class is.
@MainActor final class MainActorService: Sendable {
    let identifier: Int
    init(identifier: Int = 1) { self.identifier = identifier }
}

enum AsyncFixtures {
    /// The factory every async figure registers, also called directly for the floor.
    static let factory: @Sendable () async throws -> AsyncService = { AsyncService() }

    /// A settled async singleton, a main-actor singleton and an async `.instance` registration.
    static let container: Container = {
        let container = Container(name: "async-benchmark", logger: DisabledLogger())
        container.register(scope: .singleton, factory)
        container.register(alternative: "transient", factory)
        container.register(on: MainActor.self, scope: .singleton) { MainActorService() }
        container.register(scope: .singleton) { Service() }
        return container
    }()

    /// A container whose one `async` singleton is not built yet.
    static func makeColdContainer() -> Container {
        let container = Container(name: "async-cold-benchmark", logger: DisabledLogger())
        container.register(scope: .singleton, factory)
        return container
    }
}

func asyncBenchmarks() {
    Benchmark("floor-async-factory-call", configuration: .operation) { benchmark async throws in
        let factory = AsyncFixtures.factory
        for _ in benchmark.scaledIterations { blackHole(try await factory()) }
    }
    Benchmark("load-singleton-async-settled", configuration: .operation) { benchmark async throws in
        let container = AsyncFixtures.container
        blackHole(try await container.load(AsyncService.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await container.load(AsyncService.self)) }
        benchmark.stopMeasurement()
    }
    Benchmark("resolve-singleton-async-settled", configuration: .operation) { benchmark async throws in
        let container = AsyncFixtures.container
        blackHole(try await container.load(AsyncService.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(AsyncService.self)) }
        benchmark.stopMeasurement()
    }
    Benchmark("load-singleton-type", configuration: .operation) { benchmark async throws in
        let container = AsyncFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try await container.load(Service.self)) }
    }
    Benchmark("graph-load-singleton-type", configuration: .operation) { benchmark async throws in
        LoomFixtures.activateGraph()
        for _ in benchmark.scaledIterations { blackHole(try await DependencyGraph.load(Service.self)) }
    }
    // Cold: each load is the first of its container's registration, so it claims the slot, runs the factory in a
    // construction frame and publishes. The containers are made before the measurement (emptying one cache per load
    // instead would measure the reset's grace period too). Compare with the floor: the factory called directly.
    Benchmark("load-singleton-async-cold", configuration: .operation) { benchmark async throws in
        let containers = benchmark.scaledIterations.map { _ in AsyncFixtures.makeColdContainer() }
        benchmark.startMeasurement()
        for container in containers { blackHole(try await container.load(AsyncService.self)) }
        benchmark.stopMeasurement()
    }
    Benchmark("load-transient-async", configuration: .operation) { benchmark async throws in
        let container = AsyncFixtures.container
        for _ in benchmark.scaledIterations {
            blackHole(try await container.load(AsyncService.self, alternative: "transient"))
        }
    }
    Benchmark("resolve-main-actor-singleton", configuration: .operation) { benchmark async throws in
        let container = AsyncFixtures.container
        // The runner awaits this closure: the benchmark object is used by one task at a time, on the main actor here.
        nonisolated(unsafe) let measured = benchmark
        try await MainActor.run {
            blackHole(try container.resolve(MainActorService.self))
            measured.startMeasurement()
            for _ in measured.scaledIterations { blackHole(try container.resolve(MainActorService.self)) }
            measured.stopMeasurement()
        }
    }
    Benchmark("load-main-actor-singleton-settled", configuration: .operation) { benchmark async throws in
        let container = AsyncFixtures.container
        blackHole(try await container.load(MainActorService.self))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await container.load(MainActorService.self)) }
        benchmark.stopMeasurement()
    }
}
