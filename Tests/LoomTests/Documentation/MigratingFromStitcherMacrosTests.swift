// The snippet of the article "Migrating from StitcherMacros" (Modules/Loom/Loom.docc/Articles/
// MigratingFromStitcherMacros.md), compiled and run. Keep the two in step. The generated overloads resolve from the
// process-wide graph, so that part runs in a child process (an exit test).
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

@Suite struct MigratingFromStitcherMacrosTests {
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
