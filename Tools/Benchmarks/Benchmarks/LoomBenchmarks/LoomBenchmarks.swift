// Loom's side of every figure of Documentation/Design/performance-targets.md, and the baselines those figures are
// compared with.
//
// Each benchmark's name is the key `Scripts/benchmark-report` reads it by and the threshold file
// (`Thresholds/LoomBenchmarks.<name>.p90.json`) the allocation gate checks it against, so names carry no spaces.
// Adding a figure: one `Benchmark` here (or in `PeerBenchmarks`), one line in the report's target list
// (Documentation/Contributing.md, "Benchmarks").
import Benchmark
import BenchmarkFixtures
import Loom
import LoomTesting

let benchmarks: @Sendable () -> Void = {
    floorBenchmarks()
    resolutionBenchmarks()
    otherPathBenchmarks()
    readBenchmarks()
    asyncBenchmarks()
    registrationBenchmarks()
    threadBenchmarks()
    activationBenchmarks()
    lifecycleBenchmarks()
}

/// The baselines of the ratios: what the same work costs without a container.
func floorBenchmarks() {
    Benchmark("floor-static-let-read", configuration: .operation) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(StaticLetFloor.service) }
    }
    Benchmark("floor-direct-init", configuration: .operation) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(TransientService()) }
    }
    Benchmark("floor-chain-built-directly", configuration: .operation) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(buildChainDirectly()) }
    }
    Benchmark("floor-stored-property-read", configuration: .operation) { benchmark in
        let holder = LoomFixtures.holder
        for _ in benchmark.scaledIterations { blackHole(readStoredProperty(holder)) }
    }
    // What any getter whose value can be replaced concurrently must at least do: hand the reference out retained.
    Benchmark("floor-retained-reference-read", configuration: .operation) { benchmark in
        let floor = LoomFixtures.retainedReference
        for _ in benchmark.scaledIterations { blackHole(readRetainedReference(floor)) }
    }
}

/// Cached singletons by type, transient resolution and the depth-5 chain.
func resolutionBenchmarks() {
    Benchmark("resolve-singleton-type", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Service.self)) }
    }
    Benchmark("graph-inject-singleton-type", configuration: .operation) { benchmark in
        LoomFixtures.activateGraph()
        for _ in benchmark.scaledIterations { blackHole(try DependencyGraph.inject(byType: Service.self)) }
    }
    Benchmark("graph-inject-singleton-name", configuration: .operation) { benchmark in
        LoomFixtures.activateGraph()
        for _ in benchmark.scaledIterations {
            let service: Service = try DependencyGraph.inject(byName: "named-service")
            blackHole(service)
        }
    }
    // The first resolve of a cached singleton: its construction, exactly once, and publication. The containers are
    // made before the measurement; compare with the direct `init`.
    Benchmark("resolve-singleton-cold", configuration: .operation) { benchmark in
        let containers = benchmark.scaledIterations.map { _ in LoomFixtures.makeColdContainer() }
        benchmark.startMeasurement()
        for container in containers { blackHole(try container.resolve(TransientService.self)) }
        benchmark.stopMeasurement()
    }
    Benchmark("resolve-transient-type", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(TransientService.self)) }
    }
    // The same with a type internal to this module: the optimiser can prove things about it (no other module can add a
    // conformance to it) that it cannot about a public type, and the fixtures above are public, as an app's feature
    // modules' types are. The difference is what resolving a public type costs on top.
    Benchmark("resolve-transient-internal-type", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(InternalTransientService.self)) }
    }
    Benchmark("resolve-chain-depth5", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(ChainLevel5.self)) }
    }
    Benchmark("resolve-singleton-among-10", configuration: .operation) { benchmark in
        let container = LoomFixtures.smallContainer
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Service.self)) }
    }
    Benchmark("resolve-singleton-among-100000", configuration: .operation) { benchmark in
        let container = LoomFixtures.largeContainer
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Service.self)) }
    }
}

/// The other paths to a settled cached singleton (Documentation/Design/performance-targets.md#every-other-path), each
/// compared with the plain by-type resolve.
func otherPathBenchmarks() {
    Benchmark("resolve-singleton-alternative", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations {
            blackHole(try container.resolve(Service.self, alternative: "primary"))
        }
    }
    Benchmark("inject-singleton-name", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations {
            let service: Service = try container.inject(byName: "named-service")
            blackHole(service)
        }
    }
    Benchmark("inject-singleton-value", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations {
            let service: Service = try container.inject(byValue: UploadLocation.avatar)
            blackHole(service)
        }
    }
    Benchmark("inject-singleton-1-argument", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try container.inject(byType: Service.self, 7)) }
    }
    Benchmark("inject-singleton-2-arguments", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try container.inject(byType: Service.self, 7, "seven")) }
    }
    Benchmark("inject-singleton-3-arguments", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations {
            blackHole(try container.inject(byType: Service.self, 7, "seven", true))
        }
    }
    Benchmark("resolve-enclosing-object", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        let screen = Screen()
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Service.self, parameter: screen)) }
    }
    Benchmark("resolve-singleton-optional", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try container.resolve(Service?.self)) }
    }
    Benchmark("resolve-singleton-in-test-override", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        try withTestDependencies { overrides in
            overrides.register(scope: .singleton) { Service(identifier: 8) }
        } operation: {
            blackHole(try container.resolve(Service.self))  // settles the override's singleton before measuring
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(try container.resolve(Service.self)) }
            benchmark.stopMeasurement()
        }
    }
    Benchmark("inject-array-of-3", configuration: .operation) { benchmark in
        let container = LoomFixtures.container
        for _ in benchmark.scaledIterations { blackHole(try container.inject(byType: [any Plugin].self)) }
    }
}

/// Reading a resolved `@Injected` property and configuration keys, outside and inside a task-local override.
func readBenchmarks() {
    Benchmark("injected-property-read", configuration: .operation) { benchmark in
        let holder = LoomFixtures.holder
        for _ in benchmark.scaledIterations { blackHole(readInjectedProperty(holder)) }
    }
    Benchmark("conf-read", configuration: .operation) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Conf[\.benchmarkService]) }
    }
    Benchmark("injected-values-read", configuration: .operation) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(InjectedValues[\.benchmarkService]) }
    }
    Benchmark("conf-read-in-override", configuration: .operation) { benchmark in
        Conf.withValue(Service(identifier: 2), for: BenchmarkServiceConfKey.self) {
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(Conf[\.benchmarkService]) }
            benchmark.stopMeasurement()
        }
    }
    Benchmark("injected-values-read-in-override", configuration: .operation) { benchmark in
        Conf.withValue(Service(identifier: 2), for: BenchmarkServiceInjectionKey.self) {
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(InjectedValues[\.benchmarkService]) }
            benchmark.stopMeasurement()
        }
    }
}
