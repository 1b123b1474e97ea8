import LoomKeys
import Testing

/// An auto-injectable service, declared by hand.
final class Clock: Sendable {
    init() {}
}

enum ClockKey: ConfKey {
    typealias Value = Clock
    static let defaultValue: Clock! = Clock()
}

extension Clock: AutoInjectable {
    typealias AutoInjectionKey = ClockKey
}

/// A second one, whose root value the static-accessor test changes.
final class Ledger: Sendable {
    init() {}
}

enum LedgerKey: ConfKey {
    typealias Value = Ledger
    static let defaultValue: Ledger! = Ledger()
}

extension Ledger: AutoInjectable {
    typealias AutoInjectionKey = LedgerKey
}

@Suite struct AutoInjectableTests {
    struct Client {
        @InjectedConf() var clock: Clock
    }

    @Test func injectedConfWithoutKeyPathReadsTheAutoInjectionKey() {
        #expect(Client().clock === Conf[key: Clock.AutoInjectionKey.self])
        #expect(Client().clock === InjectedConf<Clock>.value)
    }

    @Test func staticValueWithValueAndRootValueWork() async {
        let original = InjectedConf<Ledger>.value
        #expect(InjectedConf<Ledger>.rootValue === original)
        let replacement = Ledger()
        InjectedConf<Ledger>.withValue(replacement) {
            #expect(InjectedConf<Ledger>.value === replacement)
            #expect(InjectedConf<Ledger>.rootValue === original)
        }
        await InjectedConf<Ledger>.withValue(replacement) {
            await Task.yield()
            #expect(InjectedConf<Ledger>.value === replacement)
        }
        #expect(InjectedConf<Ledger>.value === original)
        InjectedConf<Ledger>.rootValue = replacement
        #expect(InjectedConf<Ledger>.value === replacement)
        #expect(Conf[key: LedgerKey.self] === replacement)
    }
}
