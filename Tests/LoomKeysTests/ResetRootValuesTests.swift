import LoomKeys
import LoomTestSupport
import Testing

enum ResetCountingTag: CounterTag { static var counter: Counter { DefaultBuilds.reset } }
enum ResetIntTag {}

@MainActor
enum ResetScreenKey: ConfKeyMainActor {
    typealias Value = Screen
    static let defaultValue: Screen! = Screen("reset default")
}

extension ConfKeys {
    var resetInt: IntKey<ResetIntTag>.Type { IntKey<ResetIntTag>.self }
    var resetScreen: ResetScreenKey.Type { ResetScreenKey.self }
}

// `Conf.resetRootValues()` clears every root value in the process, including the ones other suites running in
// parallel have just set. So the reset runs in an exit test: a child process of its own, where it can disturb no
// other test. The suite is serialized as well, for any later test that resets in-process.
@Suite(.serialized) struct ResetRootValuesTests {
    @Test func afterAResetEveryKeyReadsItsDefaultAndDefaultsAreNotRebuilt() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                _ = Conf[key: CountingKey<ResetCountingTag>.self]
                Conf.setRootValue(Service("root"), for: CountingKey<ResetCountingTag>.self)
                Conf.setRootValue(1, for: \.resetInt)
                Conf.setRootValue(Screen("root"), for: \.resetScreen)
                precondition(Conf[\.resetInt] == 1 && Conf[\.resetScreen].title == "root")
                Conf.resetRootValues()
                precondition(Conf[\.resetInt] == 42)
                precondition(Conf.rootValue(for: \.resetInt) == 42)
                precondition(Conf[key: CountingKey<ResetCountingTag>.self].name == "default")
                precondition(Conf[\.resetScreen].title == "reset default")
                precondition(DefaultBuilds.reset.value == 1)
            }
        }
    }
}
