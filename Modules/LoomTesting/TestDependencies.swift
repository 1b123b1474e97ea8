public import LoomCore

/// How much of the live app a test-dependency scope lets in.
///
/// ```swift
/// withTestDependencies(.strict, { container in
///     container.register { () -> any Clock in FixedClock() }
/// }) {
///     // Resolving anything but FixedClock (and other overrides) records a test issue.
/// }
/// ```
public enum TestDependencyMode: Sendable {
    /// Live registrations stay visible, but every cached scope starts empty: a `.singleton` resolved inside is built
    /// for this scope and released with it. The default.
    case isolated
    /// Live registrations and their live cached instances are visible; overrides still come first. Use it when a
    /// test must talk to the app's real singletons.
    ///
    /// Instances built inside the scope are cached where live ones are and outlive it, except those of the scope's own
    /// registrations, which are released (their release hooks run) when it ends. A live singleton first built inside
    /// the scope on one of its overrides keeps that released instance: build such instances in an
    /// ``TestDependencyMode/isolated`` scope.
    case sharingLiveInstances
    /// Every dependency the test uses must be overridden: resolving a live registration records a test issue naming
    /// it and the resolving line, then returns the live value (built in the scope's empty caches, as for
    /// ``TestDependencyMode/isolated``). The test fails; the process — and the tests running beside it — go on.
    case strict

    /// The former name of ``TestDependencyMode/strict``, which now records an issue and returns the live value where
    /// this mode reported a missing dependency.
    ///
    /// ```swift
    /// withTestDependencies(.strict, { $0.register { () -> any Clock in FixedClock() } }) { … }
    /// ```
    @available(*, deprecated, renamed: "strict")
    public static var overridesOnly: TestDependencyMode { .strict }

    var visibility: ResolutionOverlay.Visibility {
        switch self {
        case .isolated: .isolatedInstances
        case .sharingLiveInstances: .liveInstances
        case .strict: .strict
        }
    }
}

/// Runs `operation` with test overrides in front of every resolution made by the current task and the tasks it
/// creates.
///
/// `configure` receives an empty container whose registrations answer first on **every** path: the
/// `DependencyGraph`, `Container.resolve` on any container, every lookup policy, `@Injected` and
/// `@InjectedWeakly`, macro-generated code, `Conf` and `InjectedValues`. It runs inside the scope, so root values
/// it sets (`InjectedValues[\.api] = MockAPI()`, `Conf.setRootValue`) belong to this scope too. Inside the scope,
/// cached scopes start empty (see ``TestDependencyMode``), and nothing created or set inside is visible outside
/// it: two tests running in parallel never see each other's overrides or singletons. Scopes nest; an inner scope
/// sees the outer one's overrides.
///
/// ```swift
/// @Test func checkoutUsesTheCart() throws {
///     try withTestDependencies { container in
///         container.register { () -> any CartStore in InMemoryCartStore(items: 2) }
///     } operation: {
///         let checkout: Checkout = try DependencyGraph.inject(byType: Checkout.self)
///         #expect(checkout.itemCount == 2)
///     }
/// }
/// ```
///
/// > Important: Tasks created with `Task { }` inside the scope inherit it for their whole life, as task-locals do;
/// > `Task.detached` and work on other threads (a `DispatchQueue`, a callback from C) do not. An object created
/// > outside the scope keeps the `@Injected` values it had already resolved, and an object created inside keeps
/// > the ones it resolved inside.
///
/// - Parameters:
///   - mode: How much of the live app the scope lets in; ``TestDependencyMode/isolated`` by default.
///   - configure: Registers the overrides (and sets root values) for the scope.
///   - operation: The code under test.
/// - Returns: What `operation` returns.
/// - Throws: What `configure` or `operation` throws.
public func withTestDependencies<R>(
    _ mode: TestDependencyMode = .isolated,
    _ configure: (Container) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    TestIssueRecorder.install()
    let overlay = ResolutionOverlay(named: "test overrides", visibility: mode.visibility)
    return try overlay.run {
        try configure(overlay.container)
        return try operation()
    }
}

/// Runs async `operation` with test overrides in front of every resolution, on the caller's executor.
///
/// The async form of ``withTestDependencies(_:_:operation:)``, with the same guarantees.
///
/// ```swift
/// @Test func syncsNotes() async throws {
///     try await withTestDependencies { container in
///         container.register(scope: .singleton) { () -> any NoteStore in InMemoryNoteStore() }
///     } operation: {
///         try await Syncer().run()
///     }
/// }
/// ```
///
/// - Parameters:
///   - mode: How much of the live app the scope lets in; ``TestDependencyMode/isolated`` by default.
///   - configure: Registers the overrides (and sets root values) for the scope.
///   - isolation: The caller's isolation, kept for `operation` (leave the default).
///   - operation: The code under test.
/// - Returns: What `operation` returns.
/// - Throws: What `configure` or `operation` throws.
public func withTestDependencies<R>(
    _ mode: TestDependencyMode = .isolated,
    _ configure: (Container) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
) async rethrows -> R {
    TestIssueRecorder.install()
    let overlay = ResolutionOverlay(named: "test overrides", visibility: mode.visibility)
    return try await overlay.run(isolation: isolation) {
        try configure(overlay.container)
        return try await operation()
    }
}
