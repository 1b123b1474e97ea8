// LoomRuntimeShims: the C half of LoomRuntime (only LoomRuntime imports it) — the few primitives Loom's engine needs
// and Swift cannot express portably at Loom's platform floor (macOS 14 / iOS 17, where Synchronization's Atomic is
// unavailable):
//   * atomic operations on pointer-sized words, with explicit memory orders;
//   * one thread-local pointer slot, read with a single instruction on ELF platforms.
//   * the platform's plain mutex, as a type of this module.
// The atomics are `static inline` so Swift callers compile them to the bare instructions.
#ifndef LOOM_RUNTIME_SHIMS_H
#define LOOM_RUNTIME_SHIMS_H

#include <stdbool.h>
#include <stdint.h>

// The platform's plain mutex as a type of this module, so that LoomRuntime's inlinable lock (specialised in every
// module that uses it) names no C library type; its operations are out of line (LoomRuntimeShims.c).
#if defined(__APPLE__)
#include <os/lock.h>
typedef struct { os_unfair_lock lock; } loom_mutex_t;
#else
#include <pthread.h>
typedef struct { pthread_mutex_t lock; } loom_mutex_t;
#endif

#if defined(__ELF__)
#define LOOM_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define LOOM_TLS_MODEL
#endif

#pragma clang assume_nonnull begin

// MARK: - Atomic words

static inline __attribute__((always_inline)) uintptr_t loom_atomic_load_relaxed(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline __attribute__((always_inline)) uintptr_t loom_atomic_load_acquire(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline __attribute__((always_inline)) uintptr_t loom_atomic_load_seq_cst(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

static inline __attribute__((always_inline)) uintptr_t loom_atomic_fetch_add_seq_cst(uintptr_t *word, uintptr_t value) {
    return __atomic_fetch_add(word, value, __ATOMIC_SEQ_CST);
}

static inline __attribute__((always_inline)) void loom_atomic_store_relaxed(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

static inline __attribute__((always_inline)) void loom_atomic_store_release(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static inline __attribute__((always_inline)) void loom_atomic_store_seq_cst(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

static inline __attribute__((always_inline)) uintptr_t loom_atomic_exchange_acq_rel(uintptr_t *word, uintptr_t value) {
    return __atomic_exchange_n(word, value, __ATOMIC_ACQ_REL);
}

/// Compare-and-swap; returns true when `word` held `expected` and now holds `desired`.
static inline __attribute__((always_inline)) bool
loom_atomic_compare_exchange_acq_rel(uintptr_t *word, uintptr_t expected, uintptr_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

static inline __attribute__((always_inline)) uintptr_t loom_atomic_fetch_add_relaxed(uintptr_t *word, uintptr_t value) {
    return __atomic_fetch_add(word, value, __ATOMIC_RELAXED);
}

static inline __attribute__((always_inline)) uintptr_t loom_atomic_fetch_add_acq_rel(uintptr_t *word, uintptr_t value) {
    return __atomic_fetch_add(word, value, __ATOMIC_ACQ_REL);
}

static inline __attribute__((always_inline)) uintptr_t loom_atomic_fetch_sub_acq_rel(uintptr_t *word, uintptr_t value) {
    return __atomic_fetch_sub(word, value, __ATOMIC_ACQ_REL);
}

static inline __attribute__((always_inline)) void loom_atomic_thread_fence_seq_cst(void) {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/// Stops the compiler from moving memory accesses across this point; emits no instruction.
static inline __attribute__((always_inline)) void loom_compiler_barrier(void) {
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

// MARK: - Asymmetric fences

/// Registers the process for `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)`; returns 1 when readers may rely on
/// `loom_membarrier()` instead of fencing themselves, 0 where the kernel (or a sanitizer) does not allow it.
int loom_membarrier_register(void);

/// Makes every running thread of the process execute a full memory barrier; returns 0 on success.
int loom_membarrier(void);

// MARK: - Mutex

/// Initialises the mutex at `mutex` (uninitialised memory).
void loom_mutex_init(loom_mutex_t *mutex);
/// Tears the mutex down; the memory is uninitialised afterwards.
void loom_mutex_destroy(loom_mutex_t *mutex);
void loom_mutex_lock(loom_mutex_t *mutex);
void loom_mutex_unlock(loom_mutex_t *mutex);

// MARK: - Threads

/// 1 when the calling thread is the process's main thread, else 0 (a system call on Linux: cache the answer).
int loom_is_main_thread(void);
/// 1 when the queue running the calling code carries a value for `key` (`dispatch_get_specific`), else 0.
int loom_queue_has_specific(uintptr_t key);

// MARK: - Process-wide words

/// Settings read on every resolution, as plain words so reading one is a single load (no lazy-global check).
/// Index meanings are owned by LoomRuntime's `ProcessWord` enum.
/// 64-byte aligned: words 0–15 are read on hot paths; words 16–23 (a cache line of their own) are written whenever a
/// registration or a cached instance changes, which must not invalidate the lines the readers use.
extern uintptr_t loom_global_words[32];

static inline __attribute__((always_inline)) uintptr_t *loom_global_word(int index) {
    return &loom_global_words[index];
}

// MARK: - Process-wide type memos

/// The words of LoomRuntime's process-wide `TypeMemo`s, `LOOM_TYPE_MEMO_SLOTS` per memo, in static storage so reading
/// one needs no lazy-global check. Memo indices are owned by LoomRuntime's `TypeMemo.ProcessMemo`.
#define LOOM_TYPE_MEMO_SLOTS 256
#define LOOM_TYPE_MEMO_COUNT 1
extern uintptr_t loom_type_memo_words[LOOM_TYPE_MEMO_SLOTS * LOOM_TYPE_MEMO_COUNT];

static inline __attribute__((always_inline)) uintptr_t *loom_type_memo(int index) {
    return &loom_type_memo_words[index * LOOM_TYPE_MEMO_SLOTS];
}

// MARK: - Thread-local slot

/// The calling thread's engine state (an unmanaged Swift object), or NULL before its first resolution.
extern __thread void *_Nullable loom_thread_state LOOM_TLS_MODEL;

static inline __attribute__((always_inline)) void *_Nullable loom_thread_state_get(void) {
    return loom_thread_state;
}

static inline __attribute__((always_inline)) void loom_thread_state_set(void *_Nullable state) {
    loom_thread_state = state;
}

#pragma clang assume_nonnull end

#endif
