import LoomCore
import LoomInjection
import LoomTestSupport
import Testing

/// The dependency an `@Injected` property resolves at its first read counts for release order.
///
/// The property resolves after the object holding it was built; what it finds still counts: the holder is released before what its property resolved (and before what
/// that was built from), and after whatever was built from the holder itself.
@Suite struct InjectedReleaseOrderTests {
    final class Pool: Sendable {}
    final class Database: Sendable {
        let pool: Pool
        init(pool: Pool) { self.pool = pool }
    }
    final class LazyRepository: @unchecked Sendable {
        // The wrapper keeps its value in a lock.
        @Injected var database: Database
        init(container: Container) { _database = Injected(.capturingContainerOnInit(container)) }
    }

    final class ViewModel: Sendable {
        let repository: LazyRepository
        init(repository: LazyRepository) { self.repository = repository }
    }

    /// Registers the pool, the database (built from the pool) and the repository, each logging its release.
    static func register(in container: Container, log: Collected<String>) {
        container.register(scope: .singleton) {
            Pool()
        } onRelease: { _ in
            log.append("pool")
        }
        container.register(scope: .singleton) {
            Database(pool: try container.resolve())
        } onRelease: { _ in
            log.append("database")
        }
        container.register(scope: .singleton) {
            LazyRepository(container: container)
        } onRelease: { _ in
            log.append("repository")
        }
    }

    @Test func aHolderIsReleasedBeforeTheDependencyItsPropertyResolvedAtFirstRead() async throws {
        let container = Container(logger: DisabledLogger())
        let log = Collected<String>()
        Self.register(in: container, log: log)
        let repository: LazyRepository = try container.resolve()
        _ = repository.database
        try await container.shutdown()
        #expect(log.all == ["repository", "database", "pool"])
    }

    @Test func whatWasBuiltFromTheHolderIsStillReleasedBeforeIt() async throws {
        let container = Container(logger: DisabledLogger())
        let log = Collected<String>()
        Self.register(in: container, log: log)
        container.register(scope: .singleton) {
            ViewModel(repository: try container.resolve())
        } onRelease: { _ in
            log.append("view model")
        }
        let model: ViewModel = try container.resolve()
        _ = model.repository.database
        try await container.shutdown()
        #expect(log.all == ["view model", "repository", "database", "pool"])
    }

    @Test func aResetReleasesInTheSameOrder() throws {
        let container = Container(logger: DisabledLogger())
        let log = Collected<String>()
        Self.register(in: container, log: log)
        let repository: LazyRepository = try container.resolve()
        _ = repository.database
        container.resetCachedInstances()
        #expect(log.all == ["repository", "database", "pool"])
    }

    /// The same for an `async` dependency loaded through the property's `load()`.
    @Test func aHolderIsReleasedBeforeWhatItsPropertyLoaded() async throws {
        let container = Container(logger: DisabledLogger())
        let log = Collected<String>()
        container.register(scope: .singleton) { () async -> Pool in
            Pool()
        } onRelease: { _ in
            log.append("pool")
        }
        container.register(scope: .singleton) { () async throws -> Database in
            Database(pool: try await container.load())
        } onRelease: { _ in
            log.append("database")
        }
        container.register(scope: .singleton) {
            LazyRepository(container: container)
        } onRelease: { _ in
            log.append("repository")
        }
        let repository: LazyRepository = try container.resolve()
        _ = try await repository.$database.load()
        try await container.shutdown()
        #expect(log.all == ["repository", "database", "pool"])
    }
}
