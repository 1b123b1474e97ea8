// The snippet of LoomKeys' landing page (Modules/LoomKeys/LoomKeys.docc/LoomKeys.md), compiled and run. Keep the two
// in step. Its `retryCount` key is declared, identically, in ConfigurationKeysTests.swift (same target), and
// `Importer.run()` (left out of the page) checks what the page's comments say. Setting a root value changes the
// whole process, so the test runs in a child process (an exit test).
import LoomKeys
public import LoomMacros
import Testing

/// A service the app installs at start-up; public because the key macros declare public keys by default.
public protocol Database: Sendable {
    /// Names the implementation.
    var name: String { get }
}
private struct PostgresDatabase: Database { let name = "postgres" }

extension ConfKeys {
    #declareServiceKey("database", (any Database).self, defaultValue: nil)
}

private struct Importer {
    @InjectedConf(\.database) var database: any Database
    @InjectedConf(\.retryCount) var retries: Int

    func run() {
        #expect(database.name == "postgres", "the service installed at start-up")
        #expect(retries == 1, "the task's override")
    }
}

@Suite struct LoomKeysLandingPageTests {
    @Test func declareSetAndOverride() async {
        await #expect(processExitsWith: .success) {
            Conf.setRootValue(PostgresDatabase(), for: \.database)  // at start-up

            Conf.withValue(1, for: \.retryCount) {  // this task and its child tasks only
                Importer().run()
            }
            #expect(Importer().retries == 3, "the override ended with its scope")
        }
    }
}
