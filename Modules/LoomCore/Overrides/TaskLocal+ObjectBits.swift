/// The runtime entry point behind `TaskLocal.get()`: the address of the current binding's value, or `nil` when the
/// task-local is not bound in the current task (or, outside a task, on the current thread).
///
/// Declared here because `TaskLocal.get()` is not inlinable: called from Loom it runs unspecialised, copying the
/// value through value witnesses and retaining it, which costs more than the rest of a key read. The symbol is part of
/// the Concurrency runtime's ABI (the key is the `TaskLocal` object's address, as `TaskLocal.key` spells it).
@_silgen_name("swift_task_localValueGet")
private func loomTaskLocalValueGet(key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

extension TaskLocal {
    /// The current value of a task-local holding an optional class instance, as unretained bits (`0` for `nil`).
    ///
    /// The object stays alive for as long as the binding does, so a synchronous read inside the binding may use it
    /// without retaining it.
    @inline(__always)
    package func currentObjectBits<Object: AnyObject>() -> UInt where Value == Object? {
        let key = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        guard let storage = loomTaskLocalValueGet(key: key) else { return 0 }
        // `Optional<Object>` is one pointer, `nil` being zero.
        return storage.load(as: UInt.self)
    }
}
