import Benchmark
import BenchmarkFixtures
import BenchmarkShims
import Loom

/// Activating 100 000 registrations in the graph, declaring them in one builder, and the memory they take.
func activationBenchmarks() {
    // Declaring the container is not measured, only `activate`: building the graph's index.
    Benchmark("activate-100000", configuration: .bulk) { benchmark in
        let container = LoomFixtures.declaredContainer(LoomFixtures.activationNames)
        benchmark.startMeasurement()
        DependencyGraph.activate(container)
        benchmark.stopMeasurement()
        try checkActivated(container)
    }
    Benchmark("declare-100000", configuration: .bulk) { benchmark in
        let names = LoomFixtures.activationNames
        benchmark.startMeasurement()
        let container = LoomFixtures.declaredContainer(names)
        benchmark.stopMeasurement()
        blackHole(container)
    }
    let memory = Benchmark.Configuration.computed(.bytesPerRegistration, samples: 3, countingAllocations: true)
    // The bytes the allocator holds for the registrations and the index, declared and activated: the allocator's
    // own figure (chunk sizes, as an app pays them) less the 16-byte header package-benchmark's malloc interposer
    // puts in front of each live allocation.
    Benchmark("memory-per-registration", configuration: memory) { benchmark in
        let names = LoomFixtures.activationNames
        let bytesBefore = benchmark_allocated_bytes()
        let allocationsBefore = benchmark_interposer_live_allocations()
        let container = LoomFixtures.declaredContainer(names)
        DependencyGraph.activate(container)
        let bytes = Int(benchmark_allocated_bytes()) - Int(bytesBefore)
        let headers = 16 * Int(benchmark_interposer_live_allocations() - allocationsBefore)
        benchmark.measurement(.bytesPerRegistration, (bytes - headers) / names.count)
        try checkActivated(container)
    }
}

/// Checks that an activated container resolves its registrations, then deactivates it.
private func checkActivated(_ container: Container) throws {
    let probe: Service = try DependencyGraph.inject(byName: LoomFixtures.activationNames[50_000])
    blackHole(probe)
    DependencyGraph.deactivate(container)
}
