import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times code the way DESIGN.md §10 asks: warm up, calibrate a batch size, run several rounds, report the median.
///
/// Every case hands the runner a closure that performs `iterations` operations in its own loop, so the loop is
/// specialised and inlined in the case's code and the closure call is paid once per round, not per operation.
struct BenchmarkRunner: Sendable {
    /// Rounds per measurement; the median is reported.
    var rounds: Int
    /// How long one round should take, in nanoseconds; longer rounds smooth out scheduling noise.
    var roundNanoseconds: Double

    /// The full run: 15 rounds of about 20 ms per measurement.
    static let standard = BenchmarkRunner(rounds: 15, roundNanoseconds: 20_000_000)
    /// A smoke run for CI and development: 5 rounds of about 2 ms.
    static let quick = BenchmarkRunner(rounds: 5, roundNanoseconds: 2_000_000)

    /// The median time of one operation, in nanoseconds.
    ///
    /// - Parameter body: Performs the operation `iterations` times.
    /// - Returns: The median nanoseconds per operation.
    func nanosecondsPerOperation(_ body: (_ iterations: Int) -> Void) -> Double {
        let iterations = calibratedIterations(body)
        body(iterations)  // warm-up: caches, branch predictors, lazily built state
        let samples = (0..<rounds).map { _ in BenchmarkClock.nanoseconds { body(iterations) } / Double(iterations) }
        return Self.median(samples)
    }

    /// The median time of one operation when `body` performs a fixed batch of `batchSize` of them per round on
    /// state `setUp` prepared, so that neither preparing nor tearing down the state is timed.
    ///
    /// For operations that need fresh state per batch, such as registering into new containers.
    func nanosecondsPerOperation<State>(
        batchSize: Int, setUp: () -> State, _ body: (State) -> Void
    ) -> Double {
        body(setUp())
        let samples = (0..<rounds).map { _ in
            let state = setUp()
            let elapsed = BenchmarkClock.nanoseconds { body(state) }
            withExtendedLifetime(state) {}
            return elapsed / Double(batchSize)
        }
        return Self.median(samples)
    }

    /// How much faster `threads` threads perform the operation together than one thread alone: their combined
    /// throughput divided by one thread's (1.0 means no gain, `threads` means perfect scaling).
    ///
    /// - Parameters:
    ///   - threads: How many threads run the operation at once.
    ///   - body: Performs the operation `iterations` times; called on several threads at once.
    /// - Returns: The median ratio of combined throughput to one thread's.
    func throughputScaling(threads: Int, _ body: @escaping @Sendable (_ iterations: Int) -> Void) -> Double {
        let iterations = calibratedIterations(body)
        body(iterations)
        let ratios = (0..<rounds).map { _ in
            let alone = BenchmarkClock.nanoseconds { body(iterations) }
            let together = BenchmarkClock.nanoseconds {
                DispatchQueue.concurrentPerform(iterations: threads) { _ in body(iterations) }
            }
            return Double(threads) * alone / together
        }
        return Self.median(ratios)
    }

    /// The median of `samples` (the mean of the middle two for an even count).
    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// A fixed batch size from `LOOM_BENCHMARK_ITERATIONS`, for counting instructions under callgrind, where
    /// calibrating by time would be meaningless.
    private static let fixedIterations: Int? = {
        guard let text = getenv("LOOM_BENCHMARK_ITERATIONS") else { return nil }
        return Int(String(cString: text))
    }()

    /// Doubles the batch until one takes a tenth of a round, then scales it to a full round.
    private func calibratedIterations(_ body: (Int) -> Void) -> Int {
        if let fixed = Self.fixedIterations { return fixed }
        var iterations = 16
        while true {
            let elapsed = BenchmarkClock.nanoseconds { body(iterations) }
            if elapsed >= roundNanoseconds / 10 || iterations >= 1 << 32 {
                return max(1, Int(Double(iterations) * roundNanoseconds / max(elapsed, 1)))
            }
            iterations *= 2
        }
    }
}
