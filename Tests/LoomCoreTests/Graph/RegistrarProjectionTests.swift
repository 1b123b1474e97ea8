import LoomCore
import Testing

private final class ProjectedStore: Sendable {}

/// `DependencyRegistrarProjection.contains(where:)` and `isEmpty` reflect the registrations verification reached.
@Suite struct RegistrarProjectionTests {
    @Test func containsMatchesTheRegistrationsAndIsEmptyIsFalseWhenThereAreSome() {
        let container = quietContainer("projection-filled") {
            Dependency(named: "projection-filled-store") { ProjectedStore() }
        }
        let registrar = container.verify().registrar
        #expect(!registrar.isEmpty)
        #expect(registrar.contains { $0.isLocatedBy(name: "projection-filled-store") })
        #expect(!registrar.contains { $0.isLocatedBy(name: "projection-filled-other") })
    }

    @Test func anEmptyContainersProjectionIsEmptyAndContainsNothing() {
        let registrar = quietContainer("projection-empty").verify().registrar
        #expect(registrar.isEmpty)
        #expect(registrar.count == 0)
        #expect(!registrar.contains { _ in true })
    }

    @Test func theGraphsProjectionContainsAnActiveContainersRegistration() throws {
        let container = quietContainer("projection-graph") {
            Dependency(named: "projection-graph-store") { ProjectedStore() }
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        var found = false
        var empty = true
        DependencyGraph.validate { registrar in
            found = registrar.contains { $0.isLocatedBy(name: "projection-graph-store") }
            empty = registrar.isEmpty
        }
        #expect(found)
        #expect(!empty)
    }
}
