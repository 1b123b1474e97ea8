import LoomCore
import LoomInjection
import LoomTestSupport
import Testing

@Suite struct DependenciesTests {
    final class Marker: Sendable {}

    @Test func activatesOnInitSwapsOnAssignmentAndDeactivatesWhenReleased() async {
        let first = Container(name: "managed-first", logger: DisabledLogger()) { Dependency { Marker() } }
        let second = Container(name: "managed-second", logger: DisabledLogger()) {}
        final class App: @unchecked Sendable {
            // Written in init and by the test's single task.
            @Dependencies var container: Container
            init(_ container: Container) { _container = Dependencies(wrappedValue: container) }
        }
        var app: App? = App(first)
        #expect(DependencyGraph.activeContainers.contains { $0 === first })
        app?.container = second
        #expect(!DependencyGraph.activeContainers.contains { $0 === first })
        #expect(DependencyGraph.activeContainers.contains { $0 === second })
        await app?.$container.setContainer(first)
        #expect(DependencyGraph.activeContainers.contains { $0 === first })
        app = nil
        #expect(!DependencyGraph.activeContainers.contains { $0 === first })
        #expect(!DependencyGraph.activeContainers.contains { $0 === second })
    }
}
