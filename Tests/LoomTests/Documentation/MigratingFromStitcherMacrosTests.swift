// The snippets of the article "Migrating from StitcherMacros" (Modules/Loom/Loom.docc/Articles/
// MigratingFromStitcherMacros.md), compiled and run. Keep the two in step. Departures: the generated overloads
// resolve from the process-wide graph, so those parts run in child processes (exit tests); `Entity` and
// `EntityRepository` are defined here. The manifest line is not compiled.
import Foundation
import LoomMacros
import Testing

private final class NetworkingSession: Sendable {}

private final class UploadService {
    private let networkingSession: NetworkingSession

    @InjectedParameters
    init(networkingSession: NetworkingSession) {
        self.networkingSession = networkingSession
    }

    @InjectedParameters(strategy: .byName, ignoring: "file")
    func upload(file: URL, networkingSession: NetworkingSession) {}
}

@Registerable(by: .name("service"), scope: .singleton)
private final class Service: Sendable {
    init() {}
}

private struct Entity: Equatable, Sendable { let id: Int }
private final class EntityRepository: Sendable {
    let entities = [Entity(id: 1)]
}

// "Generated overloads".
private protocol EntityFinding {
    func findAll() -> [Entity]
}

private final class EntityFinder: EntityFinding {
    @InjectedParameters
    func findAll(in repository: EntityRepository) -> [Entity] { repository.entities }
}

@Suite struct MigratingFromStitcherMacrosTests {
    @Test func aGeneratedOverloadSatisfiesAProtocolRequirement() async {
        await #expect(processExitsWith: .success) {
            DependencyGraph.activate(Container { EntityRepository() })
            let finder: any EntityFinding = EntityFinder()
            #expect(finder.findAll() == [Entity(id: 1)])
        }
    }

    @Test func aRegisterableTypeCarriesItsRegistration() throws {
        let container = Container {
            Service.dependencyRegistration
        }
        let service: Service = try container.inject(byName: "service")
        #expect(try container.inject(byName: Service.dependencyName) as Service === service)
    }

    @Test func generatedOverloadsInjectFromTheGraph() async {
        await #expect(processExitsWith: .success) {
            DependencyGraph.activate(
                Container {
                    NetworkingSession()  // by type, for the initialiser
                    Dependency(named: "networkingSession") { NetworkingSession() }  // by name, for upload
                })
            let service = UploadService()
            service.upload(file: URL(fileURLWithPath: "/tmp/file"))
        }
    }
}
