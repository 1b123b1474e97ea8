import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

@Suite struct RequestScopeTests {
    @Test func aScopedRegistrationHasOneInstancePerScope() throws {
        let container = quietContainer()
        container.register(scope: .scoped) { Service() }
        let (first, again) = try container.withScope { scope in
            (try scope.resolve(Service.self), try container.resolve(Service.self))
        }
        let other = try container.withScope { scope in try scope.resolve(Service.self) }
        #expect(first === again)
        #expect(first !== other)
    }

    /// Registrations that come and go while one scope stays open — a child container per job — each get their own
    /// instance: the scope files its caches under an identity no later registration can reuse (an address could be).
    @Test func registrationsFreedWhileAScopeIsOpenNeverShareACache() throws {
        let app = quietContainer("lifecycle.jobs")
        try app.withScope { _ in
            for job in 0..<200 {
                let child = quietContainer("lifecycle.job", parent: app)
                child.register(scope: .scoped) { Resource("job \(job)", log: Collected()) }
                let resource: Resource = try child.resolve()
                #expect(resource.name == "job \(job)")
            }
        }
    }

    /// The caches of a scope that ended are kept by its thread and reused by the thread's next scope, for whatever
    /// registration that one resolves: each instance still gets its own registration's hook, once, and nothing of the
    /// scope before survives.
    @Test func theNextScopeOnAThreadReusesTheCachesOfTheLastWithoutMixingThemUp() {
        let log = Collected<String>()
        let container = quietContainer()
        container.register(scope: .scoped) {
            Resource("resource", log: log)
        } onRelease: {
            $0.close()
        }
        container.register(scope: .scoped) {
            Level0(Resource("inner", log: log))
        } onRelease: { _ in
            log.append("level0")
        }
        let outcome = Collected<String>()
        // A thread of its own, whose kept caches start empty.
        onThreads(1) { _ in
            weak var first: Resource?
            try? container.withScope { scope in first = try scope.resolve(Resource.self) }
            outcome.append("kept \(ThreadSpares.count), first released \(first == nil)")
            try? container.withScope { scope in
                _ = try scope.resolve(Level0.self)
                outcome.append("kept while reused \(ThreadSpares.count)")
            }
            outcome.append("kept \(ThreadSpares.count)")
            weak var again: Resource?
            try? container.withScope { scope in again = try scope.resolve(Resource.self) }
            outcome.append("again released \(again == nil)")
        }
        #expect(
            outcome.all == [
                "kept 1, first released true", "kept while reused 0", "kept 1", "again released true",
            ])
        #expect(log.all == ["resource", "level0", "resource"])
    }

    /// A `.scoped` registration with parameters keeps a table of argument slots in its scope's cache: that cache is
    /// dropped with the scope, not kept for reuse.
    @Test func aScopesCacheWithArgumentSlotsIsNotKeptForReuse() {
        let log = Collected<String>()
        let container = quietContainer {
            Dependency { (name: String) in Resource(name, log: log) }
                .scope(.scoped)
                .onRelease { $0.close() }
        }
        let kept = Collected<Int>()
        onThreads(1) { _ in
            _ = ThreadSpares.count
            try? container.withScope { _ in
                _ = try container.inject(byType: Resource.self, "first")
                _ = try container.inject(byType: Resource.self, "second")
            }
            kept.append(ThreadSpares.count)
        }
        #expect(kept.all == [0])
        #expect(Set(log.all) == ["first", "second"])
    }

    @Test func otherScopesResolveAsBeforeInsideAScope() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Service() }
        let outside: Service = try container.resolve()
        let inside = try container.withScope { scope in try scope.resolve(Service.self) }
        #expect(inside === outside)
    }

    @Test func aScopedRegistrationOutsideAnyScopeThrowsATypedError() throws {
        let container = quietContainer("lifecycle.outside")
        container.register(scope: .scoped) { Service() }
        let error = #expect(throws: InjectionError.self) { try container.resolve(Service.self) }
        guard case .outsideRequestScope(let context)? = error else {
            Issue.record("expected outsideRequestScope, got \(String(describing: error))")
            return
        }
        #expect(context.locator == .type(Service.self))
        #expect(error?.description.contains("outside any open request scope") == true)
        #expect(error?.recoverySuggestion?.contains("withScope") == true)
    }

    @Test func aScopeThatEscapedItsClosureNoLongerResolvesScopedRegistrations() throws {
        let container = quietContainer()
        container.register(scope: .scoped) { Service() }
        let escaped = container.withScope { $0 }
        #expect(throws: InjectionError.self) { try escaped.resolve(Service.self) }
    }

    @Test func theScopesInstancesAreReleasedInOrderWhenTheClosureReturnsOrThrows() throws {
        let log = Collected<String>()
        let container = quietContainer()
        registerChain(in: container, scope: .scoped, log: log)
        try container.withScope { scope in _ = try scope.resolve(Level2.self) }
        #expect(log.all == ["level2", "level1", "level0"])
        #expect(throws: HookFailure.self) {
            try container.withScope { scope in
                _ = try scope.resolve(Level1.self)
                throw HookFailure(name: "request failed")
            }
        }
        #expect(log.all == ["level2", "level1", "level0", "level1", "level0"])
    }

    /// The scope's list holds its caches in the order they were first used, which is not the release order when a
    /// dependency was resolved before its dependent: the release still goes dependents first.
    @Test func aDependencyUsedFirstInTheScopeIsStillReleasedAfterItsDependents() throws {
        let log = Collected<String>()
        let container = quietContainer()
        registerChain(in: container, scope: .scoped, log: log)
        try container.withScope { scope in
            _ = try scope.resolve(Level0.self)
            _ = try scope.resolve(Level3.self)
            _ = try scope.resolve(Level1.self)
        }
        #expect(log.all == ["level3", "level2", "level1", "level0"])
    }

    /// An `async` hook in a synchronous scope runs after the synchronous hooks of its dependents and before its
    /// dependencies' hooks, which wait for it in the same task.
    @Test func anAsyncHookInASynchronousScopeKeepsTheOrder() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        registerDatabaseAndService(in: container, log: log)
        container.add {
            Dependency {
                Level1(try container.resolve())
            }
            .scope(.scoped)
            .onRelease { _ in
                log.append("repository start")
                // A suspension: were the database's hook not waiting for this one, it would run here.
                await Task.yield()
                log.append("repository end")
            }
        }
        // A synchronous function: in `async` code, `withScope` is the `async` form, which awaits every hook.
        func request() throws {
            try container.withScope { scope in
                _ = try scope.resolve(Level0.self)
                _ = try scope.resolve(Level2.self)
            }
        }
        try request()
        #expect(log.all.first == "service")
        await Release.awaitPendingReleases()
        #expect(log.all == ["service", "repository start", "repository end", "database"])
    }

    /// A synchronous hook that throws, in a synchronous scope, is logged as a release failure and the hooks after it
    /// still run, in order.
    @Test func aThrowingHookInASynchronousScopeIsLoggedAndTheOthersStillRun() throws {
        let log = Collected<String>()
        let logged = Collected<String>()
        let container = Container(name: "lifecycle.throwing", logger: RecordingLogger(messages: logged))
        registerDatabaseAndService(in: container, log: log)
        container.register(scope: .scoped) {
            Level1(try container.resolve())
        } onRelease: { _ in
            log.append("repository")
            throw HookFailure(name: "repository")
        }
        try container.withScope { scope in _ = try scope.resolve(Level2.self) }
        #expect(log.all == ["service", "repository", "database"])
        #expect(logged.all.count == 1)
        #expect(logged.all.first?.contains("Release failed") == true)
        #expect(logged.all.first?.contains("Level1") == true)
    }

    /// `.scoped` registrations with arguments keep one instance per argument tuple in the scope; all of them are
    /// released when it ends, dependents first.
    @Test func scopedInstancesWithArgumentsAreReleasedInOrder() throws {
        let log = Collected<String>()
        let container = quietContainer {
            Dependency { (name: String) in Resource(name, log: Collected()) }
                .scope(.scoped)
                .onRelease { resource in log.append(resource.name) }
        }
        container.register(scope: .scoped) {
            Level0(try container.inject(byType: Resource.self, "pool"))
        } onRelease: { _ in
            log.append("level0")
        }
        try container.withScope { _ in
            let first: Resource = try container.inject(byType: Resource.self, "cache")
            let again: Resource = try container.inject(byType: Resource.self, "cache")
            #expect(first === again)
            _ = try container.resolve(Level0.self)
        }
        #expect(log.all == ["level0", "pool", "cache"])
    }

    @Test func aCancelledRequestScopeStillReleasesItsInstances() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        container.add {
            Dependency {
                Resource("request", log: log)
            }
            .scope(.scoped)
            .onRelease { resource in
                await resource.closeAsynchronously()
            }
        }
        let started = Counter()
        let task = Task {
            try await container.withScope { scope in
                _ = try scope.resolve(Resource.self)
                started.increment()
                try await Task.sleep(nanoseconds: 10_000_000_000)
            }
        }
        #expect(await eventually { started.value == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(log.all == ["request"])
    }

    @Test func scopesNestAndEachReleasesItsOwnInstances() throws {
        let log = Collected<String>()
        let container = quietContainer()
        container.register(scope: .scoped) { () -> Resource in
            Resource("scoped", log: log)
        } onRelease: {
            $0.close()
        }
        try container.withScope { outer in
            let outerResource: Resource = try outer.resolve()
            try container.withScope { inner in
                #expect(inner.parent === outer)
                let innerResource: Resource = try container.resolve()
                #expect(innerResource !== outerResource)
                #expect(try inner.resolve(Resource.self) === innerResource)
                // The outer scope still answers with its own instance.
                #expect(try outer.resolve(Resource.self) === outerResource)
            }
            #expect(log.all == ["scoped"])
            #expect(try container.resolve(Resource.self) === outerResource)
        }
        #expect(log.all == ["scoped", "scoped"])
    }

    @Test func theAsyncFormAwaitsHooksAndReportsTheirFailures() async throws {
        let container = quietContainer()
        container.register(scope: .scoped) {
            Service()
        } onRelease: { _ in
            throw HookFailure(name: "scoped")
        }
        let error = await #expect(throws: ReleaseError.self) {
            try await container.withScope { scope in _ = try await scope.load(Service.self) }
        }
        #expect(error?.failures.map(\.registration) == ["Type[Service]"])
    }

    /// Registered only by the test below, so the graph finds exactly one registration.
    final class GraphScopedService: Sendable {}

    @Test func injectionInsideTheClosureSeesTheScope() async throws {
        let container = quietContainer("lifecycle.graph-scope")
        container.register(scope: .scoped) { GraphScopedService() }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        try await container.withScope { scope in
            let injected: GraphScopedService = try DependencyGraph.inject()
            await Task.yield()
            let child = try await Task { try container.resolve(GraphScopedService.self) }.value
            #expect(try scope.resolve(GraphScopedService.self) === injected)
            #expect(child === injected)
        }
    }

    @Test func verifyReportsASingletonCapturingAScopedInstance() {
        let container = quietContainer("lifecycle.captive")
        container.register(scope: .scoped) { Service() }
        container.register(scope: .singleton) {
            Level0(Resource(try "\(container.resolve(Service.self).id)", log: Collected()))
        }
        let report = container.verify()
        #expect(
            report.defects.contains { defect in
                guard case .captiveDependency(let holder, let captive) = defect else { return false }
                return holder.key == "Type[Level0]" && captive.key == "Type[Service]" && captive.scope == "scoped"
            })
        // Verification builds `.scoped` registrations in a request scope of its own: nothing is reported missing.
        #expect(!report.defects.contains { if case .resolutionFailed = $0 { true } else { false } })
    }

    /// A server opens a scope whose end it decides; a scope it lets go without ending (a response dropped unwritten)
    /// still runs its release hooks as it goes.
    @Test func aRequestScopeLetGoWithoutBeingEndedRunsItsReleaseHooks() throws {
        let released = Counter()
        let container = Container(name: "requests", logger: DisabledLogger())
        container.register(scope: .scoped) {
            Level0(Resource("scoped", log: Collected()))
        } onRelease: { _ in
            released.increment()
        }
        var opened: (RequestScope, ResolutionContext)? = container.openRequestScope(providing: PackedValues())
        try opened?.1.bind { _ = try container.resolve(Level0.self) }
        #expect(released.value == 0)
        opened = nil
        #expect(opened == nil)
        #expect(released.value == 1)
    }
}

/// Registers the two ends of a `.scoped` chain — a database (`Level0`) and a service (`Level2`) built from the
/// repository (`Level1`) the caller registers with the hook under test — whose hooks log "database" and "service".
private func registerDatabaseAndService(in container: Container, log: Collected<String>) {
    container.register(scope: .scoped) {
        Level0(Resource("database", log: Collected()))
    } onRelease: { _ in
        log.append("database")
    }
    container.register(scope: .scoped) {
        Level2(try container.resolve())
    } onRelease: { _ in
        log.append("service")
    }
}

/// Keeps the messages of `.error` and above, for checking what a release reported.
private struct RecordingLogger: LoomLogger {
    let messages: Collected<String>

    var minimumLevel: LoomLogLevel { .error }

    func log(
        _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
        line: UInt
    ) {
        if level >= .error { messages.append(message()) }
    }
}
