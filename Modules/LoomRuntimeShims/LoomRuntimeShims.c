#include "LoomRuntimeShims.h"

__thread void *_Nullable loom_thread_state LOOM_TLS_MODEL = 0;

uintptr_t loom_global_words[32] __attribute__((aligned(64))) = {0};
uintptr_t loom_type_memo_words[LOOM_TYPE_MEMO_SLOTS * LOOM_TYPE_MEMO_COUNT] __attribute__((aligned(64))) = {0};

#if defined(__APPLE__)
void loom_mutex_init(loom_mutex_t *mutex) { mutex->lock = OS_UNFAIR_LOCK_INIT; }
void loom_mutex_destroy(loom_mutex_t *mutex) { (void)mutex; }
void loom_mutex_lock(loom_mutex_t *mutex) { os_unfair_lock_lock(&mutex->lock); }
void loom_mutex_unlock(loom_mutex_t *mutex) { os_unfair_lock_unlock(&mutex->lock); }
#else
void loom_mutex_init(loom_mutex_t *mutex) { pthread_mutex_init(&mutex->lock, 0); }
void loom_mutex_destroy(loom_mutex_t *mutex) { pthread_mutex_destroy(&mutex->lock); }
void loom_mutex_lock(loom_mutex_t *mutex) { pthread_mutex_lock(&mutex->lock); }
void loom_mutex_unlock(loom_mutex_t *mutex) { pthread_mutex_unlock(&mutex->lock); }
#endif

#if defined(__linux__) && defined(__has_include)
#if __has_include(<linux/membarrier.h>)
#define LOOM_HAS_MEMBARRIER 1
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#endif

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
// ThreadSanitizer cannot see the ordering a membarrier provides; sanitized builds keep fencing in every reader.
#define LOOM_SANITIZED 1
#endif
#endif

int loom_membarrier_register(void) {
#if defined(LOOM_HAS_MEMBARRIER) && !defined(LOOM_SANITIZED)
    long commands = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (commands < 0 || !(commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED)) return 0;
    return syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
#else
    return 0;
#endif
}

int loom_membarrier(void) {
#if defined(LOOM_HAS_MEMBARRIER)
    return (int)syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
#else
    return -1;
#endif
}

// libdispatch's public C entry point, which every platform with Swift's Dispatch links. Declared rather than included:
// on Linux its header is not on a C target's include path.
extern void *dispatch_get_specific(const void *key);

int loom_queue_has_specific(uintptr_t key) { return dispatch_get_specific((const void *)key) != NULL; }

#if defined(__APPLE__)
#include <pthread.h>
int loom_is_main_thread(void) { return pthread_main_np() == 1; }
#elif defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
int loom_is_main_thread(void) { return (pid_t)syscall(SYS_gettid) == getpid(); }
#else
int loom_is_main_thread(void) { return 0; }
#endif
