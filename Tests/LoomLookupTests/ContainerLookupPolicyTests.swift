import LoomCore
import LoomLookup
import LoomTestSupport
import Testing

@Suite struct ContainerLookupPolicyTests {
    @Test func theGlobalPolicyDefaultsToTheGraphAndCanBeSetAndCleared() async {
        // The global policy is process-wide: checked in a child process.
        await #expect(processExitsWith: .success) {
            guard Container.lookupPolicy is GraphLookupPolicy else { fatalError("default is not the graph") }
            let container = Container(logger: DisabledLogger())
            Container.lookupPolicy = .singleton(container)
            guard (Container.lookupPolicy as? SingletonLookupPolicy)?.container === container else {
                fatalError("set did not take")
            }
            Container.set(lookupPolicy: .enclosingType(default: container))
            guard Container.lookupPolicy is EnclosingTypeLookupPolicy else { fatalError("set(lookupPolicy:) failed") }
            Container.set(lookupPolicy: nil)
            guard Container.lookupPolicy is GraphLookupPolicy else { fatalError("clearing did not restore the graph") }
        }
    }

    @Test func scopedPoliciesApplyToTheTaskAndItsChildrenOnly() async {
        let container = Container(name: "scoped", logger: DisabledLogger())
        await Container.withLookupPolicy(.singleton(container)) {
            #expect((Container.lookupPolicy as? SingletonLookupPolicy)?.container === container)
            let inChild = await Task { (Container.lookupPolicy as? SingletonLookupPolicy)?.container }.value
            #expect(inChild === container)
        }
        // Outside the scope the global policy applies again (whatever other suites set it to).
        #expect((Container.lookupPolicy as? SingletonLookupPolicy)?.container !== container)
        let synchronous = Container.withLookupPolicy(.graph) { Container.lookupPolicy }
        #expect(synchronous is GraphLookupPolicy)
    }
}

@Suite struct LookupPoliciesTests {
    final class Plain {}
    final class Feature: Containerable {
        let container: Container
        init(_ container: Container) { self.container = container }
    }

    @Test func graphAndSingletonPolicies() {
        let container = Container(logger: DisabledLogger())
        #expect(GraphLookupPolicy().container(for: Plain(), file: #fileID, function: #function, line: #line) == nil)
        #expect(
            SingletonLookupPolicy(container).container(for: Plain(), file: #fileID, function: #function, line: #line)
                === container
        )
    }

    @Test func enclosingTypeUsesTheObjectsContainerThenTheDefaultThenTheGraph() {
        let feature = Container(name: "feature", logger: DisabledLogger())
        let fallback = Container(name: "fallback", logger: DisabledLogger())
        let withDefault = EnclosingTypeLookupPolicy(default: fallback)
        #expect(
            withDefault.container(for: Feature(feature), file: #fileID, function: #function, line: #line) === feature)
        // Macaroni ignored the default here; Loom uses it.
        #expect(withDefault.container(for: Plain(), file: #fileID, function: #function, line: #line) === fallback)
        let withoutDefault = EnclosingTypeLookupPolicy()
        #expect(withoutDefault.container(for: Plain(), file: #fileID, function: #function, line: #line) == nil)
        #expect(
            withoutDefault.container(for: nil as AnyObject?, file: #fileID, function: #function, line: #line) == nil)
    }
}
