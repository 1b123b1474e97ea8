// Swinject 2.10's and swift-dependencies 1.17's side of the figures they have an equivalent for, measured the same
// way as `LoomBenchmarks` and in the same run (`swift package benchmark` runs both targets).
import Benchmark
import BenchmarkFixtures
import Dependencies
import Swinject

let benchmarks: @Sendable () -> Void = {
    let operation = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 100,
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 10_000
    )
    Benchmark("swinject-singleton", configuration: operation) { benchmark in
        let container = SwinjectFixtures.container
        for _ in benchmark.scaledIterations { blackHole(container.resolve(Service.self)!) }
    }
    Benchmark("swinject-named", configuration: operation) { benchmark in
        let container = SwinjectFixtures.container
        for _ in benchmark.scaledIterations { blackHole(container.resolve(Service.self, name: "named-service")!) }
    }
    Benchmark("swinject-transient", configuration: operation) { benchmark in
        let container = SwinjectFixtures.container
        for _ in benchmark.scaledIterations { blackHole(container.resolve(TransientService.self)!) }
    }
    Benchmark("swinject-chain-depth5", configuration: operation) { benchmark in
        let container = SwinjectFixtures.container
        for _ in benchmark.scaledIterations { blackHole(container.resolve(ChainLevel5.self)!) }
    }
    // Ten services of distinct types into each of 100 new containers: 1 000 registrations per sample.
    Benchmark("swinject-register", configuration: operation) { benchmark in
        let containers = (0..<containersPerRegistrationSample).map { _ in Swinject.Container() }
        benchmark.startMeasurement()
        for container in containers {
            container.register(Registered0.self) { _ in Registered0() }.inObjectScope(.container)
            container.register(Registered1.self) { _ in Registered1() }.inObjectScope(.container)
            container.register(Registered2.self) { _ in Registered2() }.inObjectScope(.container)
            container.register(Registered3.self) { _ in Registered3() }.inObjectScope(.weak)
            container.register(Registered4.self) { _ in Registered4() }.inObjectScope(.weak)
            container.register(Registered5.self) { _ in Registered5() }.inObjectScope(.transient)
            container.register(Registered6.self) { _ in Registered6() }.inObjectScope(.transient)
            container.register(Registered7.self) { _ in Registered7() }.inObjectScope(.transient)
            container.register(Registered8.self) { _ in Registered8() }.inObjectScope(.container)
            container.register(Registered9.self) { _ in Registered9() }.inObjectScope(.container)
        }
        benchmark.stopMeasurement()
    }
    // Registration at scale, beside Loom's `register-10000-alternatives`: 10 000 singletons under distinct names into
    // one new container per sample, in Swinject and in the 50-line `DictionaryContainer`.
    let bulk = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: 5
    )
    let names = (0..<10_000).map { "alternative-\($0)" }
    Benchmark("swinject-register-10000-names", configuration: bulk) { benchmark in
        let container = Swinject.Container()
        benchmark.startMeasurement()
        for name in names {
            container.register(Service.self, name: name) { _ in Service() }.inObjectScope(.container)
        }
        benchmark.stopMeasurement()
        blackHole(container)
    }
    Benchmark("dictionary-register-10000-names", configuration: bulk) { benchmark in
        let container = DictionaryContainer()
        benchmark.startMeasurement()
        for name in names {
            container.register(Service.self, name: name) { Service() }
        }
        benchmark.stopMeasurement()
        blackHole(container.resolve(Service.self, name: names[0]))
    }
    Benchmark("dependencies-read", configuration: operation) { benchmark in
        let reader = DependencyReader()
        for _ in benchmark.scaledIterations { blackHole(reader.service) }
    }
    Benchmark("dependencies-read-in-override", configuration: operation) { benchmark in
        withDependencies {
            $0.benchmarkService = Service(identifier: 2)
        } operation: {
            let reader = DependencyReader()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(reader.service) }
            benchmark.stopMeasurement()
        }
    }
}

/// The same services as Loom's benchmark container, in Swinject's idiom.
enum SwinjectFixtures {
    nonisolated(unsafe) static let container = makeContainer()  // Swinject.Container is not Sendable; only read here.

    private static func makeContainer() -> Swinject.Container {
        let container = Swinject.Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(.container)
        container.register(Service.self, name: "named-service") { _ in Service(identifier: 2) }
            .inObjectScope(.container)
        container.register(TransientService.self) { _ in TransientService() }.inObjectScope(.transient)
        container.register(ChainLevel1.self) { _ in ChainLevel1() }.inObjectScope(.transient)
        container.register(ChainLevel2.self) { resolver in ChainLevel2(next: resolver.resolve(ChainLevel1.self)!) }
            .inObjectScope(.transient)
        container.register(ChainLevel3.self) { resolver in ChainLevel3(next: resolver.resolve(ChainLevel2.self)!) }
            .inObjectScope(.transient)
        container.register(ChainLevel4.self) { resolver in ChainLevel4(next: resolver.resolve(ChainLevel3.self)!) }
            .inObjectScope(.transient)
        container.register(ChainLevel5.self) { resolver in ChainLevel5(next: resolver.resolve(ChainLevel4.self)!) }
            .inObjectScope(.transient)
        return container
    }
}

private enum BenchmarkServiceDependencyKey: DependencyKey {
    static let liveValue = Service()
}

extension DependencyValues {
    var benchmarkService: Service {
        get { self[BenchmarkServiceDependencyKey.self] }
        set { self[BenchmarkServiceDependencyKey.self] = newValue }
    }
}

/// A type reading its dependency the way swift-dependencies recommends.
private struct DependencyReader {
    @Dependency(\.benchmarkService) var service
}
