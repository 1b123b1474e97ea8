import LoomCore
import LoomRuntime
import Testing

// The one-, two- and three-argument front doors read without parameter packs (`ProbeTarget+FixedArity.swift`). Their
// hashes must agree with the pack-based ones that file registrations and slots — a disagreement would not be an error,
// only a fast path that always misses — so these tests ask the probe itself, and check the answers through the
// public overloads Swift picks for those arities.

private enum Region: String, Hashable, Sendable { case eu, us }

private final class Quota: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

@Suite struct FixedArityTests {
    @Test func tupleHashesAgreeWithThePackBasedOnes() {
        #expect(FixedArity.lookupHash(7) == EntryCache.lookupHash(7))
        #expect(FixedArity.lookupHash("seven") == EntryCache.argumentHash("seven"))
        #expect(FixedArity.lookupHash(7, "seven") == EntryCache.lookupHash(7, "seven"))
        #expect(FixedArity.lookupHash(7, "seven") == EntryCache.argumentHash(7, "seven"))
        #expect(
            FixedArity.lookupHash(Region.eu, UInt64(3), true) == EntryCache.argumentHash(Region.eu, UInt64(3), true))
        #expect(FixedArity.lookupHash("a", 2.5, Int32(-1)) == EntryCache.lookupHash("a", 2.5, Int32(-1)))
        #expect(FixedArity.lookupHash(1, 2) != FixedArity.lookupHash(2, 1), "the order counts")
    }

    @Test func theProbeAnswersEachArityWithAndWithoutAlternative() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { (region: Region) in Quota("1:\(region)") }
        container.register(scope: .singleton) { (region: Region, tier: Int) in Quota("2:\(region):\(tier)") }
        container.register(scope: .singleton) { (region: Region, tier: Int, beta: Bool) in
            Quota("3:\(region):\(tier):\(beta)")
        }
        container.register(alternative: "archive", scope: .singleton) { (region: Region, tier: Int) in
            Quota("archive:\(region):\(tier)")
        }
        let one = try container.inject(byType: Quota.self, Region.eu)
        let two = try container.inject(byType: Quota.self, Region.eu, 2)
        let three = try container.inject(byType: Quota.self, Region.eu, 2, true)
        let archive = try container.inject(byType: Quota.self, alternative: "archive", Region.eu, 2)
        #expect(
            [one.label, two.label, three.label, archive.label] == ["1:eu", "2:eu:2", "3:eu:2:true", "archive:eu:2"])
        // Settled: the probe alone finds each instance again.
        let registry = container.registry
        #expect(try registry.fastValue(Quota.self, alternative: nil, Region.eu) === one)
        #expect(try registry.fastValue(Quota.self, alternative: nil, Region.eu, 2) === two)
        #expect(try registry.fastValue(Quota.self, alternative: nil, Region.eu, 2, true) === three)
        #expect(try registry.fastValue(Quota.self, alternative: "archive", Region.eu, 2) === archive)
        #expect(try registry.fastValue(Quota.self, alternative: "other", Region.eu, 2) == nil)
        // Through the public overloads, the same instances.
        #expect(try container.inject(byType: Quota.self, Region.eu, 2) === two)
        #expect(try container.inject(byType: Quota.self, Region.eu, 2, true) === three)
        #expect(try container.inject(byType: Quota.self, alternative: "archive", Region.eu, 2) === archive)
    }

    @Test func parameterTypesTheirOrderAndTheirNumberTellRegistrationsApart() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { (tier: Int, name: String) in Quota("int-string:\(tier):\(name)") }
        container.register(scope: .singleton) { (name: String, tier: Int) in Quota("string-int:\(name):\(tier)") }
        container.register(scope: .singleton) { (tier: Int, name: String, beta: Bool) in
            Quota("three:\(tier):\(name):\(beta)")
        }
        for _ in 0..<2 {  // built, then settled
            #expect(try container.inject(byType: Quota.self, 1, "a").label == "int-string:1:a")
            #expect(try container.inject(byType: Quota.self, "a", 1).label == "string-int:a:1")
            #expect(try container.inject(byType: Quota.self, 1, "a", false).label == "three:1:a:false")
        }
        #expect(throws: InjectionError.self) { try container.inject(byType: Quota.self, 1, 2) }
        #expect(throws: InjectionError.self) { try container.inject(byType: Quota.self, 1) }
    }

    @Test func theParameterTypesMatchOnlyTheirOwnKey() {
        let typeKey = TypeKey(Quota.self)
        func key(_ types: [Any.Type], alternative: RegistrationAlternative? = nil) -> RegistrationKey {
            RegistrationKey(
                locator: .type(Quota.self), alternative: alternative,
                parameters: .types(ParameterTypeList.interned(types)!))
        }
        let three = FixedArity.parameterTypes(Int.self, String.self, Bool.self)
        #expect(key([Int.self, String.self, Bool.self]).matchesParameters(typeKey: typeKey, alternative: nil, three))
        #expect(
            !key([Int.self, String.self, Bool.self, Int.self]).matchesParameters(
                typeKey: typeKey, alternative: nil, three),
            "a fourth parameter")
        #expect(!key([Int.self, String.self]).matchesParameters(typeKey: typeKey, alternative: nil, three))
        #expect(
            !key([Int.self, Bool.self, String.self]).matchesParameters(typeKey: typeKey, alternative: nil, three))
        #expect(
            !key([Int.self, String.self, Bool.self], alternative: "x").matchesParameters(
                typeKey: typeKey, alternative: nil, three))
        #expect(
            key([Int.self, String.self, Bool.self], alternative: "x").matchesParameters(
                typeKey: typeKey, alternative: "x", three))
        #expect(
            !key([Int.self, String.self, Bool.self]).matchesParameters(
                typeKey: TypeKey(Never.self), alternative: nil, three))
        #expect(
            !RegistrationKey(locator: .type(Quota.self), parameters: .none).matchesParameters(
                typeKey: typeKey, alternative: nil, FixedArity.parameterTypes(Int.self)),
            "a plain key has no parameter types")
    }

    @Test func eachArgumentTupleHasItsOwnInstance() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { (tier: Int, name: String) in Quota("\(tier):\(name)") }
        let first = try container.inject(byType: Quota.self, 1, "a")
        #expect(try container.inject(byType: Quota.self, 1, "a") === first)
        #expect(try container.inject(byType: Quota.self, 1, "b") !== first)
        #expect(try container.inject(byType: Quota.self, 2, "a") !== first)
        #expect(try container.inject(byType: Quota.self, 2, "a").label == "2:a")
    }

    @Test func aTransientRegistrationBuildsForEveryResolve() throws {
        let container = quietContainer()
        container.register { (tier: Int, name: String) in Quota("\(tier):\(name)") }
        let first = try container.inject(byType: Quota.self, 1, "a")
        #expect(try container.inject(byType: Quota.self, 1, "a") !== first)
        #expect(try container.registry.fastValue(Quota.self, alternative: nil, 1, "a")?.label == "1:a")
    }

    @Test func argumentsOfOtherTypesAreReportedAsInvalidParameters() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { (tier: Int, name: String) in Quota("\(tier):\(name)") }
        let error = try #require(throws: InjectionError.self) {
            try container.inject(byType: Quota.self, 1, 2)
        }
        guard case .invalidDependencyParameters(_, let expected, let actual) = error else {
            Issue.record("expected invalidDependencyParameters, got \(error)")
            return
        }
        #expect(expected == ["Int", "String"])
        #expect(actual == ["Int", "Int"])
    }

    @Test func theGraphAnswersEachArity() throws {
        final class GraphQuota: Sendable {
            let label: String
            init(_ label: String) { self.label = label }
        }
        let container = quietContainer("fixed-arity-graph") {
            Dependency { (region: Region) in GraphQuota("1:\(region)") }.scope(.singleton)
            Dependency { (region: Region, tier: Int) in GraphQuota("2:\(region):\(tier)") }.scope(.singleton)
            Dependency { (region: Region, tier: Int, beta: Bool) in GraphQuota("3:\(region):\(tier):\(beta)") }
                .scope(.singleton)
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let one = try DependencyGraph.inject(byType: GraphQuota.self, Region.us)
        let two = try DependencyGraph.inject(byType: GraphQuota.self, Region.us, 3)
        let three = try DependencyGraph.inject(byType: GraphQuota.self, Region.us, 3, false)
        #expect([one.label, two.label, three.label] == ["1:us", "2:us:3", "3:us:3:false"])
        // (The graph's probe itself is not asked here: a test running beside this one may turn indexing off, and the
        // probe then leaves every request to the general path.)
        #expect(try DependencyGraph.inject(byType: GraphQuota.self, Region.us, 3) === two)
        #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: GraphQuota.self, 3, Region.us) }
    }

    @Test func theGraphsProbeFindsEachArityOnceBuilt() async {
        // In a child process: the graph's probe answers only while indexing is on, a process-wide setting that other
        // suites change.
        await #expect(processExitsWith: .success) {
            LoomConfiguration.isIndexingEnabled = true
            let container = Container(name: "fixed-arity-graph-probe", logger: DisabledLogger()) {
                Dependency { (region: Region) in Quota("1:\(region)") }.scope(.singleton)
                Dependency { (region: Region, tier: Int) in Quota("2:\(region):\(tier)") }.scope(.singleton)
                Dependency { (region: Region, tier: Int, beta: Bool) in Quota("3:\(region):\(tier):\(beta)") }
                    .scope(.singleton)
                Dependency(alternative: "archive") { (region: Region, tier: Int) in Quota("archive") }
                    .scope(.singleton)
            }
            DependencyGraph.activate(container)
            defer { DependencyGraph.deactivate(container) }
            let target = GraphProbeTarget()
            let one = try DependencyGraph.inject(byType: Quota.self, Region.us)
            let two = try DependencyGraph.inject(byType: Quota.self, Region.us, 3)
            let three = try DependencyGraph.inject(byType: Quota.self, Region.us, 3, false)
            let archive = try DependencyGraph.inject(byType: Quota.self, alternative: "archive", Region.us, 3)
            #expect(try target.fastValue(Quota.self, alternative: nil, Region.us) === one)
            #expect(try target.fastValue(Quota.self, alternative: nil, Region.us, 3) === two)
            #expect(try target.fastValue(Quota.self, alternative: nil, Region.us, 3, false) === three)
            #expect(try target.fastValue(Quota.self, alternative: "archive", Region.us, 3) === archive)
            // A tuple without an instance yet is built by the registration the probe found, once.
            let other = try #require(try target.fastValue(Quota.self, alternative: nil, Region.eu, 3))
            #expect(other.label == "2:eu:3")
            #expect(try DependencyGraph.inject(byType: Quota.self, Region.eu, 3) === other)
            #expect(try target.fastValue(Quota.self, alternative: nil, 3, Region.us) == nil, "no such parameter list")
        }
    }
}
