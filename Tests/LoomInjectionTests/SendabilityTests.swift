import LoomCore
import LoomInjection
import LoomLookup
import LoomTestSupport
import Testing

/// The wrappers compile without warnings in a `Sendable` struct, a `@MainActor` class and a `Task` closure.
@Suite struct SendabilityTests {
    final class Clock: Sendable {}

    struct SendableClient: Sendable {
        @Injected var clock: Clock
        @InjectedWeakly var weakClock: Clock?
    }

    @MainActor final class ViewModel {
        @Injected var clock: Clock
        @InjectedWeakly var weakClock: Clock?
    }

    @Test func wrappersAreSendableWhenTheirValueIs() async {
        let container = Container(name: "sendable", logger: DisabledLogger())
        container.register(scope: .singleton) { Clock() }
        let client = Container.withLookupPolicy(.singleton(container)) { SendableClient() }
        let fromTask = await Task.detached { client.clock }.value
        #expect(fromTask === client.clock)
        #expect(client.weakClock === client.clock)
        let viewModel = Container.withLookupPolicy(.singleton(container)) { ViewModel() }
        let onMain = await viewModel.clock
        #expect(onMain === client.clock)
        await Task {
            @Injected(.resolvingOnInit(from: container)) var inTask: Clock
            #expect(inTask === client.clock)
        }.value
    }
}
