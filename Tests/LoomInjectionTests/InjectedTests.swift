import LoomCore
import LoomInjection
import LoomLookup
import LoomTestSupport
import Testing

/// Macaroni's strategies and behaviours.
///
/// Every test uses its own containers and scoped lookup policies, so the suites run in parallel without seeing each
/// other's state.
@Suite struct InjectedTests {
    protocol MyService: Sendable { var name: String { get } }
    final class NamedService: MyService {
        let name: String
        init(_ name: String) { self.name = name }
    }

    func container(_ name: String, service: String? = nil) -> Container {
        let container = Container(name: name, logger: DisabledLogger())
        if let service { container.register { () -> any MyService in NamedService(service) } }
        return container
    }

    @Test func singletonPolicyResolvesEveryPropertyFromItsContainer() {
        final class Screen {
            @Injected var service: any MyService
            @Injected(.lazily) var late: any MyService
        }
        let container = container("singleton", service: "from singleton")
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        Container.withLookupPolicy(.singleton(container)) {
            #expect(screen.service.name == "from singleton")
            #expect(screen.late.name == "from singleton")
        }
    }

    @Test func enclosingTypeFallsBackToItsDefaultForNonContainerableObjects() {
        final class Plain { @Injected var service: any MyService }
        let fallback = container("fallback", service: "default")
        let plain = Container.withLookupPolicy(.enclosingType(default: fallback)) { Plain() }
        #expect(plain.service.name == "default")
    }

    @Test func aCustomPolicyCanChooseByEnclosingType() {
        final class Left { @Injected var service: any MyService }
        final class Right { @Injected var service: any MyService }
        struct ByType: ContainerLookupPolicy {
            let left: Container
            let right: Container
            func container<Enclosing>(for instance: Enclosing, file: StaticString, function: StaticString, line: UInt)
                -> Container?
            {
                instance is Left ? left : right
            }
        }
        let policy = ByType(left: container("left", service: "L"), right: container("right", service: "R"))
        let (left, right) = Container.withLookupPolicy(policy) { (Left(), Right()) }
        #expect(left.service.name == "L")
        #expect(right.service.name == "R")
    }

    @Test func lazyInjectionSeesRegistrationsMadeBeforeTheFirstReadAndCaches() {
        final class Screen { @Injected var service: any MyService }
        let container = container("lazy")
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        container.register { () -> any MyService in NamedService("late") }
        let first = screen.service
        #expect(first.name == "late")
        #expect(screen.service as AnyObject === first as AnyObject)
    }

    @Test func theDefaultStrategyCapturesThePolicyWhenThePropertyIsCreated() {
        final class Screen { @Injected var service: any MyService }
        var screen: Screen?
        do {
            let captured = container("captured", service: "captured")
            screen = Container.withLookupPolicy(.singleton(captured)) { Screen() }
        }
        // A different policy now, and the captured container is no longer referenced by the test.
        let other = container("other", service: "other")
        Container.withLookupPolicy(.singleton(other)) {
            #expect(screen?.service.name == "captured")
        }
    }

    @Test func capturingAGivenContainerIgnoresThePolicy() {
        let pinned = container("pinned", service: "pinned")
        final class Screen {
            @Injected var service: any MyService
            init(_ container: Container) { _service = Injected(.capturingContainerOnInit(container)) }
        }
        let screen = Container.withLookupPolicy(.singleton(container("ignored", service: "ignored"))) {
            Screen(pinned)
        }
        #expect(screen.service.name == "pinned")
    }

    @Test func lazilyUsesThePolicyCurrentAtTheFirstRead() {
        final class Screen { @Injected(.lazily) var service: any MyService }
        let screen = Container.withLookupPolicy(.singleton(container("at-init", service: "init"))) { Screen() }
        let name = Container.withLookupPolicy(.singleton(container("at-read", service: "read"))) { screen.service.name }
        #expect(name == "read")
    }

    @Test func resolvingOnInitResolvesDuringInitAndWorksInStructs() {
        let source = container("eager", service: "eager")
        struct Client {
            @Injected var service: any MyService
            init(_ container: Container) { _service = Injected(.resolvingOnInit(from: container)) }
        }
        let client = Client(source)
        source.cleanup()
        #expect(client.service.name == "eager")
    }

    @Test func alternativesAreInjected() {
        let container = container("alternatives", service: "main")
        container.register(alternative: "another") { () -> any MyService in NamedService("another") }
        final class Screen {
            @Injected(alternative: "another") var other: any MyService
            @Injected var main: any MyService
        }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        #expect(screen.other.name == "another")
        #expect(screen.main.name == "main")
    }

    @Test func parametrizedResolversReceiveTheEnclosingObjectAndArePreferred() {
        let container = container("enclosing")
        container.register { () -> String in "plain" }
        container.register { (enclosing: Any) -> String in "in \(type(of: enclosing))" }
        final class Host { @Injected var label: String }
        let host = Container.withLookupPolicy(.singleton(container)) { Host() }
        #expect(host.label == "in Host")
    }

    @Test func aPlainInitialValueNeverTouchesAContainer() {
        struct Client { @Injected var service: any MyService = NamedService("fixed") }
        #expect(Client().service.name == "fixed")
    }

    @Test func optionalAndImplicitlyUnwrappedPropertiesInjectFromTRegistrations() {
        let container = container("optional", service: "present")
        final class Screen {
            @Injected var maybe: (any MyService)?
            @Injected var unwrapped: (any MyService)!
            @Injected var missing: Int?
        }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        #expect(screen.maybe?.name == "present")
        #expect(screen.unwrapped.name == "present")
        #expect(screen.missing == nil)
    }

    @Test func lazyInjectionWorksInStructs() {
        let container = container("struct", service: "lazy in a struct")
        struct Client { @Injected var service: any MyService }
        let client = Container.withLookupPolicy(.singleton(container)) { Client() }
        #expect(client.service.name == "lazy in a struct")
        #expect(client.service as AnyObject === client.service as AnyObject)
    }

    @Test func anInjectedLocalVariableResolvesOnFirstRead() {
        let container = container("local", service: "local")
        Container.withLookupPolicy(.singleton(container)) {
            @Injected var service: any MyService
            #expect(service.name == "local")
        }
    }

    @Test func refreshingOnEveryReadResolvesEachTime() {
        let built = Counter()
        let container = Container(logger: DisabledLogger())
        container.register { () -> any MyService in NamedService("\(built.increment())") }
        final class Screen {
            @Injected var cached: any MyService
            @Injected(refresh: .everyRead) var fresh: any MyService
        }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        _ = (screen.cached, screen.cached)
        let first = screen.fresh.name
        let second = screen.fresh.name
        #expect(first != second)
        #expect(built.value == 3)
    }

    @Test func anInjectedValueIsResolvedOncePerWrapper() {
        let built = Counter()
        let container = Container(logger: DisabledLogger())
        container.register { () -> any MyService in NamedService("\(built.increment())") }
        final class Screen { @Injected var service: any MyService }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        for _ in 0..<10 { _ = screen.service }
        #expect(built.value == 1)
    }

    @Test func concurrentFirstReadsResolveOnce() async {
        let built = Counter()
        let container = Container(logger: DisabledLogger())
        container.register { () -> any MyService in
            built.increment()
            var spin = 0
            for index in 0..<20_000 { spin &+= index }
            return NamedService("\(spin)")
        }
        final class Screen: @unchecked Sendable {
            // The wrapper's storage is written once, in init; the wrapper synchronises itself.
            @Injected var service: any MyService
        }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 { group.addTask { ObjectIdentifier(screen.service as AnyObject) } }
            var seen: Set<ObjectIdentifier> = []
            for await identity in group { seen.insert(identity) }
            return seen
        }
        #expect(built.value == 1)
        #expect(identities.count == 1)
        let threadsSeen = Collected<ObjectIdentifier>()
        let fresh = Container.withLookupPolicy(.singleton(container)) { Screen() }
        onThreads(8) { _ in threadsSeen.append(ObjectIdentifier(fresh.service as AnyObject)) }
        #expect(Set(threadsSeen.all).count == 1)
        #expect(built.value == 2)
    }
}
