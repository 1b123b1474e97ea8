import LoomCore
import LoomInjection
import LoomLookup
import LoomTestSupport
import Testing

@Suite struct InjectedWeaklyTests {
    final class Service: Sendable {}

    @Test func holdsTheServiceWeaklyAndResolvesAgainOnceItIsGone() {
        let built = Counter()
        let container = Container(name: "weakly", logger: DisabledLogger())
        container.register { () -> Service in
            built.increment()
            return Service()
        }
        final class Screen { @InjectedWeakly var service: Service? }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        var weak = Weak<Service>(nil)
        do {
            let held = screen.service
            #expect(held != nil)
            #expect(screen.service === held)
            weak = Weak(held)
        }
        #expect(weak.object == nil)
        #expect(screen.service != nil)
        #expect(built.value == 2)
    }

    @Test func returnsNilWhenTheResolverReturnsNilOrNothingIsRegistered() {
        let container = Container(name: "weakly-nil", logger: DisabledLogger())
        container.register { () -> Service? in nil }
        final class Screen {
            @InjectedWeakly var service: Service?
            @InjectedWeakly var missing: Counter?
        }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        #expect(screen.service == nil)
        #expect(screen.missing == nil)
    }

    @Test func supportsTheSameStrategiesAndAlternatives() {
        let singleton = Service()
        let container = Container(name: "weakly-options", logger: DisabledLogger())
        container.register(alternative: "other") { singleton }
        final class Screen {
            @InjectedWeakly(.lazily, alternative: "other") var late: Service?
            @InjectedWeakly var pinned: Service?
            init(_ container: Container) {
                _pinned = InjectedWeakly(.capturingContainerOnInit(container), alternative: "other")
            }
        }
        let screen = Screen(container)
        #expect(screen.pinned === singleton)
        Container.withLookupPolicy(.singleton(container)) { #expect(screen.late === singleton) }
        screen.$pinned.reload()
        #expect(screen.pinned === singleton)
    }
}

@Suite struct InjectedFunctionParameterTests {
    protocol Formatter: Sendable { func format(_ value: Int) -> String }
    struct Plain: Formatter { func format(_ value: Int) -> String { "\(value)" } }
    struct Fancy: Formatter { func format(_ value: Int) -> String { "★\(value)★" } }

    func render(_ value: Int, @Injected formatter: any Formatter) -> String {
        formatter.format(value)
    }

    @Test func acceptsAValueAContainerSourceAPolicySourceOrAResolvedValue() {
        let container = Container(name: "parameters", logger: DisabledLogger())
        container.register { () -> any Formatter in Plain() }
        container.register(alternative: "fancy") { () -> any Formatter in Fancy() }
        #expect(render(1, formatter: Fancy()) == "★1★")
        #expect(render(2, $formatter: container.resolved()) == "2")
        #expect(render(3, $formatter: container.resolved(alternative: "fancy")) == "★3★")
        final class Owner {}
        let viaPolicy = Container.withLookupPolicy(.singleton(container)) {
            render(4, $formatter: .resolved(for: Owner()))
        }
        #expect(viaPolicy == "4")
        #expect(render(5, $formatter: Injected(wrappedValue: Fancy())) == "★5★")
    }
}
