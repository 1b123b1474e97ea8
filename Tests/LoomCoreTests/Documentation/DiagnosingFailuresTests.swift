// The snippets of the article "Diagnosing failures" (Modules/LoomCore/LoomCore.docc/Articles/DiagnosingFailures.md),
// compiled and run, and the messages the article quotes checked against what Loom prints. Keep the two in step.
// `print` is shadowed below so the tests can read what the snippets print. Snippets that read the dependency graph
// or set the global logger run in a child process (exit tests).
import LoomCore
import LoomTestSupport
import Testing

private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PrintCapture.record(items, separator: separator)
}

// MARK: Types the snippets assume

private final class Analytics: Sendable { func start() {} }
private final class Repository: Sendable { func load() {} }
private protocol Greeter: Sendable {}
private struct EnglishGreeter: Greeter {}
private struct PirateGreeter: Greeter {}
private enum Region: Hashable, Sendable { case europe }
private final class RegionalStore: Sendable { init(region: Region) {} }
private final class AccountService: Sendable { init(sessions: SessionStore) {} }
private final class SessionStore: Sendable { init(accounts: AccountService) {} }
private struct Unreadable: Error {}
private protocol NoteStore: Sendable {}
private final class FileNoteStore: NoteStore {}
// Declared here, not in the exit test: the registrations' lines must be this file's.
private let ambiguousStorage = Container(name: "storage") {
    Dependency { () -> any NoteStore in FileNoteStore() }.scope(.singleton)
}
private let ambiguousSearch = Container(name: "search") {
    Dependency { () -> any NoteStore in FileNoteStore() }.scope(.singleton)
}

@Suite struct DiagnosingFailuresTests {
    // MARK: The fatal report

    @Test func theFatalMessageHasTheShapeTheArticleQuotes() throws {
        let shared = Container(name: "shared", logger: DisabledLogger())
        let search = Container(name: "search", parent: shared, logger: DisabledLogger())
        let error = try #require(throws: InjectionError.self) { try search.resolve(Analytics.self) }
        #expect(
            error.fatalMessage == """
                InjectionError: No registration found for Type[Analytics].
                Requested type: Analytics
                Searched: Container(search) → Container(shared). Recovery: Register Analytics in one of the searched \
                containers (container.register { … } or Dependency { … }), or activate the container that holds it.
                """)
    }

    // MARK: Reading a message

    @Test func catchingTheErrorPrintsTheMessageAndTheRemedy() throws {
        let container = Container(name: "app", logger: DisabledLogger())
        let printed = PrintCapture.lines {
            do {
                let analytics: Analytics = try container.resolve()
                analytics.start()
            } catch let error as InjectionError {
                print(error)
                print(error.recoverySuggestion ?? "")
            } catch {
                Issue.record("an error that is not an InjectionError: \(error)")
            }
        }
        #expect(printed.count == 2)
        #expect(printed.first?.hasPrefix("No registration found for Type[Analytics].") == true)
        #expect(printed.last?.hasPrefix("Register Analytics in one of the searched containers") == true)
    }

    @Test func matchingACaseGivesItsContext() async {
        await #expect(processExitsWith: .success) {
            DependencyGraph.activate(Container(name: "app") { Dependency { Repository() }.named("Repository") })
            let printed = PrintCapture.lines {
                do {
                    let repository: Repository = try DependencyGraph.inject(byName: "repository")
                    repository.load()
                } catch InjectionError.missingDependency(let context, let suggestions) {
                    print(context.searched)  // the active containers, in activation order
                    print(suggestions)  // near misses, if any
                } catch {
                    Issue.record("unexpected error: \(error)")
                }
            }
            #expect(printed.first == #"["Container(app)"]"#, "searched: \(printed)")
            #expect(printed.last?.contains("Name[Repository]") == true, "no near miss: \(printed)")
        }
    }

    // MARK: The cases

    @Test func theQuotedMessagesMatchWhatLoomPrints() throws {
        let shared = Container(name: "shared", logger: DisabledLogger())
        shared.register(alternative: "pirate") { () -> any Greeter in PirateGreeter() }
        let search = Container(name: "search", parent: shared, logger: DisabledLogger())
        let missing = try #require(throws: InjectionError.self) { try search.resolve((any Greeter).self) }
        #expect(
            missing.description == """
                No registration found for Type[Greeter].
                Requested type: Greeter
                Searched: Container(search) → Container(shared)
                Did you mean: Type[Greeter] (alternative: pirate) in Container(shared) — pass alternative: "pirate"?
                """)

        search.register(scope: .singleton) { (region: Region) in RegionalStore(region: region) }
        let wrongArguments = try #require(throws: InjectionError.self) {
            try search.inject(byType: RegionalStore.self, "europe")
        }
        #expect(
            wrongArguments.description == """
                Wrong factory arguments for Type[RegionalStore].
                Expected: (Region)
                Found: (String)
                """)
    }

    @Test func anAmbiguityNamesEveryCandidate() async {
        await #expect(processExitsWith: .success) {
            DependencyGraph.activate(ambiguousStorage)
            DependencyGraph.activate(ambiguousSearch)
            do {
                _ = try DependencyGraph.inject(byType: (any NoteStore).self)
                Issue.record("no ambiguity")
            } catch let error as InjectionError {
                let lines = error.description.split(separator: "\n").map(String.init)
                let at = "registered at LoomCoreTests/DiagnosingFailuresTests.swift:"
                #expect(lines.count == 3)
                #expect(lines.first == "Several registrations match Type[NoteStore]; expected exactly one.")
                #expect(lines.dropFirst().first == "Requested type: NoteStore")
                #expect(
                    lines.last?.hasPrefix("Found: Type[NoteStore] → NoteStore in Container(storage) (singleton, \(at)")
                        == true)
                #expect(
                    lines.last?.contains("; Type[NoteStore] → NoteStore in Container(search) (singleton, \(at)") == true
                )
            }
        }
    }

    @Test func aFactoryErrorIsWrappedAndANestedInjectionErrorPassesThrough() throws {
        let container = Container(name: "app", logger: DisabledLogger())
        container.register { () -> Repository in throw Unreadable() }
        container.register { () -> Analytics in
            _ = try container.resolve(AccountService.self)
            return Analytics()
        }
        let failed = try #require(throws: InjectionError.self) { try container.resolve(Repository.self) }
        guard case .factoryFailed(let context, let underlying) = failed else {
            Issue.record("expected factoryFailed, got \(failed)")
            return
        }
        #expect(context.locator == .type(Repository.self))
        #expect(underlying is Unreadable)
        let nested = try #require(throws: InjectionError.self) { try container.resolve(Analytics.self) }
        guard case .missingDependency(let nestedContext, _) = nested else {
            Issue.record("expected the nested missing dependency, got \(nested)")
            return
        }
        #expect(nestedContext.requestedType == "AccountService")
    }

    // MARK: Dependency cycles

    @Test func aCycleReportsTheWholeChain() throws {
        // Detection is on in debug builds, the default (`CycleDetection.debugOnly`).
        try #require(LoomConfiguration.runtimeCycleDetection.isActive)
        let container = Container(name: "app", logger: DisabledLogger())
        container.register { AccountService(sessions: try container.resolve()) }
        container.register { SessionStore(accounts: try container.resolve()) }
        let error = try #require(throws: InjectionError.self) { try container.resolve(AccountService.self) }
        #expect(
            error.description
                == "Dependency cycle detected, Type[AccountService] -> Type[SessionStore] -> Type[AccountService].")
        guard case .cyclicDependencyReference(let cycle) = error else { return }
        #expect(cycle.chain == [.type(AccountService.self), .type(SessionStore.self), .type(AccountService.self)])
    }

    // MARK: Watching what Loom does

    @Test func aDebugLoggerShowsRegistrations() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = PrintLogger(minimumLevel: .debug)
            // debug MyApp/AppSetup.swift:12 Registered Type[Greeter] in Container(app), scope instance
            let app = Container(name: "app")
            app.register { () -> any Greeter in EnglishGreeter() }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let registered = output.split(separator: "\n").first { $0.contains("Registered") }
        #expect(registered?.hasPrefix("debug LoomCoreTests/DiagnosingFailuresTests.swift:") == true, "\(output)")
        #expect(registered?.hasSuffix(" Registered Type[Greeter] in Container(app), scope instance") == true)
    }

    @Test func checkingAConfigurationWithoutResolving() throws {
        let parent = Container(name: "shared", logger: DisabledLogger())
        parent.register { () -> any Greeter in EnglishGreeter() }
        let child = Container(name: "app", parent: parent, logger: DisabledLogger())
        #expect(child.isResolvable((any Greeter).self))
        #expect(!child.isResolvable(Analytics.self))
        #expect(parent.registrationCount == 1)
    }

    @Test func validateListsEveryRegistrationReachableFromTheGraph() async {
        await #expect(processExitsWith: .success) {
            DependencyGraph.activate(
                Container(name: "app") { Dependency { Repository() }.named("repository").scope(.singleton) })
            let printed = PrintCapture.lines {
                DependencyGraph.validate { registrar in
                    for registration in registrar.registrations { print(registration) }
                    // Name[repository] → Repository (singleton, lazy) in Container(app)
                }
            }
            #expect(printed == ["Name[repository] → Repository (singleton, lazy) in Container(app)"], "\(printed)")
        }
    }
}
