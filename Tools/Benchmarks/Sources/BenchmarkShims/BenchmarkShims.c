#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "BenchmarkShims.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <malloc.h>

size_t benchmark_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#elif defined(__APPLE__)
#include <dlfcn.h>
#include <malloc/malloc.h>

size_t benchmark_allocated_bytes(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}
#else
size_t benchmark_allocated_bytes(void) { return 0; }
#endif

typedef void (*interposer_statistics_t)(int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *);

int64_t benchmark_interposer_live_allocations(void) {
#if defined(__linux__) || defined(__APPLE__)
    interposer_statistics_t statistics = (interposer_statistics_t)dlsym(RTLD_DEFAULT, "malloc_interposer_get_stats");
    if (statistics == NULL) return 0;
    int64_t mallocs = 0, bytes = 0, small = 0, large = 0, frees = 0, freedBytes = 0;
    statistics(&mallocs, &bytes, &small, &large, &frees, &freedBytes);
    return mallocs - frees;
#else
    return 0;
#endif
}
