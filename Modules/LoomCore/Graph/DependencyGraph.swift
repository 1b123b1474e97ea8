/// The set of active containers every graph-based injection resolves from.
///
/// Activate the containers of your app (or feature) and resolve from all of them at once. Resolution looks at
/// every active container — each contributing what a resolution in that container would find: its own
/// registration, else its nearest parent's. One match resolves; none throws `missingDependency`; two or more
/// distinct matches throw `multipleDependencies` naming where each came from. Registrations that agree on
/// locator, type, parameters, scope and eagerness count as one.
///
/// ```swift
/// let container = Container {
///     Dependency { AccountService() }.named("account-service")
///     Dependency { (context: StoreContext) in UserRepository(context) }
///     Dependency { ImageUploadService() }.associated(with: UploadServices.images)
/// }
/// DependencyGraph.activate(container)
///
/// let accounts: AccountService = try DependencyGraph.inject(byName: "account-service")
/// let users: UserRepository = try DependencyGraph.inject(byType: UserRepository.self, StoreContext.users)
/// let uploads: ImageUploadService = try DependencyGraph.inject(byValue: UploadServices.images)
/// ```
///
/// > Important: Deactivating a container drops the cached instances of every registration no active container
/// > reaches any more; a container that is still the parent of an active one keeps its instances.
public enum DependencyGraph {
    /// Activates `container`: its registrations (and its parents') become injectable from the graph.
    ///
    /// Returns once the container is indexed and its eager instances exist. Activating an active container does
    /// nothing. The container's indexing setting (``LoomConfiguration/isIndexingEnabled``) is captured now.
    ///
    /// An eager registration only `load` can build — an `async` factory, or one isolated to an actor this thread is
    /// not on — is not built here: it is logged at `.warning`, never waited for. Activate with `await` to build it.
    ///
    /// ```swift
    /// DependencyGraph.activate(container)
    /// ```
    /// - Parameters:
    ///   - container: The container to activate.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public static func activate(_ container: Container, fileID: StaticString = #fileID, line: UInt = #line) {
        for entry in GraphEngine.shared.activate(container, fileID: fileID, line: line) {
            container.logTarget.log(
                .warning,
                "Eager \(entry.key) in \(entry.ownerDescription) needs load (an async factory or another actor): "
                    + "it is built on first load; activate with `await DependencyGraph.activate(_:)` to build it now",
                file: fileID,
                line: line
            )
        }
    }

    /// Activates `container`; returns once it is indexed and all its eager instances exist — those with `async`
    /// factories or isolated to an actor included, loaded concurrently.
    ///
    /// ```swift
    /// await DependencyGraph.activate(container)
    /// ```
    ///
    /// > Note: In top-level `main.swift` code `await activate(c)` may pick the synchronous overload; both finish
    /// > the same work before returning.
    /// - Parameters:
    ///   - container: The container to activate.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public static func activate(_ container: Container, fileID: StaticString = #fileID, line: UInt = #line) async {
        let deferred = GraphEngine.shared.activate(container, fileID: fileID, line: line)
        guard !deferred.isEmpty else { return }
        await GraphEngine.shared.loadEagerInstances(deferred, logTarget: container.logTarget)
    }

    /// Deactivates `container`, dropping the cached instances of registrations no active container reaches.
    ///
    /// Deactivating an inactive container does nothing.
    ///
    /// ```swift
    /// DependencyGraph.deactivate(sessionContainer)
    /// ```
    /// - Parameters:
    ///   - container: The container to deactivate.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public static func deactivate(_ container: Container, fileID: StaticString = #fileID, line: UInt = #line) {
        GraphEngine.shared.deactivate(container, fileID: fileID, line: line)
    }

    /// Deactivates every container and drops all their cached instances.
    ///
    /// ```swift
    /// DependencyGraph.deactivateAll()
    /// ```
    public static func deactivateAll() {
        GraphEngine.shared.deactivateAll()
    }

    /// The active containers, in activation order.
    ///
    /// ```swift
    /// print(DependencyGraph.activeContainers.map(\.name))
    /// ```
    public static var activeContainers: [Container] {
        GraphEngine.shared.activeContainers
    }

    /// A new subscription to graph changes: one element per activation, deactivation, invalidation or change of
    /// an active container's registrations.
    ///
    /// A change is emitted only once it is visible: a resolution made after receiving it sees the new
    /// registrations. A merged container whose children re-evaluate for the same `@Observable` change emits one
    /// change, after all of them.
    ///
    /// Each access creates an independent stream; every subscriber receives every change made while it is
    /// subscribed.
    ///
    /// ```swift
    /// Task {
    ///     for await change in DependencyGraph.changes { print(change) }
    /// }
    /// ```
    public static var changes: AsyncStream<DependencyGraphChange> {
        GraphEngine.shared.changes()
    }

    /// Returns once every invalidation Loom has accepted is applied.
    ///
    /// Synchronous changes — activation, deactivation, `Container.invalidate()`, `ManagedScope.invalidate()`, a
    /// change to an `@Observable` value a builder read (re-evaluated on the changing thread right after the value is
    /// stored) — are visible when the call that made them returns. The asynchronous forms apply their changes later,
    /// in a task: `Container.invalidated(tracking:)` and `.managed(by:)` once an element of the sequence reaches that
    /// task, and autoreloading properties (`$property.autoreload()`) after each graph change. Await this to know
    /// those are applied: it covers every graph change made so far (the properties that reload on it), every
    /// element a sequence's task has received, and a re-evaluation requested while another was running.
    ///
    /// An element your own sequence has produced reaches Loom only when its task runs; to wait for one, await the
    /// change it causes in ``changes`` — a change is emitted only after the new state is visible.
    ///
    /// Use it in tests and at points where code must see the new state (after a login changes what is registered).
    ///
    /// ```swift
    /// viewModel.$session.autoreload()
    /// await DependencyGraph.activate(loggedInContainer)
    /// await DependencyGraph.waitForPendingInvalidations()
    /// // viewModel.session is now the logged-in container's session
    /// ```
    public static func waitForPendingInvalidations() async {
        await PendingInvalidations.shared.wait()
    }

    /// Stitcher's spelling of ``verify()``: verifies the graph and hands `validation` the registrations it verified,
    /// as a read-only projection, for assertions in tests.
    ///
    /// Prefer `verify()`, whose report also lists the dependency edges and every defect it found (missing
    /// dependencies, cycles, ambiguities, captive dependencies); its ``VerificationReport/registrar`` is the projection
    /// this closure receives. Like `verify()`, it resolves each parameterless registration in a sandbox, so factories
    /// run (their instances never reach the live caches).
    ///
    /// ```swift
    /// try DependencyGraph.validate { registrar in
    ///     guard registrar.matches(where: { $0.isLocatedBy(name: "account-service") }).count == 1 else {
    ///         throw SetupError.missingAccountService
    ///     }
    /// }
    /// ```
    /// - Parameter validation: Inspects the registrations; may throw.
    /// - Throws: Whatever `validation` throws.
    public static func validate(using validation: (DependencyRegistrarProjection) throws -> Void) rethrows {
        try validation(verify().registrar)
    }

    /// Drops the weak-cache cells of `.shared` instances that were released.
    ///
    /// Runs automatically on graph changes when ``LoomConfiguration/autoCleanupEnabled`` is on.
    ///
    /// ```swift
    /// DependencyGraph.releaseUnusedStorage()
    /// ```
    public static func releaseUnusedStorage() {
        GraphEngine.shared.releaseUnusedStorage()
    }
}
