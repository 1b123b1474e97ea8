import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

@Suite struct DependencyBuilderTests {
    final class Lazy: Sendable {
        static let built = Counter()
        init() { Self.built.increment() }
    }
    final class First: Sendable {}
    final class Second: Sendable {}
    struct Custom: DependencyRepresenting {
        var locator: DependencyLocator { .name("custom") }
        var scope: DependencyScope { .singleton }
        var dependencyProvider: DependencyFactory.Provider<Second> { DependencyFactory.Provider { Second() } }
    }
    enum Region: CaseIterable, Hashable, Sendable { case eu, us, asia }

    @Test func acceptsDependenciesGroupsCustomRepresentationsAndBareExpressions() throws {
        let container = quietContainer {
            Dependency { First() }
            DependencyGroup { Dependency(named: "grouped") { 1 } }
            Custom()
            Lazy()
        }
        #expect(container.registrationCount == 4)
        _ = try container.resolve(First.self)
        let grouped: Int = try container.inject(byName: "grouped")
        #expect(grouped == 1)
        let custom: Second = try container.inject(byName: "custom")
        #expect(try container.inject(byName: "custom") as Second === custom)
    }

    @Test func bareExpressionsAreEvaluatedLazily() throws {
        let container = quietContainer { Lazy() }
        #expect(Lazy.built.value == 0)
        _ = try container.resolve(Lazy.self)
        #expect(Lazy.built.value == 1)
    }

    @Test(arguments: [true, false])
    func ifAndIfElseChooseRegistrations(condition: Bool) throws {
        let container = quietContainer {
            if condition { Dependency(named: "if") { "present" } }
            if condition {
                Dependency(named: "either") { "first" }
            } else {
                Dependency(named: "either") { "second" }
            }
        }
        let present: String? = try container.inject(byName: "if")
        #expect(present == (condition ? "present" : nil))
        #expect(try container.inject(byName: "either") as String == (condition ? "first" : "second"))
    }

    @Test func switchForInAndAvailabilityChecksBuildRegistrations() throws {
        let chosen = Region.us
        let container = quietContainer {
            for region in Region.allCases {
                Dependency { "\(region)" }.associated(with: region)
            }
            switch chosen {
            case .eu: Dependency(named: "chosen") { "eu" }
            case .us: Dependency(named: "chosen") { "us" }
            case .asia: Dependency(named: "chosen") { "asia" }
            }
            if #available(macOS 14, iOS 17, *) {
                Dependency(named: "available") { true }
            }
        }
        #expect(try container.inject(byValue: Region.asia) as String == "asia")
        #expect(try container.inject(byName: "chosen") as String == "us")
        #expect(try container.inject(byName: "available") as Bool)
    }

    @Test func disabledGroupsContributeNothing() {
        let container = quietContainer {
            DependencyGroup { First() }.enabled(false)
            DependencyGroup { Second() }.enabled(true)
        }
        #expect(!container.isResolvable(First.self))
        #expect(container.isResolvable(Second.self))
    }

    @Test func disablingAMiddleGroupRemovesExactlyThatSubtree() throws {
        let container = quietContainer {
            DependencyGroup {
                Dependency(named: "outer") { 1 }
                DependencyGroup {
                    Dependency(named: "middle") { 2 }
                    DependencyGroup { Dependency(named: "inner") { 3 } }
                }
                .enabled(false)
                Dependency(named: "sibling") { 4 }
            }
        }
        var present: [String] = []
        for name in ["outer", "middle", "inner", "sibling"] {
            let value: Int? = try container.inject(byName: name)
            if value != nil { present.append(name) }
        }
        #expect(present == ["outer", "sibling"])
        #expect(
            DependencyGroup {
                First()
                Second()
            }.count == 2)
    }

    @Test func registeringADeclarativeValueImperativelyWarns() {
        let logger = CapturingLogger()
        let container = Container(logger: logger)
        container.register { Dependency { First() } }
        #expect(logger.entries(at: .warning).contains { $0.message.contains("container.add") })
    }
}

/// A container that does not print during tests, built with the result builder.
func quietContainer(
    _ name: String? = nil,
    parent: Container? = nil,
    @DependencyBuilder _ dependencies: @escaping @Sendable () -> DependencyGroup
) -> Container {
    Container(name: name, parent: parent, logger: DisabledLogger(), dependencies)
}
