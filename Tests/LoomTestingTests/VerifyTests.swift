import Loom
import LoomTesting
import Synchronization
import Testing

// `verify()` on planted defects. Each test builds its own containers and verifies them directly (Container.verify),
// so the shared graph never matters.

private final class Database: Sendable {}
private final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}
private final class RequestContext: Sendable {}
private protocol Cache: Sendable {}
private final class MemoryCache: Cache {}
private final class DiskCache: Cache {}
private final class CycleA: Sendable {}
private final class CycleB: Sendable {}
private final class Analytics: Sendable {}
private struct Settings: Sendable { let verbose: Bool }

@Suite struct VerifyTests {
    @Test func aHealthyContainerIsHealthy() {
        let container = Container(name: "healthy")
        container.register(scope: .singleton) { Database() }
        container.register { Repository(database: try container.resolve()) }
        container.register { (user: String) in RequestContext() }
        let report = container.verify()
        #expect(report.isHealthy, "\(report)")
        #expect(report.registrations.count == 3)
        #expect(report.skipped.map(\.key) == ["Type[RequestContext] with 1 parameter"])
        #expect(report.edges.map(\.description) == ["Type[Repository] → Type[Database]"])
        #expect(report.description.contains("healthy"))
    }

    @Test func findsAMissingDependencyWithItsPath() {
        let container = Container(name: "missing")
        container.register { Repository(database: try container.resolve()) }
        container.register { () throws -> Analytics in
            _ = try container.resolve(Repository.self)
            return Analytics()
        }
        let report = container.verify()
        #expect(!report.isHealthy)
        let paths = report.defects.compactMap { defect -> [String]? in
            guard case .missingDependency(let missing, let path) = defect, missing == "Type[Database]" else {
                return nil
            }
            return path.map(\.key)
        }
        #expect(paths.contains(["Type[Repository]"]))
        #expect(paths.contains(["Type[Analytics]", "Type[Repository]"]))
        #expect(report.description.contains("Missing dependency Type[Database]"))
    }

    @Test func findsACycleOnce() {
        let container = Container(name: "cycle")
        container.register(scope: .singleton) { () throws -> CycleA in
            _ = try container.resolve(CycleB.self)
            return CycleA()
        }
        container.register(scope: .singleton) { () throws -> CycleB in
            _ = try container.resolve(CycleA.self)
            return CycleB()
        }
        let report = container.verify()
        let cycles = report.defects.compactMap { defect -> [String]? in
            if case .cycle(let chain) = defect { return chain }
            return nil
        }
        #expect(cycles.count == 1)
        #expect(cycles.first?.first == cycles.first?.last)
        #expect(Set(cycles.first ?? []) == ["Type[CycleA]", "Type[CycleB]"])
    }

    @Test func findsAnAmbiguity() {
        let container = Container(name: "ambiguous") {
            Dependency { MemoryCache() }.conforms(to: (any Cache).self)
            Dependency { DiskCache() }.conforms(to: (any Cache).self)
        }
        let report = container.verify()
        let ambiguous = report.defects.compactMap { defect -> (String, Int)? in
            if case .ambiguity(let key, let candidates) = defect { return (key, candidates.count) }
            return nil
        }
        #expect(ambiguous.count == 1)
        #expect(ambiguous.first?.0 == "Type[Cache]")
        #expect(ambiguous.first?.1 == 2)
    }

    @Test func findsACaptiveDependency() {
        let container = Container(name: "captive")
        container.register(scope: .shared) { Database() }
        container.register(scope: .singleton) { Repository(database: try container.resolve()) }
        // A struct captured by a singleton is a copy, not a captive.
        container.register { Settings(verbose: true) }
        container.register(scope: .singleton) { () throws -> Analytics in
            _ = try container.resolve(Settings.self)
            return Analytics()
        }
        let report = container.verify()
        let captives = report.defects.compactMap { defect -> (String, String)? in
            if case .captiveDependency(let holder, let captive) = defect { return (holder.key, captive.key) }
            return nil
        }
        #expect(captives.count == 1)
        #expect(captives.first?.0 == "Type[Repository]")
        #expect(captives.first?.1 == "Type[Database]")
    }

    @Test func reportsOtherFailures() {
        struct Offline: Error {}
        let container = Container(name: "failing")
        container.register { () throws -> Database in throw Offline() }
        let report = container.verify()
        guard case .resolutionFailed(let registration, let message) = report.defects.first else {
            Issue.record("expected a failure, got \(report)")
            return
        }
        #expect(registration.key == "Type[Database]")
        #expect(message.contains("Offline"))
    }

    @Test func verificationCreatesNothingInTheLiveContainer() throws {
        let built = Counter()
        let container = Container(name: "sandboxed")
        container.register(scope: .singleton) { () -> Database in
            built.increment()
            return Database()
        }
        #expect(container.verify().isHealthy)
        #expect(built.value == 1)
        _ = try container.resolve(Database.self)
        // The live resolve built its own instance: the sandbox's was not kept.
        #expect(built.value == 2)
    }

    @Test func theGraphIsVerifiedThroughTheCurrentScope() async {
        // A child process activates nothing else, so the graph holds exactly the scope's registrations.
        await #expect(processExitsWith: .success) {
            withTestDependencies { container in
                container.register { Repository(database: try DependencyGraph.inject(byType: Database.self)) }
            } operation: {
                let report = DependencyGraph.verify()
                #expect(report.registrations.map(\.key) == ["Type[Repository]"])
                #expect(
                    report.defects.contains(
                        .missingDependency(missing: "Type[Database]", path: report.registrations)))
            }
        }
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
