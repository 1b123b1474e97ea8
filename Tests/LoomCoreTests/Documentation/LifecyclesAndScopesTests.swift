// The snippets of the article "Lifecycles and scopes" (Modules/LoomCore/LoomCore.docc/Articles/
// LifecyclesAndScopes.md), compiled and run. Keep the two in step: each test holds one snippet, verbatim where Swift
// allows, plus the types it assumes (private, so their names do not clash with the other tests of this target).
import LoomCore
import LoomTestSupport
import Testing

// MARK: Types the snippets assume

/// What the snippets' hooks did, in order.
private let journal = Collected<String>()

private final class Database: Sendable {
    func close() { journal.append("database closed") }
}
private final class Pool: Sendable {
    func drain() async {
        await Task.yield()
        journal.append("pool drained")
    }
}
private final class SearchIndex: Sendable {
    func flush() { journal.append("index flushed") }
}
private final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
    func stop() { journal.append("repository stopped") }
}
private final class RequestContext: Sendable {
    func finish() { journal.append("request finished") }
}
private struct Request: Sendable {}
private let request = Request()
private func handle(_ request: Request, in context: RequestContext) async throws { await Task.yield() }
private final class SlowPool: Sendable {}

/// The article's snippets share one journal: run them one at a time.
@Suite(.serialized) struct LifecyclesAndScopesTests {
    // MARK: Overview

    @Test func hooksRunWhenInstancesLeaveTheirCache() async throws {
        journal.removeAll()
        let container = Container(name: "app") {
            Dependency { Database() }.scope(.singleton).onRelease { database in database.close() }
            Dependency { Pool() }.scope(.singleton).onRelease { pool async in await pool.drain() }
        }
        container.register(scope: .singleton) {
            SearchIndex()
        } onRelease: {
            $0.flush()
        }

        _ = try container.resolve(Database.self)
        _ = try container.resolve(Pool.self)
        _ = try container.resolve(SearchIndex.self)
        try await container.shutdown()
        #expect(Set(journal.all) == ["database closed", "pool drained", "index flushed"])
    }

    @Test func theHookMayComeBeforeTheFactory() async throws {
        journal.removeAll()
        let container = Container(name: "app")
        // swift-format-ignore: OnlyOneTrailingClosureArgument
        container.register(scope: .singleton, onRelease: { $0.flush() }) { SearchIndex() }
        _ = try container.resolve(SearchIndex.self)
        container.cleanup()
        #expect(journal.all == ["index flushed"])
    }

    // MARK: Order

    @Test func dependentsAreReleasedFirst() throws {
        journal.removeAll()
        let container = Container(name: "app")
        container.register(scope: .singleton) {
            Repository(database: try container.resolve())
        } onRelease: {
            $0.stop()
        }
        container.register(scope: .singleton) {
            Database()
        } onRelease: {
            $0.close()
        }

        _ = try container.resolve(Repository.self)
        container.resetCachedInstances()
        #expect(journal.all == ["repository stopped", "database closed"])
    }

    // MARK: Shutdown

    @Test func shutdownReportsAHookThatTimesOut() async throws {
        let container = Container(name: "app")
        let finish = Counter()
        container.add {
            Dependency {
                SlowPool()
            }
            .scope(.singleton)
            .onRelease { _ in
                while finish.value == 0 { await Task.yield() }
            }
        }
        _ = try container.resolve(SlowPool.self)
        var printed: [String] = []
        do {
            try await container.shutdown(hookTimeout: .milliseconds(20))
        } catch let error as ReleaseError {
            for failure in error.failures { printed.append("\(failure)") }
        }
        finish.increment()
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("Type[SlowPool]: the release hook did not finish within") == true)
    }

    // MARK: Request scopes

    @Test func aRequestScopeReleasesItsInstancesWhenItEnds() async throws {
        journal.removeAll()
        let container = Container(name: "app")
        container.register(scope: .scoped) {
            RequestContext()
        } onRelease: {
            $0.finish()
        }

        try await container.withScope { scope in
            let context: RequestContext = try scope.resolve()
            try await handle(request, in: context)
        }
        #expect(journal.all == ["request finished"])
    }

    @Test func scopesNest() throws {
        journal.removeAll()
        let container = Container(name: "app")
        container.register(scope: .scoped) {
            RequestContext()
        } onRelease: {
            $0.finish()
        }

        var instances: [RequestContext] = []
        try container.withScope { outer in
            let request: RequestContext = try outer.resolve()
            try container.withScope { inner in
                let job: RequestContext = try inner.resolve()  // another instance, released first
                instances.append(job)
            }
            instances.append(request)
            #expect(journal.all == ["request finished"])
        }
        #expect(instances.count == 2 && instances[0] !== instances[1])
        #expect(journal.all == ["request finished", "request finished"])
    }

    @Test func aScopedRegistrationOutsideAScopeThrows() throws {
        let container = Container(name: "app")
        container.register(scope: .scoped) { RequestContext() }
        #expect {
            _ = try container.resolve(RequestContext.self)
        } throws: { error in
            guard case .outsideRequestScope = error as? InjectionError else { return false }
            return true
        }
    }
}
