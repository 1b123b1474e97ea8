// The snippets of the article "Generating injection code" (Modules/LoomMacros/LoomMacros.docc/Articles/
// GeneratingInjectionCode.md), compiled and run. Keep the two in step.
//
// - The "expands to" / "the macro generates" blocks are compared with the macros' real expansion in
//   LoomMacrosPluginTests/Documentation/ArticleExpansionTests.swift; the "Autoregistration" section's generated
//   group and the app that lists it are checked in LoomAutoregistrationTests/Documentation/
//   GeneratingInjectionCodeAutoregistrationTests.swift. The package-manifest snippet is `Package.swift` code, the
//   same call this repository's manifest makes for its autoregistered fixtures.
// - `NetworkingSession`, `URL`-taking `upload`, `ImageAttributes`, `ImageProcessingService`, `Entity` and
//   `EntityRepository` are StitcherMacrosSeedTests.swift's (same target).
// - The article shows two types named `Service` and others whose names this target already uses, so each snippet's
//   types live in a private namespace enum and the tests name them through local type aliases; being private they
//   stay out of this target's generated `DependencyGroup`. The article's `public` modifiers are dropped.
// - Resolving from the dependency graph needs activated containers, so those tests run in child processes.
import Foundation
import LoomMacros
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
}
