// The snippets of the article "Generating injection code" (Modules/LoomMacros/LoomMacros.docc/Articles/
// GeneratingInjectionCode.md), compiled and run. Keep the two in step.
//
// - The "expands to" / "the macro generates" blocks are compared with the macros' real expansion in
//   LoomMacroExpansionsTests/Documentation/ArticleExpansionTests.swift; the "Autoregistration" section's generated
//   group and the app that lists it are checked in LoomAutoregistrationTests/Documentation/
//   GeneratingInjectionCodeAutoregistrationTests.swift. The package-manifest snippet is `Package.swift` code, the
//   same call this repository's manifest makes for its autoregistered fixtures.
// - `NetworkingSession`, `URL`-taking `upload`, `ImageAttributes`, `ImageProcessingService`, `Entity` and
//   `EntityRepository` are StitcherMacrosSeedTests.swift's (same target).
// - The article shows two types named `Service` and others whose names this target already uses, so each snippet's
//   types live in a private namespace enum and the tests name them through local type aliases; being private they
//   stay out of this target's generated `DependencyGroup`. The article's `public` modifiers are dropped.
// - Resolving from the dependency graph needs activated containers, so those tests run in child processes.
// - In "Async functions", `Database.connect()` is a stand-in that counts its connections.
import Foundation
import LoomMacros
import LoomTestSupport
import Testing

// MARK: Injected parameters

private enum InjectedParametersExample {
    final class UploadService {
        private let networkingSession: NetworkingSession

        @InjectedParameters
        init(networkingSession: NetworkingSession) {
            self.networkingSession = networkingSession
        }

        @InjectedParameters(ignoring: "file")
        func upload(file: URL, networkingSession: NetworkingSession) {}
    }

    final class EntityService {
        @InjectedParameters(strategy: .byName)
        func findAll(in repository: EntityRepository) -> [Entity] { [] }
        // findAll() injects `DependencyGraph.inject(byName: "repository")`
    }
}

@InjectedParameters(ignoring: "imageData", "attributes")
func upload(
    imageData: Data,
    convertedWith attributes: ImageAttributes = [],
    processingService: ImageProcessingService
) async throws {}

// generated: upload(imageData:convertedWith:), which injects processingService

private enum AsyncFunctionExample {
    final class Database: Sendable {
        static let connections = Counter()
        static func connect() async throws -> Database {
            await Task.yield()
            connections.increment()
            return Database()
        }
    }

    final class Migrator {
        @InjectedParameters
        func migrate(database: Database) async throws {}
    }
}

private enum SynchronousLoadingExample {
    final class ProfileViewModel {}

    @MainActor
    final class ProfileScreen {
        @InjectedParameters(loading: .synchronous)
        func present(viewModel: ProfileViewModel) async {}  // ProfileViewModel is not Sendable
    }

    /// The article's screen, shown from the main actor with a main-actor registration of its view model.
    @MainActor static func presentProfile() async throws {
        await DependencyGraph.activate(Container { Dependency(isolation: MainActor.self) { ProfileViewModel() } })
        await ProfileScreen().present()
    }
}

// MARK: Registerable types

private enum RegisterableExample {
    @Registerable
    final class Service: Sendable {
        init() {}
    }
}

private enum NamedRegistrationExample {
    @Registerable(by: .name("service"), scope: .singleton, eagerness: .eager)
    final class Service: Sendable {
        init() {}
    }
}

private enum RuntimeParametersExample {
    @Registerable
    struct Greeting {
        init(name: String, _ punctuation: Character) {}
    }
}

// The generated registration names the parameter types at file scope, where this target's `ReportStore`,
// `AuditLog` and `InvoiceService` (RegisterableTests.swift) would be found, so this snippet's types carry a prefix.
// The article's exact text is expanded in ArticleExpansionTests.
private protocol ArticleReportStore: Sendable {}
private final class ArticleDiskReportStore: ArticleReportStore {}
private final class ArticleAuditLog: Sendable {}

@Registerable(parameters: .injected)
private final class ArticleInvoiceService: Sendable {
    init(store: any ArticleReportStore, audit: ArticleAuditLog?) {}
}

// MARK: Async initialisers and actor isolation

private enum AsyncInitializerExample {
    @Registerable(scope: .singleton)
    final class Database: Sendable {
        init() async throws {}
    }
}

private enum MainActorExample {
    @Registerable(scope: .singleton)
    @MainActor
    final class ProfileViewModel {
        init() {}
    }
}

// `DatabaseActor` is the global actor of DeclaringKeysWithMacrosTests.swift (same target), declared as the
// "Declaring keys with macros" article declares it.
private enum GlobalActorExample {
    @Registerable(scope: .singleton)
    @DatabaseActor
    final class ConnectionPool {
        init() throws {}
    }
}

@Suite struct GeneratingInjectionCodeTests {
    @Test func injectedParametersResolveFromTheGraphWhenCalled() async {
        await #expect(processExitsWith: .success) {
            typealias UploadService = InjectedParametersExample.UploadService
            typealias EntityService = InjectedParametersExample.EntityService
            await DependencyGraph.activate(
                Container(name: "app") {
                    NetworkingSession()
                    ImageProcessingService()
                    Dependency(named: "repository") { EntityRepository() }
                })
            let fileURL = URL(fileURLWithPath: "/tmp/upload")

            let service = UploadService()  // networkingSession injected by type
            service.upload(file: fileURL)  // networkingSession injected by type

            try await upload(imageData: Data())
            try await upload(imageData: Data(), convertedWith: [])
            #expect(EntityService().findAll().isEmpty)
        }
    }

    @Test func aFailureIsReportedAtTheCall() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = InjectedParametersExample.UploadService()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("No registration found for Type[NetworkingSession]"))
        #expect(output.contains("LoomMacrosTests/GeneratingInjectionCodeTests.swift:"))
    }

    @Test func aRegisterableTypeCarriesItsRegistration() throws {
        typealias Service = RegisterableExample.Service

        let container = Container {
            Service.dependencyRegistration
        }

        let service: Service = try container.resolve()
        #expect(try container.resolve(Service.self) === service)  // a class: `.shared` while it is held
        // Every container listing the registration shares one declaration.
        let other = Container { Service.dependencyRegistration }
        #expect(other.isResolvable(Service.self))
    }

    @Test func aNameLocatorGeneratesDependencyName() async {
        #expect(NamedRegistrationExample.Service.dependencyName == "service")
        await #expect(processExitsWith: .success) {
            typealias Service = NamedRegistrationExample.Service
            DependencyGraph.activate(Container { Service.dependencyRegistration })
            let service: Service = try DependencyGraph.inject(byName: Service.dependencyName)
            #expect(try DependencyGraph.inject(byName: "service") as Service === service, "singleton")
            // The same registration reached through two containers is one, not an ambiguity.
            DependencyGraph.activate(Container { Service.dependencyRegistration })
            #expect(try DependencyGraph.inject(byName: "service") as Service === service, "no ambiguity")
        }
    }

    @Test func initialiserParametersAreFactoryArguments() async {
        await #expect(processExitsWith: .success) {
            typealias Greeting = RuntimeParametersExample.Greeting
            DependencyGraph.activate(Container { Greeting.dependencyRegistration })

            let greeting = try DependencyGraph.inject(byType: Greeting.self, "Ada", Character("!"))
            _ = greeting
        }
    }

    @Test func injectedInitialiserParametersAreResolvedWhenTheFactoryRuns() async {
        await #expect(processExitsWith: .success) {
            typealias InvoiceService = ArticleInvoiceService
            let invoices = Container { InvoiceService.dependencyRegistration }
            // Without a report store in the graph, the failure is thrown to whoever resolved the registration.
            do {
                _ = try invoices.resolve(InvoiceService.self)
                Issue.record("resolved without a report store")
            } catch InjectionError.missingDependency(let context, _) {
                #expect(context.requestedType == "ArticleReportStore", "\(context)")
            }
            DependencyGraph.activate(
                Container { Dependency { () -> any ArticleReportStore in ArticleDiskReportStore() } })
            _ = try invoices.resolve(InvoiceService.self)  // `audit` is optional: nil when not registered
        }
    }

    @Test func asyncFunctionsLoadTheirParameters() async {
        await #expect(processExitsWith: .success) {
            typealias Database = AsyncFunctionExample.Database
            typealias Migrator = AsyncFunctionExample.Migrator
            await DependencyGraph.activate(
                Container {
                    Dependency { () async throws -> Database in try await Database.connect() }.scope(.singleton)
                })
            // Not connected yet: a synchronous injection could not build it.
            #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: Database.self) }
            try await Migrator().migrate()  // loads the database, connecting it on first use
            try await Migrator().migrate()
            #expect(Database.connections.value == 1)
        }
    }

    @Test func synchronousLoadingInjectsANonSendableValue() async {
        await #expect(processExitsWith: .success) {
            try await SynchronousLoadingExample.presentProfile()
        }
    }

    @Test func anAsyncInitialiserRegistersAnAsyncFactory() async throws {
        typealias Database = AsyncInitializerExample.Database
        let container = Container { Database.dependencyRegistration }
        expectAsynchronousDependency { _ = try container.resolve(Database.self) }  // RegisterableAsyncTests.swift
        let database = try await container.load(Database.self)
        #expect(try container.resolve(Database.self) === database)  // settled: a synchronous resolve answers
    }

    @MainActor @Test func aMainActorTypeIsResolvedSynchronouslyOnTheMainActor() throws {
        typealias ProfileViewModel = MainActorExample.ProfileViewModel
        let container = Container { ProfileViewModel.dependencyRegistration }

        let model: ProfileViewModel = try container.resolve()
        #expect(try container.resolve(ProfileViewModel.self) === model)  // `scope: .singleton`
    }

    @Test func aGlobalActorTypeIsLoadedOnItsActor() async throws {
        typealias ConnectionPool = GlobalActorExample.ConnectionPool
        let container = Container { ConnectionPool.dependencyRegistration }
        let pool = try await container.load(ConnectionPool.self)
        #expect(try await container.load(ConnectionPool.self) === pool)
    }
}
