// The snippets of the article "Migrating from Stitcher" (Modules/Loom/Loom.docc/Articles/MigratingFromStitcher.md),
// compiled and run. Keep the two in step. Departures: snippets that activate containers in the process-wide graph and
// wait for any graph change run in child processes (exit tests), through functions declared outside the exit test's
// closure (declarations inside it would all share one source line); `print` is shadowed so the test reads what the
// snippets print; `AppModel` is `@unchecked Sendable` for the builder, which is `@Sendable`; `LoginState` is defined
// here.
import Loom
import LoomTestSupport
import Testing

#if canImport(Observation)
    import Observation
#endif

private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PrintCapture.record(items, separator: separator)
}

private final class AuthenticationService: Sendable {}
private protocol NoteStore: Sendable {}
private final class FileNoteStore: NoteStore {}
private enum Region: Hashable, Sendable { case europe, asia }
private final class RegionalStore: Sendable {
    let region: Region
    init(region: Region) { self.region = region }
}
private final class AccountService: Sendable {}

private final class NotesScreen {
    @Injected var store: any NoteStore  // resolved once, then cached
    @Injected(name: "account") var accounts: AccountService
    @Injected(Region.europe) var regional: RegionalStore
    @Injected(refresh: .everyRead) var authentication: AuthenticationService  // Stitcher's behaviour
}

private final class LogoutService: Sendable {}
private final class ProfileService: Sendable {}

#if canImport(Observation)
    @Observable private final class AppModel: @unchecked Sendable {
        // Changed by one test at a time; read by the containers' builders.
        var isLoggedIn = false
    }

#endif

/// A thread-safe flag.
private final class LoginState: Sendable {
    private let state = Collected<Bool>()
    var isLoggedIn: Bool {
        get { state.all.last ?? false }
        set { state.append(newValue) }
    }
}

/// "When an invalidation becomes visible", the asynchronous part.
private func asynchronousInvalidationSnippet() async throws {
    let login = LoginState()  // a thread-safe flag, not @Observable
    let (logins, loggedIn) = AsyncStream.makeStream(of: Void.self)
    let account = Container(name: "account") {
        if login.isLoggedIn { Dependency(named: "profile") { ProfileService() } }
    }
    .invalidated(tracking: logins)
    let changes = DependencyGraph.changes  // subscribe before the change
    await DependencyGraph.activate(account)

    login.isLoggedIn = true
    loggedIn.yield()
    for await change in changes where change.kind == .invalidated { break }
    let profile: ProfileService? = try DependencyGraph.inject(byName: "profile")  // the new registration
    #expect(profile != nil)

    final class ProfileScreen {
        @Injected(name: "profile") var profile: ProfileService
        init() { $profile.autoreload() }
    }
    let screen = ProfileScreen()
    let first = screen.profile
    account.add { Dependency(named: "profile") { ProfileService() } }
    await DependencyGraph.waitForPendingInvalidations()  // screen.profile is the new instance now
    #expect(screen.profile !== first)
}

private protocol Plugin: Sendable {}
private struct SpellCheck: Plugin {}
private struct WordCount: Plugin {}

@Suite struct MigratingFromStitcherTests {
    @Test func aDeclarativeContainerInTheGraph() async {
        await #expect(processExitsWith: .success) {
            let container = DependencyContainer {
                AuthenticationService()
                Dependency { () -> any NoteStore in FileNoteStore() }.scope(.singleton)
                Dependency { (region: Region) in RegionalStore(region: region) }.scope(.singleton)
                Dependency { AccountService() }.named("account")
            }
            DependencyGraph.activate(container)

            let europe = try DependencyGraph.inject(byType: RegionalStore.self, Region.europe)

            let screen = NotesScreen()
            #expect(screen.store is FileNoteStore)
            #expect(screen.regional === europe)  // one instance per argument tuple
            #expect(try DependencyGraph.inject(byType: RegionalStore.self, Region.asia) !== europe)
            #expect(screen.accounts === screen.accounts)
            _ = screen.authentication
            #expect(DependencyGraph.activeContainers.count == 1)
        }
    }

    #if canImport(Observation)
        @Test func anObservedChangeIsVisibleOnTheNextLine() {
            let printed = PrintCapture.lines {
                let model = AppModel()
                let session = Container(name: "session") {
                    if model.isLoggedIn { Dependency { LogoutService() } }
                }
                model.isLoggedIn = true
                print(session.isResolvable(LogoutService.self))  // true
            }
            #expect(printed == ["true"])
        }

    #endif

    @Test func asynchronousInvalidationsAreAwaited() async {
        await #expect(processExitsWith: .success) {
            try await asynchronousInvalidationSnippet()
        }
    }

    @Test func optionalAndCollectionRequests() throws {
        let plugins = Container(name: "plugins") {
            Dependency { SpellCheck() }.conforms(to: (any Plugin).self)
            Dependency { WordCount() }.conforms(to: (any Plugin).self)
        }
        let all: [any Plugin] = try plugins.resolve()  // both
        let optionalAll: [any Plugin]? = try plugins.inject()  // both; nil if none were registered
        let missing: Double? = try plugins.resolve()  // nil
        #expect(all.count == 2 && optionalAll?.count == 2 && missing == nil)
    }

    @Test func validationRunsVerify() {
        let printed = PrintCapture.lines {
            let report = DependencyGraph.verify()
            print(report.isHealthy)
            DependencyGraph.validate { registrar in
                print(registrar.matches { $0.isLocatedBy(name: "account") }.count)  // was withMatches(where:perform:)
            }
        }
        #expect(printed.count == 2)
    }

    @Test func aMissingDependencyIsMatchedByItsLocator() {
        let printed = PrintCapture.lines {
            do {
                _ = try DependencyGraph.inject(byName: "missing-account") as AccountService
            } catch InjectionError.missingDependency(let context, _) where context.locator == .name("missing-account") {
                print("no \(context)")  // "no Name[missing-account]"
            } catch {
                print("unexpected \(error)")
            }
        }
        #expect(printed == ["no Name[missing-account]"])
    }
}
