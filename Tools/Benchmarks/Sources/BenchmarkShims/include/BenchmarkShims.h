// BenchmarkShims: the allocator figures the memory benchmark reports, which Swift's Glibc module does not expose.
#ifndef BENCHMARK_SHIMS_H
#define BENCHMARK_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/// Bytes currently allocated through malloc, including large blocks served by mmap; 0 where unknown.
size_t benchmark_allocated_bytes(void);

/// Allocations made minus allocations freed while package-benchmark's malloc interposer was counting, or 0 when the
/// interposer is not loaded (the benchmark executable run on its own).
///
/// The interposer prefixes every allocation with a 16-byte header, which `benchmark_allocated_bytes` sees; the memory
/// benchmark subtracts 16 bytes per live allocation so that its figure is what an app without the interposer pays.
int64_t benchmark_interposer_live_allocations(void);

#endif
