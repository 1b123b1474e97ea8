// The snippets of the article "Per-module containers" (Modules/LoomCore/LoomCore.docc/Articles/
// PerModuleContainers.md), compiled and run. Keep the two in step.
//
// The article spreads its code over four modules (Shared, Search, Storage, App); here they share this file, so the
// declarations lose their `public` and become private (their names would otherwise clash with other tests of this
// target). The App module's start-up code activates containers and sets the global lookup policy, so it runs in
// child processes (exit tests); the tests that only resolve from the feature containers run in-process.
import Foundation
import LoomCore
import LoomInjection
import LoomLookup
import Testing

// MARK: Types the snippets assume

private final class SearchIndex: Sendable {}
private protocol NoteStore: Sendable {}
private final class SearchCache: NoteStore {}
private final class FileNoteStore: NoteStore {}
private final class SystemClock: AppClock { func now() -> Date { Date() } }

// MARK: Lay out the containers

// Module Shared: protocols and the root of every parent chain.
private protocol AppClock: Sendable { func now() -> Date }
private let sharedContainer = Container(name: "shared")

// Module Search: its own container, falling back to the shared one.
private let searchContainer = Container(name: "search", parent: sharedContainer) {
    Dependency { SearchIndex() }.scope(.singleton)
    Dependency { () -> any NoteStore in SearchCache() }.scope(.singleton)
}

// Module Storage: the same shape.
private let storageContainer = Container(name: "storage", parent: sharedContainer) {
    Dependency { () -> any NoteStore in FileNoteStore() }.scope(.singleton)
}

// MARK: Let feature objects resolve from their own container

// Module Search
private protocol SearchFeature: Containerable {}
extension SearchFeature {
    var container: Container { searchContainer }
}

private final class SearchEngine: SearchFeature, @unchecked Sendable {
    // The compiler stores each wrapper in a `var`; the wrappers lock their own state.
    @Injected var index: SearchIndex  // from Container(search)
    @Injected var store: any NoteStore  // search's store: no ambiguity
    @Injected var clock: any AppClock  // from Container(shared), through the parent
    init() {}
}

/// A struct inside the Search feature names its container explicitly.
private struct SearchSummary {
    @Injected(.capturingContainerOnInit(searchContainer)) var index: SearchIndex
}

@Suite struct PerModuleContainersTests {
    @Test func theAppModuleFillsTheSharedContainerAndActivatesTheFeatures() async {
        await #expect(processExitsWith: .success) {
            // Module App: fill the shared container, then activate the features.
            sharedContainer.register(scope: .singleton) { () -> any AppClock in SystemClock() }
            DependencyGraph.activate(storageContainer)
            DependencyGraph.activate(searchContainer)

            // Resolving from a feature container follows its chain.
            let index: SearchIndex = try searchContainer.resolve()  // Container(search)
            let clock: any AppClock = try searchContainer.resolve()  // Container(search) → Container(shared)
            let store: any NoteStore = try searchContainer.resolve()  // search's own store, never storage's
            #expect(try searchContainer.resolve(SearchIndex.self) === index, "the index is a singleton")
            #expect(clock is SystemClock, "the clock comes from the shared container")
            #expect(store is SearchCache, "search resolved another feature's store")

            // The graph: the shared registrations count once; a key two features register is ambiguous.
            _ = try DependencyGraph.inject(byType: (any AppClock).self)
            do {
                _ = try DependencyGraph.inject(byType: (any NoteStore).self)
                Issue.record("two features' note stores are not ambiguous in the graph")
            } catch InjectionError.multipleDependencies(_, let candidates) {
                #expect(candidates.count == 2, "\(candidates)")
                #expect(candidates.contains { $0.contains("Container(storage)") }, "\(candidates)")
                #expect(candidates.contains { $0.contains("Container(search)") }, "\(candidates)")
            }
            let stores: [any NoteStore] = try DependencyGraph.inject()
            #expect(stores.count == 2, "the graph did not return both stores")
            #expect(DependencyGraph.activeContainers.map(\.name) == ["storage", "search"], "active containers")

            // Deactivating a feature keeps the shared instances while another feature has it as parent.
            let sharedClock = try sharedContainer.resolve((any AppClock).self)
            DependencyGraph.deactivate(storageContainer)
            #expect(DependencyGraph.activeContainers.map(\.name) == ["search"], "deactivate")
            #expect(
                try sharedContainer.resolve((any AppClock).self) as AnyObject === sharedClock as AnyObject,
                "deactivating storage dropped the shared singleton")
            let onlyStore: any NoteStore = try DependencyGraph.inject()
            #expect(onlyStore is SearchCache, "the graph still sees storage's store")
        }
    }

    @Test func featureObjectsResolveFromTheirOwnContainerUnderTheEnclosingTypePolicy() async {
        await #expect(processExitsWith: .success) { () throws in
            sharedContainer.register(scope: .singleton) { () -> any AppClock in SystemClock() }
            DependencyGraph.activate(storageContainer)
            DependencyGraph.activate(searchContainer)

            // Module App
            Container.lookupPolicy = .enclosingType()  // non-feature objects: the graph

            let engine = SearchEngine()
            #expect(try engine.index === searchContainer.resolve(SearchIndex.self), "index")
            #expect(engine.store is SearchCache, "search's store")
            #expect(engine.clock is SystemClock, "clock through the parent")

            // A struct has no enclosing object: it names its container.
            #expect(SearchSummary().index === engine.index, "the struct's explicit container")

            // or, with a default container for objects outside a feature:
            let appContainer = Container(name: "app")
            Container.lookupPolicy = .enclosingType(default: appContainer)
            #expect(SearchEngine().store is SearchCache, "the feature container wins over the default")
        }
    }

    @Test func aFeatureContainerNeverSeesASiblingsRegistrations() throws {
        let fromSearch: any NoteStore = try searchContainer.resolve()
        let fromStorage: any NoteStore = try storageContainer.resolve()
        #expect(fromSearch is SearchCache)
        #expect(fromStorage is FileNoteStore)
        #expect(!storageContainer.isResolvable(SearchIndex.self))
        #expect(try SearchSummary().index === searchContainer.resolve(SearchIndex.self))
    }

    @Test func aMergedContainerLetsTheLaterChildWin() async {
        await #expect(processExitsWith: .success) {
            let app = Container(merging: [storageContainer, searchContainer], name: "app")
            Container.lookupPolicy = .singleton(app)

            let store: any NoteStore = try app.resolve()
            #expect(store is SearchCache, "the later child does not win")
            #expect(
                try app.resolve(SearchIndex.self) === searchContainer.resolve(SearchIndex.self),
                "instances are not shared with the children")
            final class Screen { @Injected var index: SearchIndex }
            #expect(try Screen().index === app.resolve(SearchIndex.self), "the policy does not use app")
        }
    }
}
