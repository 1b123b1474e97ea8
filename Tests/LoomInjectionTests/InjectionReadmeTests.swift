import LoomInjection
import LoomKeys
import Testing

// kingnight/Injection's sample compiled against Loom. Adjustments (see
// Loom.docc/Articles/MigratingFromInjection.md): `static var currentValue` becomes `static let defaultValue` (Swift 6
// forbids mutable static state; setting goes through `InjectedValues`), the provider protocol is `Sendable`, and
// assigning through the property needs `@InjectedWritable` (`@Injected` with a key path is read-only).

protocol NetworkProviding: Sendable {
    func requestData() -> String
}

struct NetworkProvider: NetworkProviding {
    func requestData() -> String { "live data" }
}

struct MockedNetworkProvider: NetworkProviding {
    func requestData() -> String { "mocked data" }
}

private struct NetworkProviderKey: InjectionKey {
    static let defaultValue: any NetworkProviding = NetworkProvider()
}

extension InjectedValues {
    var networkProvider: any NetworkProviding {
        get { Self[NetworkProviderKey.self] }
        set { Self[NetworkProviderKey.self] = newValue }
    }
}

struct DataController {
    @Injected(\.networkProvider) var networkProvider: any NetworkProviding

    func performDataRequest() -> String {
        networkProvider.requestData()
    }

    func printNetworkProvider() -> String {
        "\(networkProvider)"
    }
}

@Suite(.serialized) struct InjectionReadmeTests {
    @Test func theDataControllerSeesTheDefaultThenTheReplacement() {
        defer { InjectedValues[\.networkProvider] = NetworkProvider() }
        let dataController = DataController()
        #expect(dataController.performDataRequest() == "live data")
        InjectedValues[\.networkProvider] = MockedNetworkProvider()
        #expect(dataController.performDataRequest() == "mocked data")
        #expect(dataController.printNetworkProvider().contains("MockedNetworkProvider"))
    }
}
