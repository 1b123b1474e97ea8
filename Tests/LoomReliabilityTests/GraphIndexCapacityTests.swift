import LoomCore
import LoomTestSupport
import Testing

protocol CapacityFirstRole: Sendable {}
protocol CapacitySecondRole: Sendable {}
final class CapacityService: CapacityFirstRole, CapacitySecondRole {}
final class CapacityOther: Sendable {}
final class CapacityThird: Sendable {}

/// Activating a container whose registrations declare more alias keys than it has registrations.
///
/// A registry's table holds one node per alias key (`conforms(to:)` / `inherits(from:)`) as well as one per
/// registration. `GraphIndex.build` once sized its table by registrations, so three registrations and two alias keys
/// made five nodes in a table with room for four, and `RegistryTable.store` trapped ("RegistryTable is full"). Found by
/// the reliability suite (`LOOM_RELIABILITY_SEED=17963447894845292707` crashed the test process about one run in
/// fifteen); the index now collects the nodes first and sizes its table by them.
@Suite struct GraphIndexCapacityTests {
    @Test func activatingAContainerWithMoreAliasKeysThanRegistrationsDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let container = Container(name: "reliability.capacity", logger: DisabledLogger()) {
                Dependency { CapacityService() }
                    .conforms(to: (any CapacityFirstRole).self)
                    .conforms(to: (any CapacitySecondRole).self)
                Dependency { CapacityOther() }
                Dependency { CapacityThird() }
            }
            DependencyGraph.activate(container)
            _ = try DependencyGraph.inject(byType: (any CapacitySecondRole).self)
        }
    }

}
