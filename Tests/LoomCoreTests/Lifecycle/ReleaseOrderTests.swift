import LoomCore
import LoomTestSupport
import Testing

@Suite struct ReleaseOrderTests {
    @Test(arguments: ["singleton", "scoped"])
    func aFiveLevelChainIsReleasedInExactReverseDependencyOrder(scope: String) async throws {
        let log = Collected<String>()
        let container = quietContainer()
        registerChain(in: container, scope: scope == "scoped" ? .scoped : .singleton, log: log)
        if scope == "scoped" {
            try await container.withScope { scope in _ = try scope.resolve(Level4.self) }
        } else {
            _ = try container.resolve(Level4.self)
            try await container.shutdown()
        }
        #expect(log.all == ["level4", "level3", "level2", "level1", "level0"])
    }

    @Test func aDependencyFoundAlreadyCachedIsStillReleasedAfterItsDependent() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        registerChain(in: container, scope: .singleton, log: log)
        // Built bottom-up: each level's dependency is a cache hit when the level is built.
        _ = try container.resolve(Level0.self)
        _ = try container.resolve(Level1.self)
        _ = try container.resolve(Level2.self)
        _ = try container.resolve(Level3.self)
        _ = try container.resolve(Level4.self)
        container.resetCachedInstances()
        #expect(log.all == ["level4", "level3", "level2", "level1", "level0"])
    }

    @Test func theOrderDoesNotFollowRegistrationOrder() throws {
        let log = Collected<String>()
        let container = quietContainer()
        // The dependent is registered first.
        container.register(scope: .singleton) {
            Level1(try container.resolve())
        } onRelease: { _ in
            log.append("repository")
        }
        container.register(scope: .singleton) {
            Level0(Resource("database", log: Collected()))
        } onRelease: { _ in
            log.append("database")
        }
        _ = try container.resolve(Level1.self)
        container.cleanup()
        #expect(log.all == ["repository", "database"])
    }

    @Test func asynchronousHooksFinishBeforeTheirDependenciesStart() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        container.register(
            scope: .singleton
        ) {
            Level0(Resource("database", log: Collected()))
        } onRelease: { _ in
            log.append("database start")
            log.append("database end")
        }
        container.add {
            Dependency { Level1(try container.resolve()) }
                .scope(.singleton)
                .onRelease { _ in
                    log.append("repository start")
                    try await Task.sleep(nanoseconds: 20_000_000)
                    log.append("repository end")
                }
        }
        _ = try container.resolve(Level1.self)
        try await container.shutdown()
        #expect(log.all == ["repository start", "repository end", "database start", "database end"])
    }

    @Test func theGraphReleasesAcrossContainersDependentsFirst() async {
        // In a child process: the graph's shutdown and resets reach every active container, including other suites'.
        await #expect(processExitsWith: .success) {
            let log = Collected<String>()
            let base = quietContainer("lifecycle.base")
            let feature = quietContainer("lifecycle.feature", parent: base)
            base.register(scope: .singleton) {
                Level0(Resource("base", log: Collected()))
            } onRelease: { _ in
                log.append("base")
            }
            feature.register(scope: .singleton) {
                Level1(try feature.resolve())
            } onRelease: { _ in
                log.append("feature")
            }
            await DependencyGraph.activate(feature)
            _ = try? feature.resolve(Level1.self)
            try? await DependencyGraph.shutdown()
            #expect(log.all == ["feature", "base"])
            // Usable afterwards: the next resolve builds anew.
            _ = try? feature.resolve(Level1.self)
            DependencyGraph.resetCachedInstances(scope: .singleton)
            #expect(log.all == ["feature", "base", "feature", "base"])
            _ = try? feature.resolve(Level1.self)
            DependencyGraph.resetCachedInstances()
            #expect(log.all.count == 6)
        }
    }
}
