import LoomMacros
import Testing

// Importing LoomMacros re-exports the runtime modules: this file imports only LoomMacros, yet uses the core, key and
// injection modules' API.

extension ConfKeys {
    #declareConfKey(visibility: .internal, "reexportAnswer", Int.self, defaultValue: 42)
}

@Suite struct ReexportTests {
    final class Clock: Sendable {}

    final class Screen {
        @Injected(.resolvingOnInit(from: ReexportTests.container)) var clock: Clock
    }

    static let container = Container(name: "reexport", logger: DisabledLogger()) {
        Dependency { Clock() }.scope(.singleton)
    }

    @Test func importingLoomMacrosReexportsTheRuntimeModules() throws {
        let clock = try Self.container.resolve(Clock.self)
        #expect(Screen().clock === clock)  // LoomCore + LoomInjection
        #expect(Conf[\.reexportAnswer] == 42)  // LoomKeys
        #expect(DependencyLocator.type(Clock.self).description == "Type[Clock]")
    }
}
