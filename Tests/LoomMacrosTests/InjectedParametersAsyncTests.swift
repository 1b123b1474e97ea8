import LoomMacros
import LoomTestSupport
import LoomTesting
import Testing

// Runtime checks of `@InjectedParameters` on `async` declarations: the generated overloads `load` their parameters,
// so parameters registered with `async` factories arrive. Every test registers types no other test registers and
// deactivates what it activates, so the suite runs in parallel with the rest of the process-wide graph's users.

/// Registered with an `async` factory: a synchronous injection cannot build it.
final class MigrationStore: Sendable {
    let version: Int
    init(version: Int) { self.version = version }
}

/// Registered by nobody: an `Optional` parameter receives `nil`.
struct MigrationLog: Sendable {}

struct Migrator {
    @InjectedParameters
    func migrate(store: MigrationStore, log: MigrationLog?) async -> String {
        "v\(store.version), \(log == nil ? "no log" : "logged")"
    }

    @InjectedParameters(strategy: .byName)
    func compare(primary: MigrationStore, replica: MigrationStore?) async throws -> String {
        "primary v\(primary.version), replica \(replica.map { "v\($0.version)" } ?? "none")"
    }

    @InjectedParameters(ignoring: "label")
    static func list(label: String, stores: [MigrationStore]) async -> String {
        "\(label): \(stores.map(\.version))"
    }
}

actor MigrationRunner {
    let store: MigrationStore

    @InjectedParameters
    init(store: MigrationStore) async { self.store = store }
}

/// Not `Sendable`: registered on the main actor and injected synchronously into an `async` main-actor method.
final class MigrationScreenState {
    let title: String
    init(title: String) { self.title = title }
}

@MainActor
struct MigrationScreen {
    @InjectedParameters(loading: .synchronous)
    func present(state: MigrationScreenState) async -> String {
        await Task.yield()
        return state.title
    }
}

/// Its registration takes a while: a second caller waits for the first one's construction.
final class SlowMigrationStore: Sendable {}

enum SlowMigrator {
    @InjectedParameters
    static func open(store: SlowMigrationStore) async -> SlowMigrationStore { store }
}

/// A missing dependency of an `async` overload is reported at the line of the call.
enum MissingAsyncParameterCaller {
    final class Absent: Sendable {}

    /// Where a failure is reported: the attribute's line (the overload carries it as a literal).
    static let attributeLine: UInt = #line + 1
    @InjectedParameters
    static func use(absent: Absent) async -> Bool { true }

    static func call() async {
        _ = await use()
    }
}

@Suite struct InjectedParametersAsyncTests {
    @Test func asyncOverloadsLoadParametersRegisteredWithAsyncFactories() async throws {
        let container = Container(name: "injected-async", logger: DisabledLogger()) {
            Dependency { () async -> MigrationStore in
                await Task.yield()
                return MigrationStore(version: 3)
            }
            .scope(.singleton)
            Dependency { () async -> MigrationStore in MigrationStore(version: 1) }.named("primary")
        }
        try await withActive(container) {
            // Not yet built: a synchronous injection cannot answer, so the overload must load.
            #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: MigrationStore.self) }
            #expect(await Migrator().migrate() == "v3, no log")
            let compared = try await Migrator().compare()
            #expect(compared == "primary v1, replica none")
            #expect(await Migrator.list(label: "stores") == "stores: [3]")
            #expect(await MigrationRunner().store.version == 3)
        }
    }

    @MainActor @Test func synchronousLoadingInjectsANonSendableMainActorValue() async {
        let container = Container(name: "injected-async-main-actor", logger: DisabledLogger()) {
            Dependency(isolation: MainActor.self) { MigrationScreenState(title: "Migrations") }
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(await MigrationScreen().present() == "Migrations")
    }

    @Test func aCancelledCallerStillReceivesItsParameter() async throws {
        let builds = Counter()
        let container = Container(name: "injected-async-cancelled", logger: DisabledLogger()) {
            Dependency { () async throws -> SlowMigrationStore in
                builds.increment()
                try await Task.sleep(for: .milliseconds(200))
                return SlowMigrationStore()
            }
            .scope(.singleton)
        }
        try await withActive(container) {
            let builder = Task { try await DependencyGraph.load(SlowMigrationStore.self) }
            while builds.value == 0 { try await Task.sleep(for: .milliseconds(1)) }
            // Cancelled while the builder's construction is in flight: `load` throws `CancellationError` to a
            // waiter whose task is cancelled; the overload still waits for the value instead of stopping.
            let caller = Task { await SlowMigrator.open() }
            caller.cancel()
            let received = await caller.value
            #expect(received === (try await builder.value))
            #expect(builds.value == 1)
        }
    }

    @Test func aFailedLoadStopsAtTheAttributesLine() async {
        let line = MissingAsyncParameterCaller.attributeLine
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            await MissingAsyncParameterCaller.call()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("die LoomMacrosTests/InjectedParametersAsyncTests.swift:\(line) "))
        #expect(output.contains("InjectionError: No registration found for Type[Absent]"))
    }
}
