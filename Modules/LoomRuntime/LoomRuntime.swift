// LoomRuntime: every unsafe or lock-free primitive of Loom, behind a small typed API, and nothing else.
//
// Not a product: LoomCore and LoomKeys build on it, and their inlinable front doors (specialised in client modules)
// reach its `@usableFromInline` members. Above this target, Loom's code is ordinary Swift: no `Unmanaged`, no
// pointers carried as integers, no metadata reads, no private runtime symbols. The pieces:
//
// - Atomics/        AtomicCounter; ProcessWord (process-wide words read on hot paths) and the structures the modules
//                   above use instead (ProcessCounter, ProcessSetting, SettledMemosFlag); the raw word operations
// - Locks/          LoomLock (a mutex owning its state, at Loom's platform floor)
// - Platform/       the C library: mutexes, a condition variable, thread-exit hooks, standard error
// - Reclamation/    ReadSection, ReadLease and Leased (lock-free reads, grace periods), AtomicReference, Reclamation
// - Threads/        per-thread state: read-section sequence, ResolutionFrames, FrameChain, ConstructionFlow
// - Construction/   OnceSlot (exactly-once construction), InstanceBox, ConstructionGate, ValueCellSlot
// - Tables/         ConcurrentTable and TableHash, the one lock-free hash table and its hash function; GrowingTable
//                   (a table replaced by larger copies, with its writers' lock); AppendOnlyList (a request's caches)
// - Types/          TypeKey (a type's identity as the tables key it), TypeShape (metadata kinds), StringShape, TypeMemo
