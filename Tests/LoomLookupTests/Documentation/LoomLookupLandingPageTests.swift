// The snippets of LoomLookup's landing page (Modules/LoomLookup/LoomLookup.docc/LoomLookup.md), compiled and run.
// Keep the two in step. Setting `Container.lookupPolicy` changes the whole process, so the tests that do it run in
// a child process (exit tests). The types and containers the snippets assume are private, so their names do not
// clash with the other tests of this target, and lose the article's `public`.
import LoomCore
import LoomInjection
import LoomLookup
import Testing

private final class SearchIndex: Sendable {}
private let appContainer = Container(name: "app") { Dependency { SearchIndex() }.scope(.singleton) }
private let searchContainer = Container(name: "search") { Dependency { SearchIndex() }.scope(.singleton) }

private protocol SearchFeature: Containerable {}
extension SearchFeature {
    var container: Container { searchContainer }
}

private final class SearchViewModel: SearchFeature {
    @Injected var index: SearchIndex  // from searchContainer, under .enclosingType
}

/// Not part of a feature: resolves from the policy's default container.
private final class AboutViewModel {
    @Injected var index: SearchIndex
}

@Suite struct LoomLookupLandingPageTests {
    @Test func theThreeBuiltInPolicies() async {
        await #expect(processExitsWith: .success) { () throws in
            Container.lookupPolicy = .graph  // the default
            #expect(Container.lookupPolicy is GraphLookupPolicy)
            #expect(
                GraphLookupPolicy().container(for: AboutViewModel(), file: #fileID, function: #function, line: #line)
                    == nil)

            Container.lookupPolicy = .singleton(appContainer)  // every property resolves from one container
            #expect(try SearchViewModel().index === appContainer.resolve(SearchIndex.self))

            Container.lookupPolicy = .enclosingType(default: appContainer)  // the enclosing object's own container
            #expect(try SearchViewModel().index === searchContainer.resolve(SearchIndex.self))
            #expect(try AboutViewModel().index === appContainer.resolve(SearchIndex.self))
        }
    }

    @Test func aFeatureProtocolRoutesItsTypesToTheFeatureContainer() throws {
        let viewModel = Container.withLookupPolicy(.enclosingType()) { SearchViewModel() }
        #expect(try viewModel.index === searchContainer.resolve(SearchIndex.self))
    }
}
