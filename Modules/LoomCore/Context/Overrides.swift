internal import LoomRuntime

/// The overrides the current task resolves through — test dependencies (`withTestDependencies`, the `.dependencies`
/// trait) and configuration values (`Conf.withValue`) — captured to be used again by work that escapes them.
///
/// Task-local overrides reach child tasks only; a `Task.detached`, a callback from another thread or a completion
/// handler runs without them. Capture them where the work is created and run it inside the capture:
///
/// ```swift
/// let captured = Overrides.current
/// queue.async {
///     captured.run { report.send() }   // resolves through the test's overrides
/// }
/// ```
///
/// Only the overrides are captured: not the lookup policy (`Container.withLookupPolicy`), the run mode, a request
/// scope or a construction in progress, which belong to the task that runs the work. An `@Injected` property does the
/// same by itself: one created inside overrides resolves through them even when first read outside, later.
public struct Overrides: Sendable {
    /// The test-override scope, if any.
    package let overlay: ResolutionOverlay?
    /// The configuration values, if any.
    package let keyOverrides: KeyOverrides?

    /// The current task's overrides; empty outside any.
    ///
    /// ```swift
    /// let captured = Overrides.current
    /// Task.detached { await captured.run { await syncer.run() } }
    /// ```
    public static var current: Overrides {
        captured ?? Overrides(overlay: nil, keyOverrides: nil)
    }

    /// Whether there is nothing to apply: captured outside any override.
    ///
    /// ```swift
    /// if Overrides.current.isEmpty { … }   // no test dependencies or configuration values here
    /// ```
    public var isEmpty: Bool { overlay == nil && keyOverrides == nil }

    /// The current task's overrides, or `nil` outside any: while no override exists in the process, two loads of
    /// process words and no task-local read (what a property wrapper pays when it is created).
    @inline(__always)
    package static var captured: Overrides? {
        guard ProcessCounter.activeOverlays.isNonZero || ProcessCounter.activeKeyOverrides.isNonZero else { return nil }
        return capturedSlowly()
    }

    private static func capturedSlowly() -> Overrides? {
        guard let context = ResolutionContext.current, context.overlay != nil || context.keyOverrides != nil else {
            return nil
        }
        return Overrides(overlay: context.overlay, keyOverrides: context.keyOverrides)
    }

    /// Whether the current task already resolves through these overrides.
    ///
    /// That is the same ones, or test overrides nested inside them (which see theirs); a field that is empty here is
    /// satisfied by anything.
    package var areCurrent: Bool {
        let context = ResolutionContext.current
        if let keyOverrides, context?.keyOverrides !== keyOverrides { return false }
        guard let overlay = self.overlay else { return true }
        var current = context?.overlay
        while let candidate = current {
            if candidate === overlay { return true }
            current = candidate.parent
        }
        return false
    }

    /// Runs `operation` with these overrides in front of the current task's: each field set here replaces the current
    /// one, the others stay (what an `@Injected` property created inside overrides does when it resolves).
    package func runOverCurrent<R>(_ operation: () throws -> R) rethrows -> R {
        try ResolutionContext.with({ merge(into: &$0) }, operation: operation)
    }

    /// ``runOverCurrent(_:)`` for async work, on the caller's executor.
    package func runOverCurrent<R>(isolation: isolated (any Actor)?, _ operation: () async throws -> R) async rethrows
        -> R
    {
        try await ResolutionContext.with({ merge(into: &$0) }, isolation: isolation, operation: operation)
    }

    private func merge(into fields: inout ResolutionContext.Fields) {
        if let overlay { fields.overlay = overlay }
        if let keyOverrides { fields.keyOverrides = keyOverrides }
    }

    /// Runs `operation` with these overrides as the current task's (in place of any it has).
    ///
    /// ```swift
    /// let captured = Overrides.current
    /// DispatchQueue.global().async { captured.run { model.refresh() } }
    /// ```
    /// - Parameter operation: The work to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func run<R>(_ operation: () throws -> R) rethrows -> R {
        if isEmpty, ResolutionContext.current == nil { return try operation() }
        return try ResolutionContext.with(
            { fields in
                fields.overlay = overlay
                fields.keyOverrides = keyOverrides
            }, operation: operation)
    }

    /// Runs async `operation` with these overrides as the current task's, on the caller's executor.
    ///
    /// ```swift
    /// let captured = Overrides.current
    /// Task.detached { try await captured.run { try await uploader.flush() } }
    /// ```
    /// - Parameters:
    ///   - isolation: The caller's isolation, kept for `operation`; inferred.
    ///   - operation: The work to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func run<R>(isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R) async rethrows
        -> R
    {
        if isEmpty, ResolutionContext.current == nil { return try await operation() }
        return try await ResolutionContext.with(
            { fields in
                fields.overlay = overlay
                fields.keyOverrides = keyOverrides
            }, isolation: isolation, operation: operation)
    }
}
