import Loom
import LoomFixtureApp
import LoomFixtureSearch
import LoomFixtureShared
import LoomFixtureStorage
import LoomTestSupport
import Testing

/// A modular app the way the sample CLI is built: each feature module owns a `Containerable` container (with the
/// shared container as parent), and the app module composes them and activates everything in the graph.
@Suite struct PerModuleContainerTests {
    init() { NotesApp.start() }

    @Test func eachFeatureResolvesFromItsOwnContainer() {
        let repository = NotesRepository()
        let engine = SearchEngine()
        #expect(repository.store.owner == "storage")
        #expect(engine.cache.owner == "search")
        #expect(repository.store !== engine.cache)
        #expect(repository.store === NotesRepository().store)
    }

    @Test func featuresFallBackToTheSharedContainerTheAppFilled() {
        let repository = NotesRepository()
        let engine = SearchEngine()
        #expect(repository.clock as AnyObject === engine.clock as AnyObject)
        repository.save("hello")
        #expect(repository.store.notes.last?.text.hasSuffix(": hello") == true)
    }

    @Test func codeOutsideTheFeaturesResolvesFromTheGraph() {
        let coordinator = AppCoordinator()
        #expect(coordinator.index === SearchEngine().index)
        #expect(coordinator.clock as AnyObject === NotesRepository().clock as AnyObject)
        // Both features register their own `any NoteStore`: the graph sees both, as two registrations.
        #expect(Set(coordinator.stores.map(\.owner)) == ["storage", "search"])
        #expect(throws: InjectionError.self) { try DependencyGraph.inject() as any NoteStore }
    }

    @Test func weakInjectionFollowsTheFeatureSingleton() {
        let repository = NotesRepository()
        #expect(repository.weakStore === repository.store)
    }
}
