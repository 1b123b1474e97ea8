// The snippets of LoomCore's landing page (Modules/LoomCore/LoomCore.docc/LoomCore.md), compiled and run. Keep the
// two in step; the types the snippets assume are private, so their names do not clash with other tests.
import LoomCore
import Testing

private protocol Greeter: Sendable { func greet(_ name: String) -> String }
private struct EnglishGreeter: Greeter { func greet(_ name: String) -> String { "Hello, \(name)!" } }
private final class Database: Sendable { init(path: String) {} }
private final class AccountService: Sendable {}
private final class ImageCache: Sendable {}
private final class SearchIndex: Sendable {}
private enum FeatureFlags { static let isSearchEnabled = true }

@Suite struct LoomCoreLandingPageTests {
    @Test func registerImperativelyOrDeclaratively() throws {
        let app = Container(name: "app")
        app.register { () -> any Greeter in EnglishGreeter() }  // a new value on every resolve
        app.register(scope: .singleton) { Database(path: "app.sqlite") }

        let greeter: any Greeter = try app.resolve()

        #expect(greeter.greet("Ada") == "Hello, Ada!")
        #expect(try app.resolve(Database.self) === app.resolve(Database.self))

        let session = Container(name: "session", parent: app) {
            Dependency { AccountService() }  // by type; classes are shared by default
            Dependency(named: "avatars") { ImageCache() }
            if FeatureFlags.isSearchEnabled {
                Dependency { SearchIndex() }.scope(.singleton)
            }
        }

        // Classes are shared by default: the same instance while it is held.
        let accounts: AccountService = try session.resolve()
        #expect(try session.resolve(AccountService.self) === accounts)
        let avatars: ImageCache = try session.inject(byName: "avatars")
        #expect(!session.isResolvable(ImageCache.self))  // a named registration is not found by type
        _ = avatars
        #expect(try session.resolve(SearchIndex.self) === session.resolve(SearchIndex.self))
        // A container resolves from its own registrations, then from its parent chain.
        #expect(try session.resolve((any Greeter).self).greet("Bo") == "Hello, Bo!")
        #expect(!app.isResolvable(AccountService.self))
    }
}
