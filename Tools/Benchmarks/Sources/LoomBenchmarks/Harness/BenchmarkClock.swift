import BenchmarkShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands a value to code the optimiser cannot see into, so the work that produced it is never removed.
///
/// Not inlined and not optimised, so its cost (one call) is the same in every case and cancels out in ratios.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Reads the monotonic clock and the allocator's counters for the benchmark runner.
enum BenchmarkClock {
    /// Nanoseconds since an arbitrary fixed point.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Nanoseconds `body` took.
    static func nanoseconds(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return Double(now() - start)
    }

    /// Bytes currently allocated through `malloc`, including large blocks served by `mmap`.
    static func allocatedBytes() -> Int {
        Int(benchmark_allocated_bytes())
    }
}
