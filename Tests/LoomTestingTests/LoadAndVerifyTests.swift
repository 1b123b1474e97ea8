import Loom
import LoomTesting
import Testing

// `loadAndVerify()` on containers with async and actor-isolated registrations; `verify()` lists what only it can build.

private final class Connection: Sendable {}
private final class Store: Sendable {
    let connection: Connection
    init(connection: Connection) { self.connection = connection }
}
private final class Audit: Sendable {}
private final class Missing: Sendable {}
@MainActor private final class Screen {}
private final class PingA: Sendable {}
private final class PingB: Sendable {}

@Suite struct LoadAndVerifyTests {
    private static func healthyContainer(builds: Counter) -> Container {
        let container = Container(name: "async-healthy", logger: DisabledLogger())
        container.register(scope: .singleton) { () async throws -> Connection in
            builds.increment()
            return Connection()
        }
        container.register { () async throws -> Store in Store(connection: try await container.load()) }
        container.register(on: MainActor.self, scope: .singleton) { Screen() }
        return container
    }

    @Test func loadsAsyncAndIsolatedRegistrationsAndRecordsTheirEdges() async throws {
        let builds = Counter()
        let container = Self.healthyContainer(builds: builds)
        let report = await container.loadAndVerify()
        #expect(report.isHealthy, "\(report)")
        #expect(report.skipped.isEmpty)
        #expect(report.edges.map(\.description) == ["Type[Store] → Type[Connection]"])
        // Built in the sandbox only: the live container still has no instance.
        #expect(builds.value == 1)
        #expect(throws: InjectionError.self) { try container.resolve(Connection.self) }
    }

    @Test func synchronousVerifyListsWhatOnlyLoadingCanBuild() {
        let container = Self.healthyContainer(builds: Counter())
        let report = container.verify()
        #expect(report.isHealthy, "\(report)")
        #expect(Set(report.skipped.map(\.key)) == ["Type[Connection]", "Type[Store]", "Type[Screen]"])
    }

    @Test func reportsAMissingDependencyOfAnAsyncFactoryWithItsPath() async {
        let container = Container(name: "async-missing", logger: DisabledLogger())
        container.register { () async throws -> Audit in
            _ = try await container.load(Missing.self)
            return Audit()
        }
        let report = await container.loadAndVerify()
        #expect(!report.isHealthy)
        let paths = report.defects.compactMap { defect -> [String]? in
            guard case .missingDependency(let missing, let path) = defect, missing == "Type[Missing]" else {
                return nil
            }
            return path.map(\.key)
        }
        #expect(paths == [["Type[Audit]"]])
    }

    @Test func reportsACycleThroughAsyncFactoriesOnce() async {
        let container = Container(name: "async-cycle", logger: DisabledLogger())
        container.register(scope: .singleton) { () async throws -> PingA in
            _ = try await container.load(PingB.self)
            return PingA()
        }
        container.register(scope: .singleton) { () async throws -> PingB in
            _ = try await container.load(PingA.self)
            return PingB()
        }
        let report = await container.loadAndVerify()
        let cycles = report.defects.filter {
            if case .cycle = $0 { return true }
            return false
        }
        #expect(cycles.count == 1, "\(report)")
    }
}
