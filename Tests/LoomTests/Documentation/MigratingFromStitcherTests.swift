// The snippet of the article "Migrating from Stitcher" (Modules/Loom/Loom.docc/Articles/MigratingFromStitcher.md),
// compiled and run. Keep the two in step. It activates a container in the process-wide graph, so it runs in a child
// process (an exit test).
import Loom
import Testing

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
}
