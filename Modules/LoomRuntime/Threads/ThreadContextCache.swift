/// The object bound by the innermost *synchronous* binding on the calling thread, for the task that opened it — a
/// cache in front of a `TaskLocal` read.
///
/// Reading a task-local value through `TaskLocal.get()` costs a runtime lookup plus an unspecialised copy and retain,
/// about twenty nanoseconds. A synchronous binding (`withValue(_:operation:)` with a non-async closure) runs start to end
/// on one thread, and while it does, the only code on that thread is its own — or, if it spins a run loop, jobs of
/// other tasks. So the binding also records its object here, tagged with the current task; a reader from the same task
/// on the same thread gets it with a task-identity check, and everyone else (another task, no synchronous binding,
/// an asynchronous binding) falls back to the task-local. Outside any task the tag is `0`, and the task-local's
/// thread fallback behaves exactly like this cache.
///
/// ```swift
/// ThreadContextCache.run(context) {               // alongside `$current.withValue(context) { … }`
///     ThreadContextCache.object(as: Context.self)  // context, from this task on this thread
/// }
/// ```
@usableFromInline
package enum ThreadContextCache {
    /// The current task's identity, `0` outside any task.
    @inlinable @inline(__always)
    static var currentTaskBits: UInt {
        // `UnsafeCurrentTask?` is one reference to the task, `nil` being zero (`ThreadContextCacheTests` pins that
        // layout): reading its bits copies nothing, where unwrapping it retained and released the task.
        withUnsafeCurrentTask { task in unsafeBitCast(task, to: UInt.self) }
    }

    /// The object of the innermost synchronous binding the current task opened on this thread, unretained (the binding
    /// keeps it alive until it ends: read it under ``ReadLease/empty``); `nil` when there is none, and then only the
    /// task-local can answer.
    @inlinable @inline(__always)
    package static func object<Object: AnyObject>(as type: Object.Type) -> Leased<Object>? {
        let words = ThreadState.currentWords
        guard let raw = UnsafeRawPointer(bitPattern: words[10]), words[9] == currentTaskBits else { return nil }
        return Leased(reference: .fromOpaque(raw))
    }

    /// Runs `operation` with `object` recorded as the innermost synchronous binding's object on this thread.
    ///
    /// Call it inside the `TaskLocal.withValue(_:operation:)` that binds the same object, with the same operation.
    @inlinable
    package static func run<Result>(_ object: AnyObject, _ operation: () throws -> Result) rethrows -> Result {
        let words = ThreadState.currentWords
        let saved = (words[9], words[10])
        words[9] = currentTaskBits
        words[10] = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        defer { (words[9], words[10]) = saved }
        return try operation()
    }
}
