import Benchmark

extension Benchmark.Configuration {
    /// A nanosecond-scale operation, run 1 000 times per sample (the scaling factor).
    ///
    /// The clock's own cost is spread over a thousand operations, and every figure reads per operation. Wall time
    /// feeds the targets table; the allocation count is what `Scripts/check-allocations` gates (throughput is there
    /// because package-benchmark's JMH export, which `Scripts/benchmark-report` reads, needs it).
    static var operation: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: 100,
            scalingFactor: .kilo,
            maxDuration: .seconds(1),
            maxIterations: 10_000
        )
    }

    /// An operation that takes milliseconds, such as activating 100 000 registrations: one per sample, a few samples.
    static var bulk: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: 1,
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: 5
        )
    }

    /// A figure computed inside the benchmark and reported as `metric`, such as a throughput ratio.
    ///
    /// One per sample. With `countingAllocations`, the malloc interposer counts while the benchmark runs (it counts only for
    /// benchmarks that report an allocation metric).
    static func computed(
        _ metric: BenchmarkMetric, samples: Int, countingAllocations: Bool = false
    ) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, metric] + (countingAllocations ? [.mallocCountTotal] : []),
            warmupIterations: 1,
            scalingFactor: .one,
            maxDuration: .seconds(30),
            maxIterations: samples
        )
    }
}

extension BenchmarkMetric {
    /// Two threads' combined throughput over one thread's, in thousandths (1 500 is 1.5×): package-benchmark records
    /// integers.
    static var twoThreadScaling: BenchmarkMetric { .custom("twoThreadScaling", polarity: .prefersLarger) }

    /// Bytes of memory per registration, registered and indexed.
    static var bytesPerRegistration: BenchmarkMetric { .custom("bytesPerRegistration") }
}
