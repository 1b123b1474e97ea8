import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

/// Every way an instance leaves its cache runs its hook once.
@Suite struct ReleaseTriggerTests {
    /// A container with one `.singleton`, one `.shared` and one `.managed` registration with hooks, each resolved once.
    final class Fixture: Sendable {
        let log = Collected<String>()
        let container: Container
        let session = ManagedScope()
        /// Keeps the `.shared` instance alive, so its cache still holds it.
        let held: Level1

        init(_ name: String = "lifecycle.trigger") throws {
            let log = log
            container = quietContainer(name)
            container.register(scope: .singleton) {
                Resource("singleton", log: log)
            } onRelease: {
                $0.close()
            }
            container.register(scope: .shared) {
                Level1(Level0(Resource("shared", log: log)))
            } onRelease: {
                $0.below.resource.close()
            }
            container.register(scope: .managed(session)) {
                Level0(Resource("managed", log: log))
            } onRelease: {
                $0.resource.close()
            }
            _ = try container.resolve(Resource.self)
            held = try container.resolve(Level1.self)
            _ = try container.resolve(Level0.self)
        }
    }

    /// A weakly held (`.shared`) instance whose last user lets go after a reset, while an earlier `async` hook is
    /// still running, still gets its own hook: the pending release keeps it alive until the hook ran.
    @Test func aWeaklyHeldInstanceLivesUntilItsAsyncHookRan() async throws {
        let log = Collected<String>()
        let gate = Counter()
        let container = quietContainer("lifecycle.weak-async")
        container.add {
            Dependency {
                Resource("shared", log: log)
            }
            .scope(.shared)
            .onRelease { (resource: Resource) async in
                await resource.closeAsynchronously()
            }
        }
        // Built after the shared instance, so released before it: its hook holds the release task until the shared
        // instance's last user has let go.
        container.add {
            Dependency {
                Level0(Resource("blocking", log: log))
            }
            .scope(.singleton)
            .onRelease { (level: Level0) async in
                while gate.value == 0 { try? await Task.sleep(for: .milliseconds(1)) }
                level.resource.close()
            }
        }
        var held: Resource? = try container.resolve()
        _ = try container.resolve(Level0.self)
        #expect(held != nil)
        container.resetCachedInstances()  // starts both async hooks, in order, in one task
        held = nil
        gate.increment()
        try await container.shutdown()  // awaits hooks started by synchronous triggers
        #expect(log.all == ["blocking", "shared"])
    }

    @Test func cleanupReleasesEveryCachedInstance() throws {
        let fixture = try Fixture()
        fixture.container.cleanup()
        #expect(Set(fixture.log.all) == ["singleton", "shared", "managed"])
        #expect(fixture.log.all.count == 3)
    }

    @Test func resetCachedInstancesReleasesEveryCachedInstance() throws {
        let fixture = try Fixture()
        fixture.container.resetCachedInstances()
        fixture.container.resetCachedInstances()
        #expect(Set(fixture.log.all) == ["singleton", "shared", "managed"])
        #expect(fixture.log.all.count == 3)
    }

    @Test func resetCachedInstancesOfOneScopeReleasesOnlyThatScope() throws {
        let fixture = try Fixture()
        fixture.container.resetCachedInstances(scope: .singleton)
        #expect(fixture.log.all == ["singleton"])
        fixture.container.resetCachedInstances(scope: .managed(fixture.session))
        #expect(fixture.log.all == ["singleton", "managed"])
    }

    @Test func resetCachedInstanceOfOneTypeReleasesOnlyIt() throws {
        let fixture = try Fixture()
        fixture.container.register(alternative: "other", scope: .singleton) {
            Resource("other", log: fixture.log)
        } onRelease: {
            $0.close()
        }
        _ = try fixture.container.resolve(Resource.self, alternative: "other")
        fixture.container.resetCachedInstance(of: Resource.self, alternative: "other")
        #expect(fixture.log.all == ["other"])
        fixture.container.resetCachedInstance(of: Resource.self)
        #expect(fixture.log.all == ["other", "singleton"])
    }

    @Test func deactivationReleasesTheContainersInstances() async throws {
        let fixture = try Fixture("lifecycle.trigger.deactivate")
        await DependencyGraph.activate(fixture.container)
        DependencyGraph.deactivate(fixture.container)
        DependencyGraph.deactivate(fixture.container)
        #expect(Set(fixture.log.all) == ["singleton", "shared", "managed"])
        #expect(fixture.log.all.count == 3)
    }

    @Test func aManagedScopesInvalidationReleasesItsInstances() throws {
        let fixture = try Fixture()
        fixture.session.invalidate()
        #expect(fixture.log.all == ["managed"])
        _ = try fixture.container.resolve(Level0.self)
        fixture.session.invalidate()
        #expect(fixture.log.all == ["managed", "managed"])
    }

    @Test func replacingARegistrationReleasesTheInstanceItCached() throws {
        let fixture = try Fixture()
        fixture.container.register(scope: .singleton) { Resource("replacement", log: fixture.log) }
        #expect(fixture.log.all == ["singleton"])
    }

    @Test func aSharedInstanceAlreadyGoneIsNotReleased() throws {
        let log = Collected<String>()
        let container = quietContainer()
        let released = Counter()
        container.register(scope: .shared) {
            Resource("shared", log: log)
        } onRelease: { _ in
            released.increment()
        }
        _ = try container.resolve(Resource.self)
        container.resetCachedInstances()
        #expect(released.value == 0)
    }

    @Test func theEndOfATestScopeReleasesTheInstancesBuiltInside() throws {
        let log = Collected<String>()
        let container = quietContainer("lifecycle.trigger.test-scope")
        container.register(scope: .singleton) {
            Resource("live", log: log)
        } onRelease: {
            $0.close()
        }
        let live: Resource = try container.resolve()
        try withTestDependencies { overrides in
            overrides.register(scope: .singleton) {
                Level0(Resource("override", log: log))
            } onRelease: {
                $0.resource.close()
            }
        } operation: {
            let inside: Resource = try container.resolve()
            #expect(inside !== live)
            _ = try DependencyGraph.inject(byType: Level0.self)
        }
        // The scope's own Resource and the override: the live singleton stays.
        #expect(Set(log.all) == ["live", "override"])
        #expect(log.all.count == 2)
        #expect(try container.resolve(Resource.self) === live)
    }

    @Test func theEndOfAnAsyncTestScopeAwaitsAsyncHooks() async throws {
        let log = Collected<String>()
        try await withTestDependencies { overrides in
            overrides.add {
                Dependency {
                    Resource("override", log: log)
                }
                .scope(.singleton)
                .onRelease { resource in
                    await resource.closeAsynchronously()
                }
            }
        } operation: {
            await Task.yield()
            _ = try DependencyGraph.inject(byType: Resource.self)
        }
        #expect(log.all == ["override"])
    }
}
