import LoomMacros
import LoomTestSupport
import Testing

// Runtime checks of `@Registerable` on `async`, throwing and actor-isolated initialisers: the generated registrations
// compile in Swift 6 mode and behave like the hand-written `Dependency` forms they stand for. Each test lists its
// registrations in a container of its own (the graph is touched only where the factory injects from it, with types
// no other test registers), so the suite runs in parallel.

/// Built by an `async` initialiser: an `async` registration that `load` builds.
@Registerable(scope: .singleton)
final class AsyncArchive: Sendable {
    static let built = Counter()
    let generation: Int

    init() async throws {
        await Task.yield()
        generation = Self.built.increment()
    }
}

/// An `async` initialiser whose parameter is a factory argument.
@Registerable
struct AsyncShard: Sendable {
    let region: String

    init(region: String) async {
        await Task.yield()
        self.region = region
    }
}

/// A throwing initialiser: the factory is `try`-ed and its error reaches the resolver.
@Registerable
struct CheckedQuota: Sendable {
    struct Exceeded: Error {}
    let limit: Int

    init(limit: Int) throws {
        guard limit > 0 else { throw Exceeded() }
        self.limit = limit
    }
}

/// Loaded from the graph by `AsyncLedger`'s factory; registered with an `async` factory.
final class LedgerConnection: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

/// Nothing registers it: an `Optional` parameter of an `async` factory receives `nil`.
struct LedgerAuditor: Sendable {}

/// An `async` initialiser with injected parameters: they are loaded, so an `async` registration answers.
@Registerable(parameters: .injected)
final class AsyncLedger: Sendable {
    let connection: LedgerConnection
    let auditor: LedgerAuditor?

    init(connection: LedgerConnection, auditor: LedgerAuditor?) async {
        self.connection = connection
        self.auditor = auditor
    }
}

/// A main-actor type: a main-actor registration, resolved synchronously on the main actor.
@Registerable(scope: .singleton)
@MainActor
final class ProfileModel {
    var title = "Profile"
    init() {}
}

/// Not `Sendable`, built by a main-actor initialiser: the scope is an argument of the main-actor registration.
@Registerable(scope: .singleton)
final class SettingsForm {
    var fields: [String] = []
    @MainActor init() { fields = ["name"] }
}

/// A global actor other than the main actor.
@globalActor actor IndexActor {
    static let shared = IndexActor()
}

/// Isolated to `IndexActor`: its factory runs there, and `load` hops to it.
@Registerable(scope: .singleton)
@IndexActor
final class SearchIndex {
    nonisolated static let built = Counter()
    let generation: Int
    init() throws { generation = Self.built.increment() }
}

/// An `async` initialiser on a global-actor type keeps its runtime arguments: the factory awaits it on the actor.
@Registerable
@IndexActor
final class IndexShard {
    let name: String
    init(name: String) async { self.name = name }
}

/// An `async` initialiser on a main-actor type: an `async` registration whose factory runs on the main actor.
@Registerable(parameters: .injected)
@MainActor
final class DashboardModel {
    let archive: AsyncArchive

    init(archive: AsyncArchive) async {
        await Task.yield()
        self.archive = archive
    }
}

/// Named with `isolation:`, not an attribute.
@Registerable(isolation: MainActor.self)
final class PaletteModel: Sendable {
    @MainActor init() {}
}

@Suite struct RegisterableAsyncTests {
    @Test func anAsyncInitializerRegistersAnAsyncFactoryThatLoadBuilds() async throws {
        let container = Container(name: "registerable-async", logger: DisabledLogger()) {
            AsyncArchive.dependencyRegistration
        }
        expectAsynchronousDependency { _ = try container.resolve(AsyncArchive.self) }
        let loaded = try await container.load(AsyncArchive.self)
        // A settled singleton: a later synchronous resolve answers from the cache.
        #expect(try container.resolve(AsyncArchive.self) === loaded)
        #expect(try await container.load(AsyncArchive.self) === loaded)
    }

    @Test func anAsyncInitializersParametersAreFactoryArguments() async throws {
        let container = Container(name: "registerable-async-arguments", logger: DisabledLogger()) {
            AsyncShard.dependencyRegistration
        }
        #expect(try await container.load(byType: AsyncShard.self, "eu").region == "eu")
        #expect(try await container.load(byType: AsyncShard.self, "us").region == "us")
    }

    @Test func aThrowingInitializersErrorReachesTheResolver() throws {
        let container = Container(name: "registerable-throwing", logger: DisabledLogger()) {
            CheckedQuota.dependencyRegistration
        }
        #expect(try container.inject(byType: CheckedQuota.self, 3).limit == 3)
        let error = #expect(throws: InjectionError.self) { try container.inject(byType: CheckedQuota.self, 0) }
        guard case .factoryFailed(_, let underlying)? = error else {
            Issue.record("expected factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is CheckedQuota.Exceeded)
    }

    @Test func anAsyncFactoryLoadsItsInjectedParametersFromTheGraph() async throws {
        let graph = Container(name: "registerable-async-injected", logger: DisabledLogger()) {
            Dependency { () async -> LedgerConnection in
                await Task.yield()
                return LedgerConnection(name: "ledger")
            }
            .scope(.singleton)
        }
        try await withActive(graph) {
            let container = Container(name: "registerable-async-ledger", logger: DisabledLogger()) {
                AsyncLedger.dependencyRegistration
            }
            let ledger = try await container.load(AsyncLedger.self)
            #expect(ledger.connection.name == "ledger")
            #expect(ledger.auditor == nil)
        }
    }

    @MainActor @Test func aMainActorTypeResolvesSynchronouslyOnTheMainActor() throws {
        let container = Container(name: "registerable-main-actor", logger: DisabledLogger()) {
            ProfileModel.dependencyRegistration
        }
        let model = try container.resolve(ProfileModel.self)
        model.title = "Edited"
        #expect(try container.resolve(ProfileModel.self).title == "Edited")  // `scope: .singleton`
    }

    @Test func aMainActorRegistrationRefusesASynchronousResolveElsewhereAndLoadHops() async throws {
        let container = Container(name: "registerable-main-actor-load", logger: DisabledLogger()) {
            ProfileModel.dependencyRegistration
        }
        #expect(await isolatedActor(resolving: ProfileModel.self, from: container) == "MainActor")
        let loaded = try await Task.detached { try await container.load(ProfileModel.self) }.value
        #expect(try await container.load(ProfileModel.self) === loaded)
    }

    @MainActor @Test func aNonSendableTypeWithAMainActorInitializerIsCachedOnTheMainActor() throws {
        let container = Container(name: "registerable-main-actor-init", logger: DisabledLogger()) {
            SettingsForm.dependencyRegistration
        }
        let form = try container.resolve(SettingsForm.self)
        #expect(form.fields == ["name"])
        #expect(try container.resolve(SettingsForm.self) === form)
    }

    @Test func aGlobalActorTypeIsLoadedOnItsActor() async throws {
        let container = Container(name: "registerable-global-actor", logger: DisabledLogger()) {
            SearchIndex.dependencyRegistration
        }
        #expect(await isolatedActor(resolving: SearchIndex.self, from: container)?.contains("IndexActor") == true)
        let index = try await container.load(SearchIndex.self)
        #expect(try await container.load(SearchIndex.self) === index)  // `scope: .singleton`
        #expect(index.generation == SearchIndex.built.value)
    }

    @Test func anAsyncInitializerOfAGlobalActorTypeTakesFactoryArguments() async throws {
        let container = Container(name: "registerable-global-actor-async", logger: DisabledLogger()) {
            IndexShard.dependencyRegistration
        }
        #expect(try await container.load(byType: IndexShard.self, "titles").name == "titles")
    }

    @MainActor @Test func anAsyncInitializerOfAMainActorTypeIsLoadedEvenOnTheMainActor() async throws {
        let archives = Container(name: "registerable-dashboard-archive", logger: DisabledLogger()) {
            AsyncArchive.dependencyRegistration
        }
        await DependencyGraph.activate(archives)
        defer { DependencyGraph.deactivate(archives) }
        let container = Container(name: "registerable-main-actor-async", logger: DisabledLogger()) {
            DashboardModel.dependencyRegistration
        }
        expectAsynchronousDependency { _ = try container.resolve(DashboardModel.self) }
        let dashboard = try await container.load(DashboardModel.self)
        #expect(dashboard.archive === (try await DependencyGraph.load(AsyncArchive.self)))
    }

    @Test func theIsolationArgumentRegistersOnTheNamedActor() async throws {
        let container = Container(name: "registerable-isolation-argument", logger: DisabledLogger()) {
            PaletteModel.dependencyRegistration
        }
        #expect(await isolatedActor(resolving: PaletteModel.self, from: container) == "MainActor")
        _ = try await container.load(PaletteModel.self)
    }
}

/// The actor a synchronous resolve of `type` from a detached task (off every actor) names in its
/// `InjectionError.isolatedDependency`, or `nil` when it does not throw that.
private func isolatedActor<T>(resolving type: T.Type, from container: Container) async -> String? {
    await Task.detached { () -> String? in
        do {
            _ = try container.resolve(T.self)
        } catch InjectionError.isolatedDependency(_, let actor) {
            return actor
        } catch {}
        return nil
    }.value
}

/// Expects `body` to throw `InjectionError.asynchronousDependency`: a synchronous resolve of an unsettled `async`
/// registration.
func expectAsynchronousDependency(
    _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = #expect(throws: InjectionError.self, sourceLocation: sourceLocation) { try body() }
    guard case .asynchronousDependency? = error else {
        Issue.record(
            "expected asynchronousDependency, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
    }
}
