// LoomConfigurationSources' figures (issue 18): reading a bound key, which must cost what a `Conf` read costs, and a
// reload of 1 000 bound keys that changes one and drops only the instance that read it.
//
// Each benchmark's name is the key `Scripts/benchmark-report` reads it by. Keys are declared by hand (no macros in
// release benchmark builds).
import Benchmark
import BenchmarkFixtures
import Configuration
import Loom
import LoomConfigurationSources

let benchmarks: @Sendable () -> Void = {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    configurationBenchmarks()
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func configurationBenchmarks() {
    // A key whose root value was loaded from a provider: its box is tracked, so the read pays the tracking check
    // (a flag on the box) on top of an ordinary `Conf` read. Compare with LoomBenchmarks' `conf-read`.
    Benchmark("bound-conf-read", configuration: .operation) { benchmark in
        let sources = ReloadFixtures.boundSources
        precondition(Conf[\.boundTimeout] == 30, "the key was loaded")
        blackHole(sources)
        for _ in benchmark.scaledIterations { blackHole(Conf[\.boundTimeout]) }
    }
    // The same key read as its own baseline, in this run: a plain `Conf` key with a root value set in code.
    Benchmark("unbound-conf-read", configuration: .operation) { benchmark in
        Conf.setRootValue(30, for: \.unboundTimeout)
        for _ in benchmark.scaledIterations { blackHole(Conf[\.unboundTimeout]) }
    }
    // One reload of 1 000 bound keys (each read by one cached singleton) where one key changed: resolve every key
    // from the provider's snapshot, publish the change, drop the one dependent instance. The rebuild of that
    // instance on its next resolve is not measured.
    Benchmark("reload-1000-keys-one-changed", configuration: .reload) { benchmark in
        let fixture = ReloadFixtures.thousand
        let next = fixture.nextValue()
        fixture.provider.setValue(ConfigValue(.int(next), isSecret: false), forKey: fixture.changedKey)
        benchmark.startMeasurement()
        let result = try fixture.sources.apply()
        benchmark.stopMeasurement()
        precondition(result.changedKeys.count == 1 && result.rebuiltInstances == 1, "\(result)")
        let rebuilt = try fixture.resolveChanged()
        precondition(rebuilt == next, "the dependent was rebuilt with the new value")
    }
}

extension Benchmark.Configuration {
    /// A nanosecond-scale operation, run 1 000 times per sample (as in LoomBenchmarks).
    static var operation: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 100, scalingFactor: .kilo,
            maxDuration: .seconds(1), maxIterations: 10_000)
    }

    /// One reload per sample, a few hundred samples.
    static var reload: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 5, scalingFactor: .one,
            maxDuration: .seconds(3), maxIterations: 500)
    }
}
