extension DependencyGraph {
    /// Resolves every parameterless registration of the active containers in a sandbox and reports what is wrong:
    /// missing dependencies (with the path that needed them), cycles, ambiguities and captive dependencies.
    ///
    /// Use it as one expectation in an app's test suite, or in a `doctor` command at run time, to find a missing
    /// registration before production does. Nothing is created in the live graph: instances built while verifying
    /// live in the sandbox and are released before this returns, and root values that factories set stay in it.
    /// Registrations that need factory arguments or an enclosing object are listed in
    /// ``VerificationReport/skipped``, and so are those only ``loadAndVerify()`` can build: `async` factories, and
    /// factories isolated to an actor the caller is not on.
    ///
    /// ```swift
    /// @Test func appGraphIsHealthy() {
    ///     DependencyGraph.activate(appContainer)
    ///     let report = DependencyGraph.verify()
    ///     #expect(report.isHealthy, "\(report)")
    /// }
    /// ```
    ///
    /// > Important: Factories run (in the sandbox), so side effects outside Loom — opening a file, starting a
    /// > timer — happen; so do the release hooks (`onRelease`) of the instances the sandbox built, when it ends. Keep
    /// > such work out of factories or behind a dependency the test overrides. `.scoped` registrations are built in a
    /// > request scope of the sandbox's own.
    ///
    /// - Returns: The report; ``VerificationReport/isHealthy`` when nothing was found.
    public static func verify() -> VerificationReport {
        DependencyVerifier.verify(GraphSource())
    }

    /// ``verify()`` for graphs with `async` and actor-isolated registrations: loads every parameterless
    /// registration in the sandbox — awaiting `async` factories, building actor-isolated ones on their actors — and
    /// reports what is wrong, with the edges their factories' loads and resolves recorded.
    ///
    /// A separate name rather than an `async` overload of `verify()`, so that existing `verify()` calls inside
    /// `async` tests keep compiling.
    ///
    /// ```swift
    /// @Test func appGraphIsHealthy() async {
    ///     await DependencyGraph.activate(appContainer)
    ///     let report = await DependencyGraph.loadAndVerify()
    ///     #expect(report.isHealthy, "\(report)")
    /// }
    /// ```
    /// - Returns: The report; ``VerificationReport/isHealthy`` when nothing was found.
    nonisolated(nonsending) public static func loadAndVerify() async -> VerificationReport {
        await DependencyVerifier.loadAndVerify(GraphSource())
    }
}

extension Container {
    /// Resolves every parameterless registration of this container and its parents in a sandbox and reports what
    /// is wrong: missing dependencies (with their path), cycles, ambiguities and captive dependencies.
    ///
    /// Use it in a feature module's tests to check its own container without activating anything. Nothing is
    /// created in the live containers (see ``DependencyGraph/verify()``).
    ///
    /// ```swift
    /// @Test func storageContainerIsHealthy() {
    ///     #expect(storageContainer.verify().isHealthy)
    /// }
    /// ```
    ///
    /// - Returns: The report; ``VerificationReport/isHealthy`` when nothing was found.
    public func verify() -> VerificationReport {
        DependencyVerifier.verify(self)
    }

    /// ``verify()`` for containers with `async` and actor-isolated registrations: loads every parameterless
    /// registration of this container and its parents in a sandbox (see ``DependencyGraph/loadAndVerify()``).
    ///
    /// ```swift
    /// @Test func storageContainerIsHealthy() async {
    ///     #expect(await storageContainer.loadAndVerify().isHealthy)
    /// }
    /// ```
    /// - Returns: The report; ``VerificationReport/isHealthy`` when nothing was found.
    nonisolated(nonsending) public func loadAndVerify() async -> VerificationReport {
        await DependencyVerifier.loadAndVerify(self)
    }
}
