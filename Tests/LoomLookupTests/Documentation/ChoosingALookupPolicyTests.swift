// The snippets of the article "Choosing a lookup policy" (Modules/LoomLookup/LoomLookup.docc/Articles/
// ChoosingALookupPolicy.md), compiled and run. Keep the two in step. Snippets that set the global
// `Container.lookupPolicy` run in a child process (exit tests); the types and containers they assume are private,
// so their names do not clash with the other tests of this target, and lose the article's `public`.
import LoomCore
import LoomInjection
import LoomLookup
import Testing

// MARK: Types the snippets assume

private protocol Greeter: Sendable { func greet(_ name: String) -> String }
private struct EnglishGreeter: Greeter { func greet(_ name: String) -> String { "Hello, \(name)!" } }
private final class SearchIndex: Sendable {}
private protocol AppClock: Sendable {}
private final class SystemClock: AppClock {}
private let sharedContainer = Container(name: "shared") {
    Dependency { () -> any AppClock in SystemClock() }.scope(.singleton)
}
private let storageContainer = Container(name: "storage", parent: sharedContainer)
private let previewContainer = Container(name: "preview") { Dependency { SearchIndex() }.scope(.singleton) }

private final class GreetingScreen {
    @Injected var greeter: any Greeter
}

// MARK: The enclosing object's container

// Module Search
private let searchContainer = Container(name: "search", parent: sharedContainer) {
    Dependency { SearchIndex() }.scope(.singleton)
}

private protocol SearchFeature: Containerable {}
extension SearchFeature {
    var container: Container { searchContainer }
}

private final class SearchViewModel: SearchFeature {
    @Injected var index: SearchIndex  // from searchContainer
    @Injected var clock: any AppClock  // from sharedContainer, through the parent chain
}

private final class ProfileViewModel {
    @Injected var index: SearchIndex
}

// MARK: Writing a policy

private struct ModuleLookupPolicy: ContainerLookupPolicy {
    /// Module name → container; modules not listed resolve from the graph.
    let containers: [String: Container]

    func container<Enclosing>(for instance: Enclosing, file: StaticString, function: StaticString, line: UInt)
        -> Container?
    {
        // `file` is the property's #fileID: "Module/File.swift".
        let module = file.description.split(separator: "/").first.map(String.init) ?? ""
        return containers[module]
    }
}

/// A struct: it has no enclosing object, which a module-based policy does not need.
private struct SearchQuery {
    @Injected var index: SearchIndex
}

@Suite struct ChoosingALookupPolicyTests {
    @Test func oneContainer() async {
        await #expect(processExitsWith: .success) {
            let container = Container(name: "app")
            container.register { () -> any Greeter in EnglishGreeter() }
            Container.lookupPolicy = .singleton(container)

            #expect(GreetingScreen().greeter.greet("Ada") == "Hello, Ada!")
        }
    }

    @Test func theEnclosingObjectsContainer() async {
        await #expect(processExitsWith: .success) { () throws in
            // Module App, at start-up
            Container.lookupPolicy = .enclosingType()  // objects outside a feature: the graph

            let viewModel = SearchViewModel()
            #expect(try viewModel.index === searchContainer.resolve(SearchIndex.self), "index")
            #expect(
                try viewModel.clock as AnyObject === sharedContainer.resolve((any AppClock).self) as AnyObject,
                "clock")
            // Objects outside a feature resolve from the graph.
            DependencyGraph.activate(previewContainer)
            #expect(try ProfileViewModel().index === previewContainer.resolve(SearchIndex.self), "graph")
        }
    }

    @Test func theDefaultContainerServesObjectsOutsideAFeature() throws {
        let viewModel = Container.withLookupPolicy(.enclosingType(default: previewContainer)) { ProfileViewModel() }
        #expect(try viewModel.index === previewContainer.resolve(SearchIndex.self))
        // A struct reaches the policy without an object: the default container.
        let query = Container.withLookupPolicy(.enclosingType(default: previewContainer)) { SearchQuery() }
        #expect(query.index === viewModel.index)
    }

    @Test func aPolicyOfYourOwn() async throws {
        let policy = ModuleLookupPolicy(containers: ["Search": searchContainer, "Storage": storageContainer])
        #expect(
            policy.container(for: nil as AnyObject?, file: "Search/Index.swift", function: "f", line: 1)
                === searchContainer)
        #expect(policy.container(for: nil as AnyObject?, file: "App/App.swift", function: "f", line: 1) == nil)
        // The struct's property is declared in this module, LoomLookupTests.
        let routed = ModuleLookupPolicy(containers: ["LoomLookupTests": searchContainer])
        let query = Container.withLookupPolicy(routed) { SearchQuery() }
        #expect(try query.index === searchContainer.resolve(SearchIndex.self))

        await #expect(processExitsWith: .success) {
            Container.lookupPolicy = ModuleLookupPolicy(containers: [
                "Search": searchContainer, "Storage": storageContainer,
            ])
            #expect(Container.lookupPolicy is ModuleLookupPolicy)
        }
    }

    @Test func aPropertyKeepsThePolicyItCaptured() throws {
        // Created under the preview policy, the property keeps it after the scope ends.
        let viewModel = Container.withLookupPolicy(.singleton(previewContainer)) { ProfileViewModel() }
        #expect(try viewModel.index === previewContainer.resolve(SearchIndex.self))
    }

    @Test func scopingAPolicyToSomeWork() async throws {
        let viewModel = Container.withLookupPolicy(.singleton(previewContainer)) {
            ProfileViewModel()  // its @Injected properties resolve from previewContainer
        }
        #expect(try viewModel.index === previewContainer.resolve(SearchIndex.self))

        // A `Task { }` created inside the closure inherits the scoped policy; `Task.detached` does not.
        await Container.withLookupPolicy(.singleton(previewContainer)) {
            let inherited = await Task { (Container.lookupPolicy as? SingletonLookupPolicy)?.container }.value
            let detached = await Task.detached { (Container.lookupPolicy as? SingletonLookupPolicy)?.container }.value
            #expect(inherited === previewContainer)
            #expect(detached !== previewContainer)
        }
    }
}
