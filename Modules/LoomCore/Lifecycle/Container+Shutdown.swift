extension Container {
    /// Releases every instance cached by this container's registrations — dependents first — and awaits their release
    /// hooks; the registrations stay, so the next resolve builds anew.
    ///
    /// Returns only once every hook it or a concurrent release started has finished: those that synchronous releases
    /// (a reset, a deactivation) started in a task, and those of another `shutdown()` running at the same time — so a
    /// signal handler awaiting a second call cannot let the process exit while the first one's hooks still run. Every
    /// hook runs even when others fail; an `async` hook that does not finish within `hookTimeout` is reported and no
    /// longer awaited. Parents are not affected; `.instance` values were never cached and are never released. An
    /// instance still being built when this runs is released when its build ends.
    ///
    /// ```swift
    /// container.add { Dependency { Pool() }.scope(.singleton).onRelease { pool async in await pool.close() } }
    /// …
    /// try await container.shutdown()   // pool.close() has returned
    /// ```
    ///
    /// - Parameters:
    ///   - hookTimeout: How long to wait for one `async` release hook; 30 seconds by default.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Throws: ``ReleaseError`` listing every hook that threw or timed out.
    public func shutdown(
        hookTimeout: Duration = .seconds(30), fileID: StaticString = #fileID, line: UInt = #line
    ) async throws {
        await Release.awaitPendingReleases()
        let failures = await Release.performTracked(takeCachedInstances { _ in true }, hookTimeout: hookTimeout)
        await Release.awaitPendingReleases()
        logTarget.log(.debug, "Shut down \(description)", file: fileID, line: line)
        if !failures.isEmpty { throw ReleaseError(failures: failures) }
    }
}

extension DependencyGraph {
    /// Releases every instance cached by the active containers and their parents — dependents first, across
    /// containers — and awaits their release hooks; containers stay active and the next resolve builds anew.
    ///
    /// ```swift
    /// try await DependencyGraph.shutdown()
    /// ```
    ///
    /// - Parameter hookTimeout: How long to wait for one `async` release hook; 30 seconds by default.
    /// - Throws: ``ReleaseError`` listing every hook that threw or timed out.
    public static func shutdown(hookTimeout: Duration = .seconds(30)) async throws {
        await Release.awaitPendingReleases()
        let releases = reachableContainers.flatMap { $0.takeCachedInstances { _ in true } }
        let failures = await Release.performTracked(releases, hookTimeout: hookTimeout)
        await Release.awaitPendingReleases()
        if !failures.isEmpty { throw ReleaseError(failures: failures) }
    }
}
