import Foundation
import LoomCore
import LoomInjection
import LoomTestSupport
import LoomTesting
import Testing

/// A property whose registration is built asynchronously: one `try await $property.load()`, then synchronous reads.
final class ReportScreen: @unchecked Sendable {
    protocol Store: Sendable { var id: Int { get } }
    final class Replica: Store {
        var id: Int { 2 }
    }
    final class Database: Store {
        let id: Int
        init(id: Int) { self.id = id }
    }
    @Injected var database: Database
    @Injected var replicas: [any Store]
    @Injected var missing: Missing?
    final class Missing: Sendable {}

    /// Where `database` was created, as its failure reports name it.
    let databaseLine: UInt

    init(from container: Container) {
        databaseLine = #line + 1
        _database = Injected(.capturingContainerOnInit(from: container))
        _replicas = Injected(.capturingContainerOnInit(from: container))
        _missing = Injected(.capturingContainerOnInit(from: container))
    }
}

@MainActor final class LoadingProfileScreen {
    @MainActor final class Model {
        var title = "Profile"
    }
    @Injected var model: Model
    init(from container: Container) { _model = Injected(.capturingContainerOnInit(from: container)) }
}

@Suite struct InjectedLoadTests {
    @Test func loadingOnceMakesLaterReadsSynchronous() async throws {
        let container = Container(logger: DisabledLogger())
        let builds = Counter()
        container.register(scope: .singleton) { () async throws -> ReportScreen.Database in
            try await Task.sleep(for: .milliseconds(1))
            return ReportScreen.Database(id: builds.increment())
        }
        let screen = ReportScreen(from: container)
        let loaded = try await screen.$database.load()
        #expect(screen.database === loaded)
        #expect(screen.database === (try await container.load(ReportScreen.Database.self)))
        #expect(builds.value == 1)
    }

    @Test func collectionsAndOptionalsLoadToo() async throws {
        let container = Container(logger: DisabledLogger()) {
            Dependency { () async -> ReportScreen.Database in ReportScreen.Database(id: 1) }
                .conforms(to: (any ReportScreen.Store).self)
            Dependency { () async -> ReportScreen.Replica in ReportScreen.Replica() }
                .conforms(to: (any ReportScreen.Store).self)
        }
        let screen = ReportScreen(from: container)
        let stores = try await screen.$replicas.load()
        #expect(stores.map(\.id).sorted() == [1, 2])
        #expect(screen.replicas.map(\.id).sorted() == [1, 2])
        #expect(try await screen.$missing.load() == nil)
        #expect(screen.missing == nil)
    }

    @Test func aFailedLoadThrowsAndKeepsNothing() async throws {
        let container = Container(logger: DisabledLogger())
        struct Offline: Error {}
        let attempts = Counter()
        container.register(scope: .singleton) { () async throws -> ReportScreen.Database in
            if attempts.increment() == 1 { throw Offline() }
            return ReportScreen.Database(id: 2)
        }
        let screen = ReportScreen(from: container)
        let error = await #expect(throws: InjectionError.self) { try await screen.$database.load() }
        guard case .factoryFailed(_, let underlying)? = error else {
            Issue.record("expected factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is Offline)
        #expect(try await screen.$database.load().id == 2)
        #expect(screen.database.id == 2)
    }

    @Test func readingBeforeLoadingFailsAtThePropertysFileAndLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            let container = Container(logger: DisabledLogger())
            container.register(scope: .singleton) { () async -> ReportScreen.Database in ReportScreen.Database(id: 1) }
            let screen = ReportScreen(from: container)
            FileHandle.standardError.write(Data("line \(screen.databaseLine)\n".utf8))
            _ = screen.database
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let line = output.split(separator: "\n").first { $0.hasPrefix("line ") }?.dropFirst(5)
        #expect(line != nil)
        #expect(output.contains("die LoomInjectionTests/InjectedLoadTests.swift:\(line ?? "?") "))
        #expect(output.contains("async factory"))
        #expect(output.contains("$property.load()"))
    }

    @MainActor @Test func aMainActorPropertyReadsAMainActorRegistrationSynchronously() throws {
        let container = Container(logger: DisabledLogger())
        container.register(on: MainActor.self, scope: .singleton) { LoadingProfileScreen.Model() }
        let screen = LoadingProfileScreen(from: container)
        screen.model.title = "Edited"
        #expect(screen.model.title == "Edited")
        #expect(try container.resolve(LoadingProfileScreen.Model.self) === screen.model)
    }
}
