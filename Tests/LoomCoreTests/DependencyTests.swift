import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

@Suite struct DependencyTests {
    protocol Greeting: Sendable { var text: String { get } }
    protocol Farewell: Sendable {}
    class Base: @unchecked Sendable {}
    final class Derived: Base, Greeting, Farewell, @unchecked Sendable { let text = "hi" }
    final class Unrelated: @unchecked Sendable {}
    enum Services: String { case repository }
    struct Flag: CustomStringConvertible { var description: String { "flag" } }
    enum Upload: Hashable, Sendable { case avatar, banner }
    final class Repository: Sendable {
        let context: String
        let id: Int
        init(context: String, id: Int = 0) {
            self.context = context
            self.id = id
        }
    }

    @Test func factoriesTakeAnyNumberOfTypedArgumentsInOrder() throws {
        let container = quietContainer {
            Dependency { Repository(context: "none") }.named("zero")
            Dependency { (context: String) in Repository(context: context) }.named("one")
            Dependency { (context: String, id: Int) in Repository(context: context, id: id) }.named("two")
            Dependency { (a: String, b: Int, c: Bool, d: Double) in Repository(context: "\(a)\(b)\(c)\(d)") }.named(
                "four")
        }
        #expect(try (container.inject(byName: "zero") as Repository).context == "none")
        #expect(try (container.inject(byName: "one", "users") as Repository).context == "users")
        let two: Repository = try container.inject(byName: "two", "users", 7)
        #expect(two.context == "users" && two.id == 7)
        #expect(try (container.inject(byName: "four", "x", 1, true, 2.5) as Repository).context == "x1true2.5")
    }

    @Test func untypedClosureParametersAreInferredFromTheirUse() throws {
        let container = quietContainer {
            Dependency { context in Repository(context: context) }
        }
        #expect(try container.inject(byType: Repository.self, "inferred").context == "inferred")
    }

    @Test func namesComeFromInitialisersAndModifiersAlike() throws {
        let container = quietContainer {
            Dependency(named: "plain") { 1 }
            Dependency(named: Services.repository) { 2 }
            Dependency(named: Flag()) { 3 }
            Dependency { 4 }.named("modified")
            Dependency { 5 }.named(Services.repository).alternative("ignored-for-names")
            Dependency { 6 }.named(Flag()).named("renamed")
        }
        #expect(try container.inject(byName: "plain") as Int == 1)
        #expect(try container.inject(byName: Services.repository) as Int == 5)
        #expect(try container.inject(byName: Flag()) as Int == 3)
        #expect(try container.inject(byName: "modified") as Int == 4)
        #expect(try container.inject(byName: "renamed") as Int == 6)
    }

    @Test func associatedValuesLocateThroughInitialiserAndModifier() throws {
        let container = quietContainer {
            Dependency(for: Upload.avatar) { "avatar" }
            Dependency { "banner" }.associated(with: Upload.banner)
        }
        #expect(try container.inject(byValue: Upload.avatar) as String == "avatar")
        #expect(try container.inject(byValue: Upload.banner) as String == "banner")
    }

    @Test func conformancesAndSuperclassesAreChainable() throws {
        let container = quietContainer {
            Dependency { Derived() }
                .conforms(to: (any Greeting).self)
                .conforms(to: (any Farewell).self)
                .inherits(from: Base.self)
            Dependency(conformingTo: (any Greeting).self) { Derived() }.named("by-init")
        }
        #expect(try container.resolve((any Greeting).self).text == "hi")
        _ = try container.resolve((any Farewell).self)
        _ = try container.resolve(Base.self)
        _ = try container.resolve(Derived.self)
    }

    @Test func nameTypeAndValueLookupsAreSeparate() throws {
        let container = quietContainer {
            Dependency { Repository(context: "named") }.named("Repository")
        }
        #expect(!container.isResolvable(Repository.self))
        #expect(throws: InjectionError.self) { try container.inject(byValue: "Repository") as Repository }
        #expect(throws: Never.self) { try container.inject(byName: "Repository") as Repository }
    }

    @Test func namesMatchExactlyOnEveryPath() throws {
        let container = quietContainer { Dependency(named: "exact-account-service") { 1 } }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        for wrong in [
            "Exact-Account-Service", "exact-account-service ", " exact-account-service", "exactaccountservice",
        ] {
            #expect(throws: InjectionError.self) { try container.inject(byName: wrong) as Int }
            #expect(throws: InjectionError.self) { try DependencyGraph.inject(byName: wrong) as Int }
            #expect(try DependencyGraph.inject(byName: wrong) as Int? == nil)
        }
        #expect(try DependencyGraph.inject(byName: "exact-account-service") as Int == 1)
    }

    @Test func missingDependenciesPrintTheirLocator() throws {
        let container = quietContainer {}
        for (attempt, expected) in [
            ({ _ = try container.inject(byName: "x") as Int }, "Name[x]"),
            ({ _ = try container.inject(byType: Repository.self) }, "Type[Repository]"),
            ({ _ = try container.inject(byValue: Upload.avatar) as Int }, "Value[avatar]"),
        ] as [(() throws -> Void, String)] {
            let error = try #require(throws: InjectionError.self) { try attempt() }
            guard case .missingDependency(let context, _) = error else {
                Issue.record("expected missingDependency, got \(error)")
                continue
            }
            #expect(context.description == expected)
        }
    }

    @Test func aValueThatCannotBeCastToTheRequestedTypeIsAMismatch() throws {
        let container = quietContainer { Dependency(named: "number") { 42 } }
        let error = try #require(throws: InjectionError.self) { try container.inject(byName: "number") as String }
        guard case .mismatchedDependencyType(let actual, let expected) = error else {
            Issue.record("expected mismatchedDependencyType, got \(error)")
            return
        }
        #expect(actual == "Int")
        #expect(expected == "String")
    }

    @Test func anUnrelatedSuperclassIsReportedWhenTheRegistrationIsMade() {
        let logger = CapturingLogger()
        _ = Container(logger: logger) {
            Dependency { Unrelated() }.inherits(from: Base.self)
        }
        let errors = logger.entries(at: .error)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("Unrelated does not inherit from Base") == true)
        #expect(errors.first?.file.hasSuffix("DependencyTests.swift") == true)
    }

    @Test func anAlternativeOnANamedRegistrationIsIgnoredAndReported() throws {
        let logger = CapturingLogger()
        let container = Container(logger: logger) {
            Dependency { 5 }.named("graph-alternative-name").alternative("ignored")
        }
        #expect(try container.inject(byName: "graph-alternative-name") as Int == 5)
        #expect(logger.entries(at: .error).contains { $0.message.contains("alternative only qualifies") })
    }

    @Test func aliasesKeepTheRegistrationsAlternativeAndParameters() throws {
        let container = quietContainer {
            Dependency { (context: String) in Derived() }.conforms(to: (any Greeting).self)
            Dependency { Derived() }.conforms(to: (any Farewell).self).alternative("polite")
        }
        #expect(throws: InjectionError.self) { try container.resolve((any Greeting).self) }
        #expect(try container.inject(byType: (any Greeting).self, "context").text == "hi")
        #expect(throws: InjectionError.self) { try container.resolve((any Farewell).self) }
        _ = try container.resolve((any Farewell).self, alternative: "polite")
    }

    @Test func anUnrelatedProtocolIsReportedWithTheDeclarationOnFirstUse() throws {
        let container = quietContainer {
            Dependency { Unrelated() }.conforms(to: (any Greeting).self)
        }
        let error = try #require(throws: InjectionError.self) { try container.resolve((any Greeting).self) }
        guard case .mismatchedDependencyType(let actual, let expected) = error else {
            Issue.record("expected mismatchedDependencyType, got \(error)")
            return
        }
        #expect(actual == "Unrelated")
        #expect(expected.contains("DependencyTests.swift"))
    }

    @Test func defaultScopeIsAutomatic() {
        #expect(Dependency { Repository(context: "") }.scope.description == "shared")
        #expect(Dependency { 1 }.scope.description == "instance")
        #expect(Dependency { Repository(context: "") }.scope(.singleton).eagerness(.eager).eagerness == .eager)
    }
}
