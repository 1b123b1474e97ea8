// The snippets of the article "Async and actor-isolated dependencies" (Modules/LoomCore/LoomCore.docc/Articles/
// AsyncAndActorIsolatedDependencies.md), compiled and run. Keep the two in step: each test holds one snippet, verbatim
// where Swift allows, plus the types it assumes (private, so their names do not clash with the other tests of this
// target). The snippet that does not compile is checked by Scripts/check-compile-failures
// (Tests/CompileFailures/LoadOfANonSendableMainActorValue.swift).
import LoomCore
import LoomTestSupport
import Testing

// MARK: Types the snippets assume

private final class Database: Sendable {
    static let connections = Counter()
    let name: String
    init(name: String) { self.name = name }
    static func connect(to url: String) async throws -> Database {
        connections.increment()
        try await Task.sleep(for: .milliseconds(1))
        return Database(name: url)
    }
}
private final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}
private enum Region: Hashable, Sendable { case europe, asia }
private final class RegionalStore: Sendable {
    let region: Region
    init(region: Region) { self.region = region }
}
@MainActor private final class ProfileViewModel {
    var title = ""
}
@MainActor private final class SettingsStore: Sendable {
    private(set) var theme = "light"
    func apply(theme: String) { self.theme = theme }
}
@globalActor private actor StorageActor {
    static let shared = StorageActor()
}
private final class ConnectionPool: Sendable {
    let size: Int
    init(size: Int) { self.size = size }
}

@Suite struct AsyncAndActorIsolatedDependenciesTests {
    // MARK: Overview

    @Test func overview() async throws {
        let app = Container(name: "app")
        app.register(scope: .singleton) { () async throws -> Database in
            try await Database.connect(to: "sqlite://app.db")
        }

        let database: Database = try await app.load()
        let same: Database = try app.resolve()  // settled: synchronous from now on
        #expect(same === database)
    }

    @Test func aSynchronousResolveOfAnUnsettledAsyncRegistrationThrows() {
        let pool = Container(name: "pool")
        pool.register(scope: .singleton) { () async throws -> Database in
            try await Database.connect(to: "sqlite://pool.db")
        }
        var printed: String?
        do {
            _ = try pool.resolve(Database.self)
        } catch InjectionError.asynchronousDependency(let context) {
            printed = "\(context)"  // print(context): Type[Database]; load it first
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(printed?.contains("Type[Database]") == true)
    }

    // MARK: Async factories

    @Test func everyRegistrationFormTakesAnAsyncFactory() async throws {
        let services = Container(name: "services")
        services.register(scope: .singleton) { () async throws -> Database in
            try await Database.connect(to: "sqlite://services.db")
        }
        services.register(alternative: "replica", scope: .singleton) { () async throws -> Database in
            try await Database.connect(to: "sqlite://replica.db")
        }
        services.register { () async throws -> Repository in
            Repository(database: try await services.load())
        }
        services.register(scope: .singleton) { (region: Region) async throws -> RegionalStore in
            RegionalStore(region: region)
        }

        let repository: Repository = try await services.load()
        let replica = try await services.load(Database.self, alternative: "replica")
        let store = try await services.load(byType: RegionalStore.self, Region.europe)
        #expect(repository.database.name == "sqlite://services.db")
        #expect(replica.name == "sqlite://replica.db")
        #expect(store.region == .europe)
    }

    @Test func theBuilderTakesAsyncFactoriesAndAsyncActivationBuildsEagerOnes() async throws {
        // The graph is process-wide: in a child process, so no other test's Database is active beside it.
        await #expect(processExitsWith: .success) {
            let before = Database.connections.value
            let feature = Container(name: "feature") {
                Dependency { () async throws in try await Database.connect(to: "sqlite://feature.db") }
                    .scope(.singleton)
                    .eagerness(.eager)
            }
            await DependencyGraph.activate(feature)  // builds the eager async singleton before it returns
            guard Database.connections.value == before + 1 else { fatalError("not built by activate") }
            let featureDatabase: Database = try await DependencyGraph.load()
            guard featureDatabase.name == "sqlite://feature.db", Database.connections.value == before + 1 else {
                fatalError("the eager instance was not reused")
            }
        }
    }

    @Test func aCachedScopeIsBuiltOnceForEveryConcurrentLoad() async throws {
        let shared = Container(name: "shared")
        shared.register(scope: .singleton) { () async throws -> Database in
            try await Database.connect(to: "sqlite://shared.db")
        }
        let all = try await withThrowingTaskGroup(of: Database.self) { group in
            for _ in 0..<100 { group.addTask { try await shared.load(Database.self) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // all 100 are the same instance, built by one call of the factory
        #expect(all.count == 100)
        #expect(all.allSatisfy { $0 === all[0] })
    }

    // MARK: The main actor

    @MainActor @Test func theMainActorResolvesItsRegistrationsSynchronously() throws {
        let screens = Container(name: "screens")
        screens.register(on: MainActor.self, scope: .singleton) { ProfileViewModel() }

        @MainActor func showProfile() throws {
            let model: ProfileViewModel = try screens.resolve()
            model.title = "Ada"
        }
        try showProfile()
        #expect(try screens.resolve(ProfileViewModel.self).title == "Ada")
    }

    @Test func aSendableMainActorTypeIsLoadedFromElsewhere() async throws {
        let settings = Container(name: "settings")
        settings.register(on: MainActor.self, scope: .singleton) { SettingsStore() }

        func applyTheme() async throws {
            let store: SettingsStore = try await settings.load()  // built on the main actor
            await store.apply(theme: "dark")
        }
        try await applyTheme()
        #expect(try await settings.load(SettingsStore.self).theme == "dark")
    }

    // MARK: Other global actors

    @Test func anotherGlobalActorBuildsItsValueAndThenAnyThreadResolvesIt() async throws {
        let storage = Container(name: "storage")
        storage.register(on: StorageActor.self, scope: .singleton) { @StorageActor in ConnectionPool(size: 4) }

        let connections: ConnectionPool = try await storage.load()  // built on StorageActor
        let cached: ConnectionPool = try storage.resolve()  // settled: any thread
        #expect(cached === connections)
        #expect(connections.size == 4)
    }

    // MARK: Verifying

    @Test func loadAndVerifyLoadsEveryRegistration() async throws {
        let checked = Container(name: "checked")
        checked.register(scope: .singleton) { () async throws -> Database in
            try await Database.connect(to: "sqlite://checked.db")
        }
        checked.register { () async throws -> Repository in Repository(database: try await checked.load()) }

        let report = await checked.loadAndVerify()
        #expect(report.isHealthy)  // true; Type[Repository] → Type[Database] among its edges
        #expect(report.edges.map(\.description).contains("Type[Repository] → Type[Database]"))
    }
}
