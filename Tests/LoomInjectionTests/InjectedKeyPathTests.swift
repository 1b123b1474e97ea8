import LoomCore
import LoomInjection
import LoomKeys
import LoomTestSupport
import Testing

protocol KeyPathNetworkProviding: Sendable { var name: String { get } }
struct LiveNetworkProvider: KeyPathNetworkProviding { let name = "live" }
struct MockNetworkProvider: KeyPathNetworkProviding { let name = "mock" }

private struct KeyPathNetworkProviderKey: InjectionKey {
    static let defaultValue: any KeyPathNetworkProviding = LiveNetworkProvider()
}

extension InjectedValues {
    var keyPathTestsProvider: any KeyPathNetworkProviding {
        get { Self[KeyPathNetworkProviderKey.self] }
        set { Self[KeyPathNetworkProviderKey.self] = newValue }
    }
}

/// kingnight/Injection's key-path injection, on `InjectedValues`.
///
/// One serialized suite: it sets a root value.
@Suite(.serialized) struct InjectedKeyPathTests {
    struct DataController {
        @Injected(\.keyPathTestsProvider) var networkProvider: any KeyPathNetworkProviding
    }

    struct SettingsController {
        @InjectedWritable(\.keyPathTestsProvider) var networkProvider: any KeyPathNetworkProviding
    }

    @Test func readsTheCurrentGlobalValueOnEveryAccess() {
        defer { InjectedValues[\.keyPathTestsProvider] = LiveNetworkProvider() }
        let controller = DataController()
        #expect(controller.networkProvider.name == "live")
        InjectedValues[\.keyPathTestsProvider] = MockNetworkProvider()
        #expect(controller.networkProvider.name == "mock")
    }

    @Test func theWritableWrapperUpdatesTheValueEveryConsumerSees() {
        defer { InjectedValues[\.keyPathTestsProvider] = LiveNetworkProvider() }
        let settings = SettingsController()
        let reader = DataController()
        settings.networkProvider = MockNetworkProvider()
        #expect(reader.networkProvider.name == "mock")
        #expect(InjectedValues[\.keyPathTestsProvider].name == "mock")
    }

    @Test func taskLocalOverridesApplyAndStayInTheirTask() async {
        let controller = DataController()
        await Conf.withValue(MockNetworkProvider(), for: KeyPathNetworkProviderKey.self) {
            let inChild = await Task { controller.networkProvider.name }.value
            #expect(controller.networkProvider.name == "mock")
            #expect(inChild == "mock")
        }
        #expect(controller.networkProvider.name == "live")
    }

    @Test func concurrentReadersAndWritersAreSafe() {
        defer { InjectedValues[\.keyPathTestsProvider] = LiveNetworkProvider() }
        let names = Collected<String>()
        onThreads(6) { index in
            for iteration in 0..<500 {
                if index == 0 {
                    SettingsController().networkProvider =
                        iteration.isMultiple(of: 2) ? MockNetworkProvider() : LiveNetworkProvider()
                } else {
                    names.append(DataController().networkProvider.name)
                }
            }
        }
        #expect(Set(names.all).isSubset(of: ["live", "mock"]))
    }
}
