internal import LoomCore

/// Binding `Conf.withValue(s)` overrides: the values of a ``ConfContext`` become the current task's
/// ``KeyOverrides`` in its resolution context (one task-local push), inherited by child tasks.
///
/// The task's overrides form one layer over the root values. It holds only the keys it (and the layers around it)
/// override; every other key reads through to the current root value.
enum OverrideLayer {
    /// The current task's overrides, without the task-local read while no override exists in the process.
    @inline(__always)
    static var active: KeyOverrides? { ResolutionContext.activeKeyOverrides }

    /// Runs `operation` with `context` as the current task's overrides.
    static func run<R>(_ context: ConfContext, operation: () throws -> R) rethrows -> R {
        try ResolutionContext.with({ $0.keyOverrides = KeyOverrides(context) }, operation: operation)
    }

    /// Runs `operation` with `context` as the current task's overrides, on the caller's executor.
    static func run<R>(
        _ context: ConfContext, isolation: isolated (any Actor)?, operation: () async throws -> R
    ) async rethrows -> R {
        try await ResolutionContext.with(
            { $0.keyOverrides = KeyOverrides(context) }, isolation: isolation, operation: operation)
    }
}
extension KeyOverrides {
    /// Overrides holding exactly the values of `context` (which starts from the current overrides).
    convenience init(_ context: ConfContext) {
        self.init(values: KeyValueTable(context.values), mainActorValues: context.mainActorValues)
    }
}
