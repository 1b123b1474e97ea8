// BenchmarkShims: the allocator statistics the benchmarks report, which Swift's Glibc module does not expose.
#ifndef BENCHMARK_SHIMS_H
#define BENCHMARK_SHIMS_H

#include <stddef.h>

/// Bytes currently allocated through malloc, including large blocks served by mmap; 0 where unknown.
size_t benchmark_allocated_bytes(void);

#endif
