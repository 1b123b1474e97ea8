import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

/// One way to misuse the public API, the `InjectionError` it must produce, and how to recognise it.
struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether the fixture's container is locked before the mistake (and so before the state is first observed).
    let locksTheContainer: Bool
    /// Makes the mistake; throws what the API throws.
    let provoke: @Sendable (BadInputFixture) throws -> Void
    /// The problems with the error the mistake produced (`nil`: it returned normally), none when it is right.
    let check: @Sendable (BadInputFixture, InjectionError?) -> [String]

    var testDescription: String { name }

    /// Every case of `InjectionError`, each provoked through containers and, where it applies, the graph.
    static let all: [BadInput] = [
        BadInput("missing type from a container chain") { fixture in
            _ = try fixture.container.resolve(BadInputUnregistered.self)
        } check: { fixture, error in
            guard case .missingDependency(let context, _)? = error else { return ["expected missingDependency"] }
            return expect(context.locator == .type(BadInputUnregistered.self), "locator \(context.locator)")
                + expect(
                    context.searched == [fixture.container.description, fixture.parent.description],
                    "searched \(context.searched)")
        },
        BadInput("missing alternative") { fixture in
            _ = try fixture.container.resolve(BadInputAccount.self, alternative: "reliability.other")
        } check: { _, error in
            guard case .missingDependency(_, let suggestions)? = error else { return ["expected missingDependency"] }
            return expect(suggestions.contains { $0.contains("Type[BadInputAccount]") }, "suggestions \(suggestions)")
        },
        BadInput("missing name differing only in case") { fixture in
            _ = try fixture.container.inject(byName: fixture.countName.uppercased()) as Int
        } check: { fixture, error in
            guard case .missingDependency(_, let suggestions)? = error else { return ["expected missingDependency"] }
            return expect(suggestions.contains { $0.contains(fixture.countName) }, "suggestions \(suggestions)")
        },
        BadInput("missing name in the graph") { fixture in
            _ = try DependencyGraph.inject(byName: "\(fixture.prefix).nowhere") as Int
        } check: { fixture, error in
            guard case .missingDependency(let context, _)? = error else { return ["expected missingDependency"] }
            // The graph lists the active containers it searched (other suites' containers may be active too).
            return expect(
                context.searched.contains(fixture.container.description)
                    && context.searched.contains(fixture.sibling.description),
                "searched \(context.searched)")
        },
        BadInput("missing dependency inside a factory passes through unchanged") { fixture in
            _ = try fixture.container.inject(byName: fixture.missingInsideName) as BadInputAccount
        } check: { _, error in
            guard case .missingDependency(let context, _)? = error else { return ["expected missingDependency"] }
            return expect(context.locator == .type(BadInputUnregistered.self), "locator \(context.locator)")
        },
        BadInput("an async registration resolved synchronously before it was loaded") { fixture in
            _ = try fixture.container.resolve(BadInputConnection.self)
        } check: { _, error in
            guard case .asynchronousDependency(let context)? = error else { return ["expected asynchronousDependency"] }
            return expect(context.locator == .type(BadInputConnection.self), "locator \(context.locator)")
        },
        BadInput("a main-actor registration resolved synchronously off the main actor") { fixture in
            // Tests run on the cooperative pool, never on the main thread.
            _ = try fixture.container.resolve(BadInputViewModel.self)
        } check: { _, error in
            guard case .isolatedDependency(let context, let actor)? = error else {
                return ["expected isolatedDependency"]
            }
            return expect(context.locator == .type(BadInputViewModel.self), "locator \(context.locator)")
                + expect(actor == "MainActor", "actor \(actor)")
        },
        BadInput("a .scoped registration resolved outside any request scope") { fixture in
            _ = try fixture.container.resolve(BadInputRequestContext.self)
        } check: { _, error in
            guard case .outsideRequestScope(let context)? = error else { return ["expected outsideRequestScope"] }
            return expect(context.locator == .type(BadInputRequestContext.self), "locator \(context.locator)")
        },
        BadInput("an unimplemented dependency resolved outside any test") { _ in
            let container = Container(name: "bad-input-unimplemented", logger: DisabledLogger()) {
                Dependency.unimplemented(BadInputConnection.self)
            }
            // On an OS thread of its own, outside the running test: the typed error alone (a test that resolves it
            // also records an issue, which would fail this one).
            let errors = Collected<InjectionError>()
            onThreads(1) { _ in
                do {
                    _ = try container.resolve(BadInputConnection.self)
                } catch let error as InjectionError {
                    errors.append(error)
                } catch {}
            }
            if let error = errors.all.first { throw error }
        } check: { _, error in
            guard case .unimplementedDependency(let context, let calledFrom)? = error else {
                return ["expected unimplementedDependency"]
            }
            return expect(context.locator == .type(BadInputConnection.self), "locator \(context.locator)")
                + expect(calledFrom.hasPrefix("LoomReliabilityTests/BadInputTests.swift:"), "site \(calledFrom)")
        },
        BadInput("a provided value resolved in a request scope given none") { fixture in
            _ = try fixture.container.withScope { scope in try scope.resolve(BadInputRequestID.self) }
        } check: { _, error in
            guard case .notProvided(let context)? = error else { return ["expected notProvided"] }
            return expect(context.locator == .type(BadInputRequestID.self), "locator \(context.locator)")
        },
        BadInput("two registrations conforming to one protocol") { fixture in
            _ = try fixture.aliasing.resolve((any BadInputPricing).self)
        } check: { _, error in
            guard case .multipleDependencies(_, let candidates)? = error else {
                return ["expected multipleDependencies"]
            }
            return expect(candidates.count == 2, "candidates \(candidates)")
        },
        BadInput("one name in two active containers") { fixture in
            _ = try DependencyGraph.inject(byName: fixture.duplicateName) as Int
        } check: { fixture, error in
            guard case .multipleDependencies(_, let candidates)? = error else {
                return ["expected multipleDependencies"]
            }
            return expect(
                candidates.count == 2 && candidates.contains { $0.contains(fixture.sibling.description) },
                "candidates \(candidates)")
        },
        BadInput("a name resolved as the wrong type") { fixture in
            _ = try fixture.container.inject(byName: fixture.countName) as String
        } check: { _, error in
            guard case .mismatchedDependencyType(let actual, let expected)? = error else {
                return ["expected mismatchedDependencyType"]
            }
            return expect(actual == "Int" && expected == "String", "actual \(actual), expected \(expected)")
        },
        BadInput("a cold singleton that does not conform to its declared protocol") { fixture in
            _ = try fixture.aliasing.resolve((any BadInputAuditing).self)
        } check: { _, error in
            guard case .mismatchedDependencyType(let actual, _)? = error else {
                return ["expected mismatchedDependencyType"]
            }
            return expect(actual == "BadInputNotAuditing", "actual \(actual)")
        },
        BadInput("wrong argument type for a parameterised registration") { fixture in
            _ = try fixture.container.inject(byType: BadInputKeyed.self, "one")
        } check: { _, error in
            guard case .invalidDependencyParameters(_, let expected, let actual)? = error else {
                return ["expected invalidDependencyParameters"]
            }
            return expect(expected == ["Int"] && actual == ["String"], "expected \(expected), actual \(actual)")
        },
        BadInput("wrong argument type for a named parameterised registration in the graph") { fixture in
            _ = try DependencyGraph.inject(byName: fixture.keyedName, 1.5) as BadInputKeyed
        } check: { _, error in
            guard case .invalidDependencyParameters(_, let expected, let actual)? = error else {
                return ["expected invalidDependencyParameters"]
            }
            return expect(expected == ["Int"] && actual == ["Double"], "expected \(expected), actual \(actual)")
        },
        BadInput("a cycle of two cold singletons") { fixture in
            _ = try fixture.container.inject(byName: fixture.cycleName) as BadInputLedger
        } check: { fixture, error in
            guard case .cyclicDependencyReference(let cycle)? = error else {
                return ["expected cyclicDependencyReference"]
            }
            // Another suite may switch detection off or lower the depth limit for a moment; the case stays the same.
            guard cycle.exceededDepthLimit == nil else { return [] }
            return expect(
                cycle.chain == [.name(fixture.cycleName), .name(fixture.otherCycleName), .name(fixture.cycleName)],
                "chain \(cycle)")
        },
        BadInput("registering in a locked container", locksTheContainer: true) { fixture in
            fixture.container.register(scope: .singleton) { BadInputAccount() }
            fixture.container.add { Dependency(named: fixture.countName) { 7 } }
        } check: { fixture, error in
            guard error == nil else { return ["register threw \(String(describing: error))"] }
            let expected = InjectionError.containerLocked(container: fixture.container.description).description
            // Each attempt logs one error per ignored registration.
            let errors = fixture.logger.entries(at: .error).map(\.message)
            return expect(
                errors.count.isMultiple(of: 2) && errors.suffix(2).allSatisfy { $0.hasPrefix(expected) },
                "logged \(errors), expected \(expected)")
        },
        BadInput("a factory that throws after resolving a warm singleton") { fixture in
            _ = try fixture.container.inject(byName: fixture.failingName) as BadInputAccount
        } check: { fixture, error in
            guard case .factoryFailed(let context, let underlying)? = error else { return ["expected factoryFailed"] }
            return expect(underlying is BadInputFailure, "underlying \(underlying)")
                + expect(context.locator == .name(fixture.failingName), "context \(context)")
        },
    ]

    init(
        _ name: String,
        locksTheContainer: Bool = false,
        provoke: @escaping @Sendable (BadInputFixture) throws -> Void,
        check: @escaping @Sendable (BadInputFixture, InjectionError?) -> [String]
    ) {
        self.name = name
        self.locksTheContainer = locksTheContainer
        self.provoke = provoke
        self.check = check
    }

    private static func expect(_ condition: Bool, _ problem: String) -> [String] {
        condition ? [] : [problem]
    }
}

/// Every bad input gets a typed error and leaves the container as it was — the same registrations (the very same
/// entries, by identity) and the same cached instances, in the container, its parent, its child and a sibling
/// (Documentation/Design/reliability-targets.md#bad-input).
@Suite struct BadInputTests {
    @Test(arguments: BadInput.all)
    func badInputReportsItsErrorAndLeavesEveryContainerAsItWas(_ input: BadInput) throws {
        let fixture = BadInputFixture()
        defer { fixture.tearDown() }
        if input.locksTheContainer { fixture.container.lock() }
        let before = try fixture.state()
        // Twice: a failure must not leave anything half-done that changes the second attempt.
        for attempt in 1...2 {
            let error: InjectionError?
            do {
                try input.provoke(fixture)
                error = nil
            } catch let injectionError as InjectionError {
                error = injectionError
            } catch {
                Issue.record("attempt \(attempt) threw \(error), which is not an InjectionError")
                continue
            }
            let problems = input.check(fixture, error)
            #expect(problems.isEmpty, "attempt \(attempt): \(problems) (error: \(String(describing: error)))")
            if let error { #expect(error.recoverySuggestion?.isEmpty == false) }
            let after = try fixture.state()
            #expect(before == after, "attempt \(attempt) changed the containers.\nBefore:\n\(before)\nAfter:\n\(after)")
        }
    }

    @Test func everyInjectionErrorCaseIsProvoked() {
        var provoked: Set<String> = []
        for input in BadInput.all {
            let fixture = BadInputFixture()
            defer { fixture.tearDown() }
            if input.locksTheContainer { fixture.container.lock() }
            do {
                try input.provoke(fixture)
                if !fixture.logger.entries(at: .error).isEmpty { provoked.insert("containerLocked") }
            } catch let error as InjectionError {
                provoked.insert(Self.caseName(of: error))
            } catch {}
        }
        #expect(provoked == Self.allCaseNames, "not provoked: \(Self.allCaseNames.subtracting(provoked))")
    }

    static let allCaseNames: Set<String> = [
        "missingDependency", "multipleDependencies", "mismatchedDependencyType", "invalidDependencyParameters",
        "cyclicDependencyReference", "containerLocked", "factoryFailed", "asynchronousDependency", "isolatedDependency",
        "outsideRequestScope", "unimplementedDependency", "notProvided",
    ]

    /// The case name, spelled out in a switch so a new `InjectionError` case breaks this file's build until a bad
    /// input provokes it.
    static func caseName(of error: InjectionError) -> String {
        switch error {
        case .missingDependency: "missingDependency"
        case .multipleDependencies: "multipleDependencies"
        case .mismatchedDependencyType: "mismatchedDependencyType"
        case .invalidDependencyParameters: "invalidDependencyParameters"
        case .cyclicDependencyReference: "cyclicDependencyReference"
        case .containerLocked: "containerLocked"
        case .factoryFailed: "factoryFailed"
        case .asynchronousDependency: "asynchronousDependency"
        case .isolatedDependency: "isolatedDependency"
        case .outsideRequestScope: "outsideRequestScope"
        case .unimplementedDependency: "unimplementedDependency"
        case .notProvided: "notProvided"
        }
    }
}
