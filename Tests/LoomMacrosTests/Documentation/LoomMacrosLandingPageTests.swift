// The snippet of LoomMacros' landing page (Modules/LoomMacros/LoomMacros.docc/LoomMacros.md), compiled and run. Keep
// the two in step. Its `retryCount` key is declared, identically, in DeclaringKeysWithMacrosTests.swift (same
// target); `NetworkingSession` is StitcherMacrosSeedTests.swift's. `UploadService` is private so that its name does
// not clash with other tests (and the LoomAutoregistration plugin leaves it out of this target's generated group).
// Building it resolves from the dependency graph, so that part runs in a child process (an exit test).
import LoomMacros
import Testing

@Registerable(scope: .singleton)
private final class UploadService: Sendable {
    private let session: NetworkingSession

    @InjectedParameters
    init(session: NetworkingSession) {
        self.session = session
    }
}

@Suite struct LoomMacrosLandingPageTests {
    @Test func theKeyMacroDeclaresAKeyWithItsDefault() {
        #expect(Conf[\.retryCount] == 3)
    }

    @Test func theRegistrationResolvesItsParametersFromTheGraph() async {
        await #expect(processExitsWith: .success) {
            let session = NetworkingSession()
            DependencyGraph.activate(Container(name: "network") { Dependency { session }.scope(.singleton) })

            let container = Container {
                UploadService.dependencyRegistration  // resolves `session` from the graph when first built
            }

            let service: UploadService = try container.resolve()
            let injected = Mirror(reflecting: service).children.first { $0.label == "session" }?.value
            #expect(injected as? NetworkingSession === session, "session was not resolved from the graph")
            #expect(try container.resolve(UploadService.self) === service, "scope: .singleton")
        }
    }
}
