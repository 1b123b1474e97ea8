import LoomCore
import LoomTestSupport
import Testing

/// Registrations isolated to the main actor or another global actor: built once on their actor, resolved
/// synchronously where Swift allows it, loaded with `await` elsewhere, and a typed error — never a trap — for a
/// synchronous resolve from the wrong place.
@Suite struct IsolatedRegistrationTests {
    /// Not `Sendable`: only ever touched on the main actor.
    @MainActor final class ProfileViewModel {
        let id: Int
        var title = "Profile"
        init(id: Int) { self.id = id }
    }
    @MainActor final class SettingsStore: Sendable {
        let id: Int
        init(id: Int) {
            // The runtime's own check (the main actor's jobs may run on a worker thread draining the main queue, as
            // under `swift test` on Linux): a factory run anywhere else stops the test run here.
            MainActor.preconditionIsolated()
            self.id = id
        }
    }
    /// The graph is process-wide: each graph test registers types of its own.
    @MainActor final class EagerStore: Sendable {
        let id: Int
        init(id: Int) {
            MainActor.preconditionIsolated()
            self.id = id
        }
    }
    @globalActor actor StorageActor {
        static let shared = StorageActor()
    }
    final class Pool: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }
    @StorageActor enum StorageCounter {
        static var builds = 0
    }

    // MARK: The main actor

    @Test func aMainActorSingletonLoadedFromManyTasksIsBuiltOnceOnTheMainActor() async throws {
        let container = quietContainer()
        let builds = Counter()
        container.register(on: MainActor.self, scope: .singleton) { SettingsStore(id: builds.increment()) }
        let stores = try await withThrowingTaskGroup(of: SettingsStore.self) { group in
            for _ in 0..<100 {
                group.addTask { try await Task.detached { try await container.load(SettingsStore.self) }.value }
            }
            var stores: [SettingsStore] = []
            for try await store in group { stores.append(store) }
            return stores
        }
        #expect(builds.value == 1)
        #expect(stores.allSatisfy { $0 === stores[0] })
    }

    @MainActor @Test func theMainActorResolvesANonSendableValueSynchronously() throws {
        let container = quietContainer()
        let builds = Counter()
        container.register(on: MainActor.self, scope: .singleton) { ProfileViewModel(id: builds.increment()) }
        let model: ProfileViewModel = try container.resolve()
        model.title = "Edited"
        let again: ProfileViewModel = try container.resolve()
        #expect(again === model)
        #expect(again.title == "Edited")
        #expect(builds.value == 1)
    }

    @MainActor @Test func anInstanceScopedMainActorFactoryBuildsOnEveryResolve() throws {
        let container = quietContainer()
        let builds = Counter()
        container.register(on: MainActor.self) { ProfileViewModel(id: builds.increment()) }
        let first: ProfileViewModel = try container.resolve()
        let second: ProfileViewModel = try container.resolve()
        #expect(first !== second)
        #expect(builds.value == 2)
    }

    @Test func aSynchronousResolveOffTheMainActorThrowsATypedError() async throws {
        let container = quietContainer()
        let builds = Counter()
        container.register(on: MainActor.self, scope: .singleton) { ProfileViewModel(id: builds.increment()) }
        let outcome = await Task.detached { () -> InjectionError? in
            do {
                _ = try container.resolve(ProfileViewModel.self)
                return nil
            } catch let error as InjectionError {
                return error
            } catch {
                return nil
            }
        }.value
        guard case .isolatedDependency(let context, let actor)? = outcome else {
            Issue.record("expected isolatedDependency, got \(String(describing: outcome))")
            return
        }
        #expect(actor == "MainActor")
        #expect(context.requestedType.contains("ProfileViewModel"))
        #expect(outcome?.recoverySuggestion?.contains("MainActor") == true)
        #expect(builds.value == 0)
        // The failed attempt left nothing behind: the main actor still builds it, once.
        let model = try await MainActor.run { try container.resolve(ProfileViewModel.self).id }
        #expect(model == 1)
    }

    @Test func aSettledNonSendableMainActorValueIsStillRefusedOffTheMainActor() async throws {
        let container = quietContainer()
        container.register(on: MainActor.self, scope: .singleton) { ProfileViewModel(id: 1) }
        _ = try await MainActor.run { try container.resolve(ProfileViewModel.self).id }
        let refused = await Task.detached { () -> Bool in
            do {
                _ = try container.resolve(ProfileViewModel.self)
                return false
            } catch {
                return true
            }
        }.value
        #expect(refused)
    }

    @Test func theGraphDeclaresMainActorDependencies() async throws {
        let container = Container(name: "main-actor-graph", logger: DisabledLogger()) {
            Dependency(isolation: MainActor.self, scope: .singleton) { SettingsStore(id: 9) }
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let loaded: SettingsStore = try await DependencyGraph.load()
        #expect(loaded.id == 9)
        let resolved = try await MainActor.run { () throws -> SettingsStore in try DependencyGraph.inject() }
        #expect(resolved === loaded)
    }

    @Test func asyncActivationBuildsAnEagerMainActorSingletonOnTheMainActor() async throws {
        let builds = Counter()
        let container = Container(name: "eager-main-actor", logger: DisabledLogger()) {
            Dependency(isolation: MainActor.self, scope: .singleton) { EagerStore(id: builds.increment()) }
                .eagerness(.eager)
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(builds.value == 1)
        #expect(try await DependencyGraph.load(EagerStore.self).id == 1)
    }

    // MARK: Other global actors

    @Test func aGlobalActorSingletonIsBuiltOnItsActorOnceAndThenResolvesAnywhere() async throws {
        let container = quietContainer()
        container.register(on: StorageActor.self, scope: .singleton) { @StorageActor in
            StorageCounter.builds += 1
            return Pool(id: StorageCounter.builds)
        }
        let error = #expect(throws: InjectionError.self) { try container.resolve(Pool.self) }
        guard case .isolatedDependency(_, let actor)? = error else {
            Issue.record("expected isolatedDependency, got \(String(describing: error))")
            return
        }
        #expect(actor.contains("StorageActor"))
        let pools = try await withThrowingTaskGroup(of: Pool.self) { group in
            for _ in 0..<50 { group.addTask { try await container.load(Pool.self) } }
            var pools: [Pool] = []
            for try await pool in group { pools.append(pool) }
            return pools
        }
        #expect(pools.allSatisfy { $0 === pools[0] })
        #expect(await StorageCounter.builds == 1)
        // Settled: a synchronous resolve from anywhere returns it.
        #expect(try container.resolve(Pool.self) === pools[0])
    }

    /// Swift runs a closure without isolation of its own off the actor; the registration says so, at its own line.
    @Test func aFactoryNotIsolatedToItsActorIsReportedWhenRegistered() async throws {
        let lines = Collected<String>()
        let container = Container(name: "isolation", logger: PrintLogger(minimumLevel: .warning) { lines.append($0) })
        let line = #line + 1
        container.register(on: StorageActor.self) { () -> Pool in Pool(id: 1) }
        container.register(on: StorageActor.self, alternative: "annotated") { @StorageActor in Pool(id: 2) }
        let errors = lines.all.filter { $0.hasPrefix("error ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("IsolatedRegistrationTests.swift:\(line)") == true)
        #expect(errors.first?.contains("not isolated to any actor") == true)
        #expect(errors.first?.contains("@StorageActor in") == true)
        // It is still registered and loads.
        #expect(try await container.load(Pool.self).id == 1)
    }
}
