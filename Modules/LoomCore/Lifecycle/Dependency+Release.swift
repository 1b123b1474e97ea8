extension Dependency where Value: Sendable {
    /// Runs `hook` once for each cached instance when it leaves its cache: deactivation, `cleanup`, a reset, a managed
    /// scope's invalidation, the end of a request or test scope, `shutdown()`.
    ///
    /// Instances are released dependents first (an instance before the ones it was built from), each exactly once,
    /// never while Loom holds a lock. `.instance` values are not cached and are never released by Loom; a `.shared`
    /// instance is released only if it is still alive when its cache lets go.
    ///
    /// ```swift
    /// Dependency { Database() }.scope(.singleton).onRelease { database in database.close() }
    /// ```
    /// - Parameter hook: The teardown; an error it throws is logged (or collected by `shutdown()`).
    /// - Returns: The dependency with the hook.
    @inlinable
    public func onRelease(_ hook: @escaping @Sendable (Value) throws -> Void) -> Dependency {
        var copy = self
        copy.releaseHook = ReleaseHook(hook)
        return copy
    }

    /// Runs the `async` `hook` once for each cached instance when it leaves its cache; `shutdown()` and the `async`
    /// `withScope` await it.
    ///
    /// A synchronous trigger (a reset, a deactivation, the end of a synchronous scope) starts it in a task, after the
    /// synchronous hooks released before it.
    ///
    /// ```swift
    /// Dependency { Pool() }.scope(.singleton).onRelease { pool async in await pool.shutdown() }
    /// ```
    /// - Parameter hook: The teardown; an error it throws is collected by `shutdown()` (or logged).
    /// - Returns: The dependency with the hook.
    @inlinable
    public func onRelease(_ hook: @escaping @Sendable (Value) async throws -> Void) -> Dependency {
        var copy = self
        copy.releaseHook = ReleaseHook(hook)
        return copy
    }
}
