import Benchmark
import BenchmarkFixtures
import Dispatch
import Loom

/// Two threads resolving one cached singleton, as a throughput ratio to one thread (targets: the value-type singleton
/// ≥ 1.5×, the class singleton ≥ 0.8× the retained-read floor; Documentation/Design/performance-targets.md#two-threads),
/// and the two floors.
///
/// Each sample times a batch of about 20 ms on one thread, then the same batch on each of two threads at once, and
/// records their combined throughput over the one thread's (in thousandths); the report takes the median sample.
func threadBenchmarks() {
    let configuration = Benchmark.Configuration.computed(.twoThreadScaling, samples: 15)
    Benchmark("threads-singleton-value", configuration: configuration) { benchmark in
        benchmark.measurement(.twoThreadScaling, ThreadScaling.valueSingleton.sample())
    }
    Benchmark("threads-singleton-class", configuration: configuration) { benchmark in
        benchmark.measurement(.twoThreadScaling, ThreadScaling.classSingleton.sample())
    }
    Benchmark("threads-floor-static-let", configuration: configuration) { benchmark in
        benchmark.measurement(.twoThreadScaling, ThreadScaling.staticLet.sample())
    }
    // The same shared instance, retained and released by each read: no lookup at all, only the reference count both
    // threads must update. A class singleton cannot scale better than this on any container.
    Benchmark("threads-floor-retained", configuration: configuration) { benchmark in
        benchmark.measurement(.twoThreadScaling, ThreadScaling.retained.sample())
    }
}

/// One operation measured alone and on two threads at once, with its batch size calibrated once.
final class ThreadScaling: Sendable {
    static let valueSingleton = ThreadScaling { iterations in
        let container = LoomFixtures.container
        resolving { for _ in 0..<iterations { blackHole(try container.resolve(ValueService.self)) } }
    }
    static let classSingleton = ThreadScaling { iterations in
        let container = LoomFixtures.container
        resolving { for _ in 0..<iterations { blackHole(try container.resolve(Service.self)) } }
    }
    static let staticLet = ThreadScaling { iterations in
        for _ in 0..<iterations { blackHole(StaticLetFloor.service) }
    }
    static let retained = ThreadScaling { iterations in
        for _ in 0..<iterations { StaticLetFloor.retainAndRelease() }
    }

    /// Performs the operation `iterations` times.
    private let body: @Sendable (_ iterations: Int) -> Void
    /// The batch one thread takes about 20 ms for.
    private let iterations: Int

    private init(_ body: @escaping @Sendable (_ iterations: Int) -> Void) {
        self.body = body
        body(16)  // warm-up: the fixtures the operation reads are built on first use
        var iterations = 16
        while true {
            let elapsed = Self.nanoseconds { body(iterations) }
            if elapsed >= 2_000_000 || iterations >= 1 << 32 {
                self.iterations = max(1, Int(Double(iterations) * 20_000_000 / max(elapsed, 1)))
                break
            }
            iterations *= 2
        }
    }

    /// Two threads' combined throughput over one thread's, in thousandths.
    func sample() -> Int {
        let iterations = iterations
        let body = body
        let alone = Self.nanoseconds { body(iterations) }
        let together = Self.nanoseconds {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in body(iterations) }
        }
        return Int((2 * alone / together * 1_000).rounded())
    }

    private static func nanoseconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }
}

/// Runs a loop whose resolutions cannot fail once the fixtures are set up; a failure is a broken benchmark.
@inline(__always)
func resolving(_ body: () throws -> Void) {
    do {
        try body()
    } catch {
        fatalError("a benchmark resolution failed: \(error)")
    }
}
