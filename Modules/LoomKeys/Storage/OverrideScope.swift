internal import LoomCore

/// The key values overridden for the current task by `Conf.withValue(s)`, inherited by child tasks.
///
/// A scope holds only the keys it (and the scopes around it) override; every other key reads through to the
/// current root value. Each live scope object counts itself in a process-wide word, from creation to `deinit`, so a
/// read skips the task-local lookup entirely while no scope exists anywhere. Counting object lifetimes rather than
/// `withValue` calls keeps the count right for unstructured tasks that inherited a scope and outlive it.
final class OverrideScope: Sendable {
    /// Overridden values of Sendable keys (`ConfKey`, `InjectionKey`).
    let values: KeyTable
    /// Overridden values of main-actor keys, readable only on the main actor.
    let mainActorValues: MainActorValueTable?

    /// The innermost scope of the current task, if any.
    @TaskLocal static var current: OverrideScope?

    init(values: [ObjectIdentifier: any ErasedValue], mainActorValues: MainActorValueTable?) {
        self.values = KeyTable(values)
        self.mainActorValues = mainActorValues
        GlobalWord.activeConfOverrideScopes.increment()
    }

    deinit {
        GlobalWord.activeConfOverrideScopes.decrement()
    }

    /// The current task's scope, without the task-local lookup when no scope exists in the process.
    @inline(__always)
    static var active: OverrideScope? {
        GlobalWord.activeConfOverrideScopes.relaxedValue == 0 ? nil : current
    }

    /// The current task's scope as unretained bits (`0`: none), without the task-local lookup when no scope exists,
    /// and without `TaskLocal.get()`'s unspecialised copy and retain.
    @inline(__always)
    static var activeBits: UInt {
        GlobalWord.activeConfOverrideScopes.relaxedValue == 0 ? 0 : $current.currentObjectBits()
    }

    /// A scope holding exactly the values of `context` (which starts from the current overrides).
    convenience init(_ context: ConfContext) {
        self.init(values: context.values, mainActorValues: context.mainActorValues)
    }
}

extension OverrideScope {
    /// Runs `operation` with `context` as the current task's overrides.
    static func run<R>(_ context: ConfContext, operation: () throws -> R) rethrows -> R {
        try $current.withValue(OverrideScope(context), operation: operation)
    }

    /// Runs `operation` with `context` as the current task's overrides, on the caller's executor.
    static func run<R>(
        _ context: ConfContext, isolation: isolated (any Actor)?, operation: () async throws -> R
    ) async rethrows -> R {
        try await $current.withValue(OverrideScope(context), operation: operation, isolation: isolation)
    }
}
