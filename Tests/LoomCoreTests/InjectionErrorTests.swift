import LoomCore
import Testing

@Suite struct InjectionErrorTests {
    struct Underlying: Error {}

    static let context = DependencyContext(
        locator: .type(Service.self),
        alternative: "blue",
        parameterTypes: ["Int"],
        requestedType: "Service",
        searched: ["Container(a)", "Container(b)"]
    )

    static let allCases: [InjectionError] = [
        .missingDependency(context, suggestions: ["Type[Service] in Container(a)"]),
        .multipleDependencies(context, candidates: ["first", "second"]),
        .mismatchedDependencyType(actual: "Int", expected: "String"),
        .invalidDependencyParameters(context, expected: ["Int"], actual: ["String"]),
        .cyclicDependencyReference(DependencyCycle(chain: [.type(Service.self), .name("x"), .type(Service.self)])),
        .containerLocked(container: "Container(a)"),
        .factoryFailed(context, underlying: Underlying()),
        .asynchronousDependency(context),
        .isolatedDependency(context, actor: "MainActor"),
        .outsideRequestScope(context),
        .unimplementedDependency(context, calledFrom: "App/Forecast.swift:9"),
        .notProvided(context),
    ]

    @Test(arguments: allCases)
    func everyCaseHasAnActionableDescriptionAndRecovery(error: InjectionError) throws {
        #expect(!error.description.isEmpty)
        let recovery = try #require(error.recoverySuggestion)
        #expect(!recovery.isEmpty)
        #expect(error.errorDescription == error.description)
        #expect(
            error.fatalMessage == "InjectionError: \(error.description.trimmingTrailingPeriod). Recovery: \(recovery)")
    }

    @Test func contextPrintsLikeItsLocatorPlusQualifiers() {
        #expect(Self.context.description == "Type[Service] (alternative: blue) with parameters (Int)")
        #expect(DependencyContext(locator: .name("x"), requestedType: "X").description == "Name[x]")
    }

    @Test func descriptionsNameTheFactsAPersonNeeds() {
        let missing = InjectionError.missingDependency(Self.context, suggestions: ["Type[Service] in Container(a)"])
        #expect(missing.description.contains("Searched: Container(a) → Container(b)"))
        #expect(missing.description.contains("Did you mean: Type[Service] in Container(a)?"))
        let multiple = InjectionError.multipleDependencies(Self.context, candidates: ["first", "second"])
        #expect(multiple.description.contains("Found: first; second"))
        let cycle = InjectionError.cyclicDependencyReference(
            DependencyCycle(chain: [.type(Service.self), .name("x"), .type(Service.self)])
        )
        #expect(cycle.description == "Dependency cycle detected, Type[Service] -> Name[x] -> Type[Service].")
        let unimplemented = InjectionError.unimplementedDependency(Self.context, calledFrom: "App/Forecast.swift:9")
        #expect(unimplemented.description.contains("Type[Service] (alternative: blue) with parameters (Int)"))
        #expect(unimplemented.description.contains("at App/Forecast.swift:9"))
        #expect(unimplemented.recoverySuggestion?.contains("Override Service in the test") == true)
    }
}

extension String {
    fileprivate var trimmingTrailingPeriod: String { hasSuffix(".") ? String(dropLast()) : self }
}
