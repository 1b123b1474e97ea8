// The snippets of the article "Migrating from Injection" (Modules/Loom/Loom.docc/Articles/MigratingFromInjection.md),
// compiled and run. Keep the two in step. `Clock`, `SystemClock` and `FixedClock` are defined here. `print` is shadowed so that the test can read what the snippet prints.
// Assigning through `InjectedValues` changes the whole process, so that part runs in a child process (an exit
// test).
import Loom
import LoomTestSupport
import Testing

private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PrintCapture.record(items, separator: separator)
}

protocol NetworkProviding: Sendable { func requestData() -> String }
struct NetworkProvider: NetworkProviding { func requestData() -> String { "live data" } }
struct MockedNetworkProvider: NetworkProviding { func requestData() -> String { "mocked data" } }

private struct NetworkProviderKey: InjectionKey {
    static let defaultValue: any NetworkProviding = NetworkProvider()
}

extension InjectedValues {
    var networkProvider: any NetworkProviding {
        get { Self[NetworkProviderKey.self] }
        set { Self[NetworkProviderKey.self] = newValue }
    }
}

protocol Clock: Sendable { func now() -> String }
private struct SystemClock: Clock { func now() -> String { "system" } }
private struct FixedClock: Clock { func now() -> String { "fixed" } }

// "Keys".
private struct ClockKey: InjectionKey {
    static let defaultValue: any Clock = SystemClock()  // was `static var currentValue: Clock = SystemClock()`
}

extension InjectedValues {
    var clock: any Clock {
        get { Self[ClockKey.self] }
        set { Self[ClockKey.self] = newValue }
    }
}

struct DataController {
    @Injected(\.networkProvider) var networkProvider: any NetworkProviding  // read on every access
}

final class NetworkSettings {
    @InjectedWritable(\.networkProvider) var networkProvider: any NetworkProviding  // assigning sets the root value
}

@Suite struct MigratingFromInjectionTests {
    @Test func aTaskLocalOverrideStaysInItsTask() {
        let printed = PrintCapture.lines {
            Conf.withValue(MockedNetworkProvider(), for: NetworkProviderKey.self) {
                print(DataController().networkProvider.requestData())  // "mocked data", in this task only
            }
        }
        #expect(printed == ["mocked data"])
        #expect(DataController().networkProvider.requestData() == "live data")
    }

    @Test func assigningChangesTheValueEveryTaskSees() async {
        await #expect(processExitsWith: .success) {
            let controller = DataController()
            InjectedValues[\.networkProvider] = MockedNetworkProvider()  // every task
            #expect(controller.networkProvider.requestData() == "mocked data")
            #expect(await Task.detached { DataController().networkProvider.requestData() }.value == "mocked data")

            NetworkSettings().networkProvider = NetworkProvider()
            #expect(controller.networkProvider.requestData() == "live data")
        }
    }

    @Test func aKeyDeclaresAnImmutableDefaultAndInjectedValuesSetsTheCurrentValue() async {
        await #expect(processExitsWith: .success) {
            let printed = PrintCapture.lines {
                InjectedValues[\.clock] = FixedClock()  // was `ClockKey.currentValue = FixedClock()`
                print(InjectedValues[\.clock].now())  // "fixed"
            }
            #expect(printed == ["fixed"])
        }
    }
}
