import LoomCore
import Testing

@globalActor private actor ShelfActor {
    static let shared = ShelfActor()
}

private final class Shelf: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

/// A registration isolated to a global actor is built on that actor when it is loaded through the general path: as
/// an element of a `[T]` load, and from the dependency graph.
@Suite struct GlobalActorGeneralPathTests {
    @Test func anArrayLoadBuildsTheGlobalActorRegistrationOnItsActor() async throws {
        let container = quietContainer("global-actor-load-all")
        container.register(on: ShelfActor.self) { @ShelfActor in
            ShelfActor.shared.preconditionIsolated()
            return Shelf("isolated")
        }
        let shelves: [Shelf] = try await container.load()
        #expect(shelves.map(\.label) == ["isolated"])
    }

    @Test func theGraphLoadsAGlobalActorSingletonAndThenResolvesItSynchronously() async throws {
        let container = quietContainer("global-actor-graph")
        container.register(on: ShelfActor.self, scope: .singleton) { @ShelfActor in
            ShelfActor.shared.preconditionIsolated()
            return Shelf("graph")
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let all: [Shelf] = try await DependencyGraph.load()
        #expect(all.map(\.label) == ["graph"])
        let loaded = try await DependencyGraph.load(Shelf.self)
        #expect(loaded === all[0])
        #expect(try DependencyGraph.inject(byType: Shelf.self) === loaded)
    }
}
