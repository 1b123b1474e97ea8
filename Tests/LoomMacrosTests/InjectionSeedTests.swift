import LoomMacros
import Testing

// The code samples of kingnight/Injection's README, compiled against Loom's `InjectedValues`. The
// README's own `@Injected` wrapper (its Step 2) is user code, so it is compiled here as written, renamed
// `SeedInjected` so it cannot clash with LoomInjection's `@Injected`. Adjustments (Loom.docc/Articles/
// Injection.md):
// - `static var currentValue` becomes `static let defaultValue`: Swift 6 rejects mutable static state, and the
//   mutable value now lives in Loom's store (set through `InjectedValues[...] = …`).
// - `NetworkProviding: Sendable` and `any NetworkProviding` (values cross tasks; `ExistentialAny`).
// - The README's `InjectedValues` struct itself is Loom's; its `private static var current` is not needed.

protocol NetworkProviding: Sendable {
    func requestData() -> String
}

struct NetworkProvider: NetworkProviding {
    func requestData() -> String { "network" }
}

struct MockedNetworkProvider: NetworkProviding {
    func requestData() -> String { "mocked" }
}

// Step 1: use

struct DataController {
    @SeedInjected(\.networkProvider) var networkProvider: any NetworkProviding

    func performDataRequest() -> String {
        networkProvider.requestData()
    }

    func printNetworkProvider() -> String {
        "\(networkProvider)"
    }
}

// Step 2: the README's property wrapper

@propertyWrapper
struct SeedInjected<T> {
    private let keyPath: WritableKeyPath<InjectedValues, T>
    var wrappedValue: T {
        get { InjectedValues[keyPath] }
        set { InjectedValues[keyPath] = newValue }
    }

    init(_ keyPath: WritableKeyPath<InjectedValues, T>) {
        self.keyPath = keyPath
    }
}

// Step 3: the key and the computed property

extension InjectedValues {
    var networkProvider: any NetworkProviding {
        get { Self[NetworkProviderKey.self] }
        set { Self[NetworkProviderKey.self] = newValue }
    }
}

private struct NetworkProviderKey: InjectionKey {
    static let defaultValue: any NetworkProviding = NetworkProvider()
}

@Suite(.serialized) struct InjectionSeedTests {
    @Test func theDefaultProviderIsInjectedAndEveryConsumerSeesAReplacement() {
        var controller = DataController()
        let other = DataController()
        #expect(controller.performDataRequest() == "network")
        #expect(controller.printNetworkProvider().contains("NetworkProvider"))
        controller.networkProvider = MockedNetworkProvider()  // dataController.networkProvider = … in the README
        #expect(other.performDataRequest() == "mocked")
        InjectedValues[\.networkProvider] = NetworkProvider()
        #expect(controller.performDataRequest() == "network")
        Conf.withValue(MockedNetworkProvider(), for: NetworkProviderKey.self) {
            #expect(other.performDataRequest() == "mocked")
        }
        #expect(other.performDataRequest() == "network")
    }
}
