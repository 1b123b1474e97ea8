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
