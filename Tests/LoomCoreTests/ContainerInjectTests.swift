import LoomCore
import LoomTestSupport
import Testing

@Suite struct ContainerInjectTests {
    @Test func factoryArgumentsArePassedInOrder() throws {
        let container = quietContainer()
        container.register { (id: Int, name: String) in "\(name)#\(id)" }
        let text: String = try container.inject(byType: String.self, 7, "seven")
        #expect(text == "seven#7")
    }

    @Test func argumentsOfOtherTypesAreReportedAsInvalidParameters() throws {
        let container = quietContainer()
        container.register { (id: Int) in Service(id: id) }
        let error = try #require(throws: InjectionError.self) {
            let _: Service = try container.inject(byType: Service.self, "not an int")
        }
        guard case .invalidDependencyParameters(_, let expected, let actual) = error else {
            Issue.record("expected invalidDependencyParameters, got \(error)")
            return
        }
        #expect(expected == ["Int"])
        #expect(actual == ["String"])
    }

    @Test func parameterizedRegistrationIsNotFoundWithoutArguments() {
        let container = quietContainer()
        container.register { (id: Int) in Service(id: id) }
        #expect(throws: InjectionError.self) { try container.resolve(Service.self) }
        #expect(throws: InjectionError.self) { let _: Service = try container.inject() }
    }

    @Test func cachedScopesCacheOneInstancePerArgumentTuple() throws {
        let container = quietContainer()
        let built = Counter()
        container.register(scope: .singleton) { (id: Int, region: String) in
            built.increment()
            return Service(id: id)
        }
        let first: Service = try container.inject(byType: Service.self, 1, "eu")
        let again: Service = try container.inject(byType: Service.self, 1, "eu")
        let otherRegion: Service = try container.inject(byType: Service.self, 1, "us")
        let otherID: Service = try container.inject(byType: Service.self, 2, "eu")
        #expect(first === again)
        #expect(first !== otherRegion)
        #expect(first !== otherID)
        #expect(built.value == 3)
    }

    /// A registration made with both an alternative and arguments is reached by naming both — by the lock-free read
    /// once its tuple is settled, by its registration's own resolve before — and never answers a request without its
    /// alternative (nor the default registration one with it).
    @Test func anAlternativeWithArgumentsIsResolvedByNamingBoth() async throws {
        let container = quietContainer()
        container.register(scope: .singleton) { (id: Int, region: String) in Service(id: id) }
        container.register(alternative: "backup", scope: .singleton) { (id: Int, region: String) in Service(id: -id) }
        container.register(alternative: "remote", scope: .singleton) { (id: Int) async throws -> Service in
            await Task.yield()
            return Service(id: 1_000 + id)
        }
        let primary = try container.inject(byType: Service.self, 1, "eu")
        let backup = try container.inject(byType: Service.self, alternative: "backup", 1, "eu")
        #expect(primary.id == 1)
        #expect(backup.id == -1)
        #expect(try container.inject(byType: Service.self, alternative: "backup", 1, "eu") === backup)
        #expect(try container.registry.fastValue(Service.self, alternative: "backup", 1, "eu") === backup)
        #expect(try await container.load(byType: Service.self, alternative: "backup", 1, "eu") === backup)
        #expect(try container.inject(byType: Service.self, alternative: nil, 1, "eu") === primary)
        let optional: Service? = try container.inject(byType: Service?.self, alternative: "backup", 1, "eu")
        #expect(optional === backup)
        // The async registration: loaded, then its settled instance answers the synchronous verb (general path).
        let remote = try await container.load(byType: Service.self, alternative: "remote", 7)
        #expect(remote.id == 1_007)
        #expect(try container.inject(byType: Service.self, alternative: "remote", 7) === remote)
        // Without the alternative (or with another one) the request names another registration.
        #expect(throws: InjectionError.self) { try container.inject(byType: Service.self, 7) }
        #expect(try container.inject(byType: Service?.self, alternative: "other", 1, "eu") == nil)
    }

    /// The general paths, which report a failure, are asked for the alternative too: the error names it.
    @Test func aMissingAlternativeWithArgumentsIsReportedWithTheAlternative() async throws {
        let container = quietContainer()
        container.register(alternative: "backup", scope: .singleton) { (id: Int) in Service(id: id) }
        func namesOther(_ error: any Error) -> Bool {
            guard case InjectionError.missingDependency(let context, _) = error else { return false }
            return context.alternative == "other"
        }
        #expect(performing: { try container.inject(byType: Service.self, alternative: "other", 1) }, throws: namesOther)
        await #expect(
            performing: { try await container.load(byType: Service.self, alternative: "other", 1) }, throws: namesOther)
    }

    @Test func theGraphResolvesAnAlternativeWithArgumentsByNamingBoth() async throws {
        final class Archive: Sendable {
            let id: Int
            init(id: Int) { self.id = id }
        }
        let container = Container(name: "graph-alternative-arguments", logger: DisabledLogger()) {
            Dependency { (id: Int) in Archive(id: id) }.scope(.singleton)
            Dependency { (id: Int) in Archive(id: -id) }.alternative("cold").scope(.singleton)
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let cold = try DependencyGraph.inject(byType: Archive.self, alternative: "cold", 3)
        #expect(cold.id == -3)
        #expect(try DependencyGraph.inject(byType: Archive.self, 3).id == 3)
        #expect(try DependencyGraph.inject(byType: Archive.self, alternative: "cold", 3) === cold)
        #expect(try await DependencyGraph.load(byType: Archive.self, alternative: "cold", 3) === cold)
        #expect(try DependencyGraph.inject(byType: Archive?.self, alternative: "cold", 3) === cold)
        #expect(try DependencyGraph.inject(byType: Archive?.self, alternative: "warm", 3) == nil)
        func namesWarm(_ error: any Error) -> Bool {
            guard case InjectionError.missingDependency(let context, _) = error else { return false }
            return context.alternative == "warm"
        }
        #expect(
            performing: { try DependencyGraph.inject(byType: Archive.self, alternative: "warm", 3) }, throws: namesWarm)
        await #expect(
            performing: { try await DependencyGraph.load(byType: Archive.self, alternative: "warm", 3) },
            throws: namesWarm)
    }

    @Test func optionalInjectionIsNilOnlyWhenMissing() throws {
        struct Failure: Error {}
        let container = quietContainer()
        let missing: Service? = try container.inject()
        #expect(missing == nil)
        container.register { Service(id: 5) }
        let present: Service? = try container.inject()
        #expect(present?.id == 5)
        container.register { () throws -> OtherService in throw Failure() }
        #expect(throws: InjectionError.self) { let _: OtherService? = try container.inject() }
    }

    @Test func collectionInjectionReturnsEveryMatchInTheChainOrNothing() throws {
        let root = quietContainer()
        let child = quietContainer(parent: root)
        let none: [Service] = try child.inject()
        #expect(none.isEmpty)
        root.register { Service(id: 1) }
        let one: [Service] = try child.inject()
        #expect(one.map(\.id) == [1])
        child.register { Service(id: 2) }
        let shadowed: [Service] = try child.inject()
        #expect(shadowed.map(\.id) == [2])
        let set: Set<Int> = try {
            root.register { 4 }
            return try child.inject()
        }()
        #expect(set == [4])
    }
}
