import Logging
import Loom
import LoomServiceLifecycle
import LoomTestSupport
import ServiceLifecycle
import Testing

@Suite struct ServiceGroupConfigurationDependencyServicesTests {
    let events = Collected<String>()
    let logger = Logger(label: "ServiceGroupConfigurationDependencyServicesTests") { _ in SwiftLogNoOpLogHandler() }

    @Test func aServiceGroupOfTheConfigurationStopsDependentsFirst() async throws {
        let container = Container(name: "services")
        container.registerStep("server", events: events, needs: ["database"])
        container.registerStep("database", events: events)
        let services = try await DependencyServices(container: container)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: logger))
        let running = Task { try await group.run() }
        let events = events
        #expect(await eventually { events.with(prefix: "start").count == 2 })

        await group.triggerGracefulShutdown()
        try await running.value

        #expect(events.all == ["start database", "start server", "stop server", "stop database"])
    }

    @Test func theConfigurationsAreNamedByRegistrationKey() async throws {
        let container = Container(name: "services")
        container.register(Ticker.self) { Ticker() }

        let services = try await DependencyServices(container: container)

        #expect(services.configurations().map(\.serviceName) == ["Type[Ticker]"])
        #expect(services.names == ["Type[Ticker]"])
    }

    @Test func aCancelledGroupEndsAServiceStillWaitingForItsDependency() async throws {
        let container = Container(name: "services")
        container.registerStep("server", events: events, needs: ["database"])
        container.registerStep("database", events: events)
        let services = try await DependencyServices(container: container)
        let server = try #require(services.configurations().last)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [server], logger: logger))
        let running = Task { try await group.run() }

        running.cancel()
        _ = await running.result

        #expect(events.all.isEmpty)
    }
}
