#include "LoomCoreShims.h"

__thread void *_Nullable loom_thread_state LOOM_TLS_MODEL = 0;

uintptr_t loom_global_words[8] = {0};
