import LoomCore
import Testing

private enum GraphSlot: Hashable, Sendable {
    case injected
    case loaded
    case sized
    case absent
}

private final class GraphTarget: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

private struct GraphTag: Hashable, Sendable {
    let value: Int
}

/// `DependencyGraph.inject` by name and by value as an Optional (`nil` when missing), `Set<T>` with factory arguments
/// across active containers, and `DependencyGraph.load(byValue:)`.
@Suite struct GraphOptionalAndArgumentFrontDoorTests {
    @Test func injectByNameAsOptionalIsNilWhenMissingAndTheValueWhenRegistered() throws {
        let container = quietContainer("graph-optional-name") {
            Dependency(named: "graph-optional-name-target") { GraphTarget("named") }
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let missing: GraphTarget? = try DependencyGraph.inject(byName: "graph-optional-name-absent")
        #expect(missing == nil)
        let present: GraphTarget? = try DependencyGraph.inject(byName: "graph-optional-name-target")
        #expect(present?.label == "named")
    }

    @Test func injectByValueAsOptionalIsNilWhenMissingAndTheValueWhenRegistered() throws {
        let container = quietContainer("graph-optional-value") {
            Dependency(for: GraphSlot.injected) { GraphTarget("value") }
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let missing: GraphTarget? = try DependencyGraph.inject(byValue: GraphSlot.absent)
        #expect(missing == nil)
        let present: GraphTarget? = try DependencyGraph.inject(byValue: GraphSlot.injected)
        #expect(present?.label == "value")
    }

    @Test func injectASetPassesTheArgumentsToEveryMatchingRegistration() throws {
        let doubling = quietContainer("graph-set-doubling") {
            Dependency { (base: Int) in GraphTag(value: base * 2) }
        }
        let tripling = quietContainer("graph-set-tripling") {
            Dependency { (base: Int) in GraphTag(value: base * 3) }
        }
        DependencyGraph.activate(doubling)
        DependencyGraph.activate(tripling)
        defer {
            DependencyGraph.deactivate(doubling)
            DependencyGraph.deactivate(tripling)
        }
        let tags: Set<GraphTag> = try DependencyGraph.inject(byType: Set<GraphTag>.self, 5)
        #expect(tags == [GraphTag(value: 10), GraphTag(value: 15)])
        let none: Set<GraphTag> = try DependencyGraph.inject(byType: Set<GraphTag>.self, "no such argument type")
        #expect(none.isEmpty)
    }

    @Test func loadByValueReturnsTheRegisteredValueAndPassesArguments() async throws {
        let container = quietContainer("graph-load-value") {
            Dependency(for: GraphSlot.loaded) { GraphTarget("loaded") }
            Dependency(for: GraphSlot.sized) { (size: Int) in GraphTarget("sized-\(size)") }
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let loaded: GraphTarget = try await DependencyGraph.load(byValue: GraphSlot.loaded)
        #expect(loaded.label == "loaded")
        let sized: GraphTarget = try await DependencyGraph.load(byValue: GraphSlot.sized, 2)
        #expect(sized.label == "sized-2")
        await #expect(throws: InjectionError.self) {
            let _: GraphTarget = try await DependencyGraph.load(byValue: GraphSlot.absent)
        }
    }
}
