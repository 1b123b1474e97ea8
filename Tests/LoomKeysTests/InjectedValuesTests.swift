import LoomKeys
import LoomTestSupport
import Testing

// kingnight/Injection's example, as written in its README (adjusted: `static let defaultValue` instead of the
// mutable `static var currentValue`, which Swift 6 rejects; `any NetworkProviding` for the existential).

protocol NetworkProviding: Sendable {
    func requestData() -> String
}

struct NetworkProvider: NetworkProviding {
    func requestData() -> String { "live" }
}

struct MockedNetworkProvider: NetworkProviding {
    func requestData() -> String { "mock" }
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

/// A key whose computed default counts its constructions.
private struct ComputedDefaultKey: InjectionKey {
    static var defaultValue: Service {
        DefaultBuilds.injection.increment()
        return Service("computed")
    }
}

private struct OverriddenKey: InjectionKey {
    static let defaultValue = 0
}

private struct ReadsKey: InjectionKey {
    static let defaultValue = "default"
}

extension InjectedValues {
    fileprivate var overridden: Int {
        get { Self[OverriddenKey.self] }
        set { Self[OverriddenKey.self] = newValue }
    }
}

@Suite(.serialized) struct InjectedValuesTests {
    @Test func aKeyIsReadableByKeyType() {
        #expect(InjectedValues[key: ReadsKey.self] == "default")
        #expect(InjectedValues[ReadsKey.self] == "default")
        #expect(Conf[key: ReadsKey.self] == "default")
    }

    @Test func keyPathAccessGetsAndSetsTheSharedRootValue() {
        #expect(InjectedValues[\.networkProvider].requestData() == "live")
        InjectedValues[\.networkProvider] = MockedNetworkProvider()
        #expect(InjectedValues[\.networkProvider].requestData() == "mock")
        #expect(InjectedValues[key: NetworkProviderKey.self].requestData() == "mock")
        #expect(Conf.rootValue(for: NetworkProviderKey.self).requestData() == "mock")
        Conf.setRootValue(NetworkProvider(), for: NetworkProviderKey.self)
        #expect(InjectedValues[\.networkProvider].requestData() == "live")
        Conf[rootValueForKey: NetworkProviderKey.self] = MockedNetworkProvider()
        #expect(InjectedValues().networkProvider.requestData() == "mock")
        InjectedValues[key: NetworkProviderKey.self] = NetworkProvider()
        #expect(Conf[NetworkProviderKey.self].requestData() == "live")
    }

    @Test func confOverridesApplyToInjectedValuesReads() async {
        Conf.withValue(1, for: OverriddenKey.self) {
            #expect(InjectedValues[\.overridden] == 1)
            #expect(Conf.value(for: OverriddenKey.self) == 1)
        }
        await Conf.withValue(2, for: OverriddenKey.self) {
            await Task.yield()
            #expect(InjectedValues[\.overridden] == 2)
        }
        Conf.withValues {
            $0[OverriddenKey.self] = 3
        } operation: {
            #expect(InjectedValues[key: OverriddenKey.self] == 3)
        }
        #expect(InjectedValues[\.overridden] == 0)
    }

    @Test func aComputedDefaultIsBuiltOnceEvenUnderConcurrentFirstReads() {
        let seen = Collected<ObjectIdentifier>()
        onThreads(8) { _ in seen.append(ObjectIdentifier(InjectedValues[ComputedDefaultKey.self])) }
        _ = InjectedValues[key: ComputedDefaultKey.self]
        #expect(DefaultBuilds.injection.value == 1)
        #expect(Set(seen.all).count == 1)
    }
}
