import Loom
import LoomServiceLifecycle
import LoomTestSupport
import ServiceLifecycle
import Testing

@Suite struct DependencyServicesTests {
    let events = Collected<String>()

    @Test func servicesRegisteredBeforeTheirDependenciesStillStartAfterThem() async throws {
        let container = Container(name: "services")
        container.registerStep("server", events: events, needs: ["index"])
        container.registerStep("index", events: events, needs: ["database"])
        container.registerStep("database", events: events)

        let services = try await DependencyServices(container: container)

        #expect(services.services.compactMap { ($0 as? Step)?.name } == ["database", "index", "server"])
        #expect(services.dependencies == [[], [0], [0, 1]])
    }

    @Test func aDependencyThatIsNotAServiceStillOrdersTheServicesAroundIt() async throws {
        let container = Container(name: "services")
        // server → cache (not a service) → database
        container.registerStep("server", events: events, plain: ["cache"])
        container.registerPlain("cache", needs: ["database"])
        container.registerStep("database", events: events)

        let services = try await DependencyServices(container: container)

        #expect(services.services.compactMap { ($0 as? Step)?.name } == ["database", "server"])
        #expect(services.dependencies == [[], [0]])
    }

    @Test func aServiceBuiltBeforeStillStartsAfterWhatItWasBuiltFrom() async throws {
        let container = Container(name: "services")
        // server → cache (not a service) → database, all built before the services are looked for.
        container.registerStep("server", events: events, plain: ["cache"])
        container.registerPlain("cache", needs: ["database"])
        container.registerStep("database", events: events)
        let server = try container.resolve(Step.self, alternative: "server")

        let services = try await DependencyServices(container: container)

        #expect(services.services.map { "\($0)" } == ["database", "server"])
        #expect(services.services.last as AnyObject === server)
        // The copies built to record the edges were released; the live instances were not.
        #expect(events.all == ["release server", "release database"])
        #expect(try container.resolve(Step.self, alternative: "server") === server)
    }

    @Test func servicesThatDoNotDependOnEachOtherKeepTheirRegistrationOrder() async throws {
        let container = Container(name: "services")
        container.registerStep("metrics", events: events)
        container.registerStep("server", events: events, needs: ["database"])
        container.registerStep("poller", events: events)
        container.registerStep("database", events: events)

        let services = try await DependencyServices(container: container)

        #expect(
            services.services.compactMap { ($0 as? Step)?.name } == ["metrics", "poller", "database", "server"])
    }

    @Test func theServicesAreTheInstancesTheContainerResolves() async throws {
        let container = Container(name: "services")
        container.registerStep("server", events: events, needs: ["database"])
        container.registerStep("database", events: events)

        let services = try await DependencyServices(container: container)

        let server = try container.resolve(Step.self, alternative: "server")
        let database = try container.resolve(Step.self, alternative: "database")
        #expect(
            services.services.map { ObjectIdentifier($0 as AnyObject) }
                == [database, server].map(ObjectIdentifier.init))
        #expect(server.needs.first as AnyObject === database)
    }

    @Test func aCycleBetweenServicesIsATypedError() async throws {
        let container = Container(name: "services")
        container.registerStep("a", events: events, needs: ["b"])
        container.registerStep("b", events: events, needs: ["a"])

        let error = await #expect(throws: InjectionError.self) {
            try await DependencyServices(container: container)
        }
        guard case .cyclicDependencyReference(let cycle) = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(cycle.chain.count >= 2)
    }

    @Test func aCycleThroughAnInjectedPropertyIsATypedErrorNamingTheServices() async throws {
        let container = Container(name: "services")
        // The watcher's factory resolves the feed; the feed's injected property resolves the watcher at its first
        // read: no factory cycle, but neither service can start first.
        container.register(Watcher.self, scope: .singleton) { [unowned container] in
            Watcher(feed: try container.resolve(Feed.self))
        }
        container.register(Feed.self, scope: .singleton) { [unowned container] in Feed(container: container) }

        let error = await #expect(throws: InjectionError.self) {
            try await DependencyServices(container: container)
        }
        guard case .cyclicDependencyReference(let cycle) = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(cycle.chain.map(\.description) == ["Type[Watcher]", "Type[Feed]", "Type[Watcher]"])
    }

    @Test func anInjectedPropertyOrdersItsServiceAfterWhatItResolves() async throws {
        let container = Container(name: "services")
        container.register(Feed.self, scope: .singleton) { [unowned container] in Feed(container: container) }
        container.register(Watcher.self, scope: .singleton) { Watcher(feed: nil) }

        let services = try await DependencyServices(container: container)

        #expect(services.names == ["Type[Watcher]", "Type[Feed]"])
    }

    @Test func onlyInstancesTheAppSharesAreRun() async throws {
        let container = Container(name: "services")
        // A class with `.instance` scope: the group would run an instance nobody else sees.
        container.registerStep("fresh", events: events, scope: .instance)
        container.registerStep("shared", events: events, scope: .shared)
        container.registerStep("managed", events: events, scope: .managed(ManagedScope()))
        // A value type has no identity: any copy will do.
        container.register(Ticker.self) { Ticker() }
        // Needs an argument: nothing to resolve it with.
        container.add { [events] in
            Dependency { (name: String) in Step(name, events: events) }.scope(.singleton)
        }

        let services = try await DependencyServices(container: container)

        #expect(services.services.map { "\($0)" } == ["shared", "managed", "ticker"])
    }

    @Test func aRegistrationAnsweringAsAServiceThroughConformsToIsRun() async throws {
        let container = Container(name: "services") {
            Dependency { () -> any Poller in IntervalPoller() }.scope(.singleton).conforms(to: (any Service).self)
            Dependency { () -> any Service in Ticker() }.scope(.singleton)
        }

        let services = try await DependencyServices(container: container)

        #expect(services.services.map { "\($0)" } == ["poller", "ticker"])
    }

    @Test func aChildContainersRegistrationShadowsItsParentsAndFindsItsServices() async throws {
        let parent = Container(name: "parent")
        parent.registerStep("database", events: events)
        parent.registerStep("server", events: events)
        let child = Container(name: "child", parent: parent)
        child.registerStep("server", events: events, needs: ["database"])

        let services = try await DependencyServices(container: child)

        #expect(services.services.map { "\($0)" } == ["database", "server"])
        #expect(try services.services.last as AnyObject === child.resolve(Step.self, alternative: "server"))
    }

    @Test func theDescriptionListsTheStartOrderWithEachServicesDependencies() async throws {
        let container = Container(name: "services")
        container.register(Feed.self, scope: .singleton) { [unowned container] in Feed(container: container) }
        container.register(Watcher.self, scope: .singleton) { Watcher(feed: nil) }

        let services = try await DependencyServices(container: container)

        #expect("\(services)" == "1. Type[Watcher]\n2. Type[Feed] (after Type[Watcher])")
    }

    // The graph is process-wide, and other suites activate containers (with services) in it: run in a process of
    // its own.
    @Test func aGraphsServicesComeFromItsActiveContainers() async {
        await #expect(processExitsWith: .success) {
            let events = Collected<String>()
            let container = Container(name: "graph services")
            container.registerStep("server", events: events, needs: ["database"])
            container.registerStep("database", events: events)
            await DependencyGraph.activate(container)

            let services = try await DependencyServices.ofDependencyGraph()

            #expect(services.services.map { "\($0)" } == ["database", "server"])
        }
    }
}

/// A service whose factory resolves a ``Feed``.
final class Watcher: Service, CustomStringConvertible {
    let feed: Feed?
    init(feed: Feed?) { self.feed = feed }
    func run() async throws {}
    var description: String { "watcher" }
}

/// A service whose injected property resolves the ``Watcher`` at its first read.
final class Feed: Service, @unchecked Sendable {
    // `@unchecked` only because property-wrapper storage is a `var`: `_watcher` is set once, in init, and `Injected`
    // keeps its resolved value behind its own lock.
    @Injected var watcher: Watcher
    init(container: Container) { _watcher = Injected(.capturingContainerOnInit(container)) }
    func run() async throws {}
}

/// A value-type service.
struct Ticker: Service, CustomStringConvertible {
    func run() async throws {}
    var description: String { "ticker" }
}

/// A protocol refining `Service`: `any Poller` is not itself a `Service` type.
protocol Poller: Service {}

struct IntervalPoller: Poller, CustomStringConvertible {
    func run() async throws {}
    var description: String { "poller" }
}
