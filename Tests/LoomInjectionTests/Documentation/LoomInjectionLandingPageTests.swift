// The snippet of LoomInjection's landing page (Modules/LoomInjection/LoomInjection.docc/LoomInjection.md), compiled
// and run. Keep the two in step. The page imports `Loom`; this target imports the modules it re-exports. The
// `networkProvider` key is the Injection seed's sample, declared in InjectionReadmeTests.swift (same target).
import LoomCore
import LoomInjection
import LoomKeys
import LoomLookup
import Testing

private protocol Greeter: Sendable { func greet(_ name: String) -> String }
private struct PirateGreeter: Greeter { func greet(_ name: String) -> String { "Ahoy, \(name)!" } }
private final class AccountService: Sendable {}
private final class Analytics: Sendable {}
private enum ImageUploadLocation: Hashable, Sendable { case profileAvatar }
private final class ImageUploadService: Sendable {
    let location: ImageUploadLocation
    init(targeting location: ImageUploadLocation) { self.location = location }
}

private final class ProfileViewModel {
    @Injected var accounts: AccountService  // by type, resolved on first read
    @Injected(alternative: "pirate") var greeter: any Greeter
    @Injected(ImageUploadLocation.profileAvatar) var uploads: ImageUploadService  // factory arguments
    @Injected var analytics: Analytics?  // nil when nothing is registered
    @Injected(\.networkProvider) var network: any NetworkProviding  // an InjectedValues key path
}

@Suite struct LoomInjectionLandingPageTests {
    @Test func everySpellingResolves() throws {
        let app = Container(name: "app") {
            Dependency { AccountService() }.scope(.singleton)
            Dependency { () -> any Greeter in PirateGreeter() }.alternative("pirate")
            Dependency { (location: ImageUploadLocation) in ImageUploadService(targeting: location) }
        }
        let viewModel = Container.withLookupPolicy(.singleton(app)) { ProfileViewModel() }
        #expect(viewModel.accounts === viewModel.accounts)
        #expect(try viewModel.accounts === app.resolve(AccountService.self))
        #expect(viewModel.greeter.greet("Ada") == "Ahoy, Ada!")
        #expect(viewModel.uploads.location == .profileAvatar)
        #expect(viewModel.analytics == nil)
        _ = viewModel.network.requestData()
    }
}
