import Testing

@testable import LoomAutoregistrationCore

/// What the graph check reads from registrations: the type each provides when source writes it, its key and scope.
@Suite struct GraphSourceScannerRegistrationsTests {
    func providers(_ source: String) -> [Provider] {
        GraphSourceScanner.facts(in: LexedSource(source), path: "App.swift", module: "App").providers
    }

    @Test func writtenTypesAreProvided() {
        let found = providers(
            """
            let container = Container {
                Dependency { () -> any Store in FileStore() }
                Dependency<Clock> { SystemClock() }.scope(.singleton)
                Dependency { [unowned container] () async throws -> Index in try await Index(container) }
            }
            container.register(Cache.self) { Cache() }
            container.register(scope: .scoped) { () -> RequestContext in RequestContext() } onRelease: { $0.close() }
            """)
        #expect(found.map { $0.type?.description } == ["any Store", "Clock", "Index", "Cache", "RequestContext"])
        #expect(found.map(\.scope) == [.automatic, .singleton, .automatic, .instance, .scoped])
        #expect(found.allSatisfy { $0.answersPlainTypeRequests && !$0.isOpaque })
        #expect(found[0].location == SourceLocation(path: "App.swift", module: "App", line: 2, column: 5))
    }

    @Test func aProvidedValueIsAScopedProviderOfTheTypeItNames() {
        let found = providers(
            """
            let container = Container {
                Dependency.provided(Request.self)
                Dependency.provided(ServerRequestID.self, fileID: #fileID, line: #line)
                Dependency.provided(requestType)
            }
            """)
        #expect(found.map { $0.type?.description } == ["Request", "ServerRequestID", nil])
        #expect(found.map(\.scope) == [.scoped, .scoped, .scoped])
        #expect(found.prefix(2).allSatisfy { $0.answersPlainTypeRequests && !$0.isOpaque })
        #expect(found[2].isOpaque)
    }

    @Test func registrationsWithoutAWrittenTypeAreOpaque() {
        let found = providers(
            """
            let container = Container {
                Dependency { FileStore() }
                Dependency(makeStore)
                Dependency { () -> any Store in FileStore() }.erasedForTests()
                Dependency { () -> some Clock in SystemClock() }
            }
            container.register(someType) { () -> Cache in Cache() }
            """)
        #expect(found.count == 5)
        #expect(found.allSatisfy { $0.isOpaque })
    }

    @Test func namesValuesAlternativesAndAliasesChangeWhatIsProvided() {
        let found = providers(
            """
            Container {
                Dependency { () -> Repository in Repository() }.named("repository")
                Dependency(named: "audit") { () -> AuditLog in AuditLog() }
                Dependency(named: Services.repository) { Repository() }
                Dependency(for: Upload.avatar) { () -> Uploader in Uploader() }
                Dependency { () -> Greeter in Pirate() }.alternative(.pirate)
                Dependency { () -> FileStore in FileStore() }.conforms(to: (any Store).self)
                Dependency(isolation: MainActor.self) { () -> Model in Model() }
            }
            container.register(Greeter.self, alternative: .pirate) { Pirate() }
            """)
        #expect(
            found.map(\.locator) == [
                .name("repository"), .name("audit"), .name(nil), .value, .type, .type, .type, .type,
            ])
        #expect(found.map(\.hasAlternative) == [false, false, false, false, true, false, false, true])
        #expect(found[5].aliases == [TypeSpelling("any Store")])
        #expect(found[6].scope == .instance)
        #expect(found.filter { $0.answersPlainTypeRequests }.count == 2)
        #expect(!found.contains { $0.isOpaque })
    }

    @Test func factoriesWithArgumentsDoNotAnswerPlainRequests() {
        let found = providers(
            """
            Dependency { (name: String, count: Int) -> Greeting in Greeting(name: name) }
            container.register { _ in Helper() }
            Dependency { Widget($0) }
            Dependency { () -> Gadget in Gadget() }
            """)
        #expect(found.map(\.takesArguments) == [true, true, nil, false])
        #expect(found[0].argumentTypes == [TypeSpelling("String"), TypeSpelling("Int")])
        #expect(found.map(\.answersPlainTypeRequests) == [false, false, true, true])
    }

    @Test func typeAnnotationsDeclarationsAndOtherRegisterMethodsAreNotRegistrations() {
        let found = providers(
            """
            let registration: Dependency<Clock> = Dependency { () -> Clock in SystemClock() }
            func make() -> Dependency<Clock> { registration }
            var all: [Dependency<Clock>] = []
            struct Dependency2 {}
            tableView.register(Cell.self, forCellReuseIdentifier: "cell")
            func register(_ type: Any.Type) {}
            """)
        #expect(found.map { $0.type?.description } == ["Clock"])
    }

    @Test func aGenericParameterMakesARegistrationOpaque() {
        let found = providers(
            """
            func add<Service: Sendable>(_ type: Service.Type, to container: Container) {
                container.register(Service.self) { () -> Service in make() }
            }
            container.register(Clock.self) { SystemClock() }
            """)
        #expect(found.map(\.isOpaque) == [true, false])
    }

    @Test func registrationsInsideIfBlocksAreConditional() {
        let found = providers(
            """
            #if DEBUG
            container.register(Clock.self) { FixedClock() }
            #endif
            container.register(Store.self) { MemoryStore() }
            """)
        #expect(found.map(\.isConditional) == [true, false])
    }
}
