public import LoomMacros
import LoomTestSupport
import Testing

// Every key-macro form with `on:` a global actor other than the main actor, used through the expanded declarations.
// The same reads from code not isolated to `LedgerActor` do not compile ("global actor 'LedgerActor'-isolated
// conformance of 'ConfKeys.ConfKey_ledger' to 'ConfKeyIsolated' cannot be used in nonisolated context").

/// A global actor of the tests, standing for an app's own (a database or a rendering actor).
@globalActor public actor LedgerActor {
    /// The actor's one instance.
    public static let shared = LedgerActor()
}

/// A value that lives on `LedgerActor` and is not `Sendable`.
public final class Ledger {
    var entries: [String] = []
    /// A fixture of the test (public because the keys that name it are).
    public init() {}
}

@available(*, unavailable)
extension Ledger: Sendable {}

/// A service isolated to `LedgerActor`.
@LedgerActor
public final class Teller {
    var served = 0
    /// A fixture of the test (public because the keys that name it are).
    public init() {}
}

extension ConfKeys {
    #declareConfKey("ledger", Ledger.self, on: LedgerActor.self, defaultValue: Ledger())
    #declareConfKey(
        visibility: .internal, "tellerCount", Int.self, on: LedgerActor.self, "TellerCountKey", defaultValue: 2)
    #declareServiceKey("teller", Teller.self, on: LedgerActor.self, "TellerKey", defaultValue: Teller())
    #declareServiceKey("auditLedger", Ledger.self, on: LedgerActor.self, defaultValue: nil)
    #declareServiceKey("unsetAuditLedger", Ledger.self, on: LedgerActor.self, defaultValue: nil)
    #declareConfFactoryKey("makeLedger", Ledger.self, on: LedgerActor.self, defaultValue: { Ledger() })
    #declareServiceFactoryKey("makeTeller", Teller.self, on: LedgerActor.self, defaultValue: { Teller() })
}

extension Teller: @LedgerActor AutoInjectableIsolated {
    /// A fixture of the test (public because the keys that name it are).
    public typealias AutoInjectionKey = ConfKeys.TellerKey
}

extension Conf {
    #declareConfAccessor(\.ledger, Ledger.self, on: LedgerActor.self)
    #declareConfAccessor(\.tellerCount, Int.self, on: LedgerActor.self, "tellers")
    #declareConfFactoryAccessor(\.makeLedger, Ledger.self, on: LedgerActor.self)
    #declareConfFactoryAccessor(\.makeTeller, Teller.self, on: LedgerActor.self, "newTeller")
}

@Suite struct GlobalActorKeyMacrosTests {
    @LedgerActor
    struct Desk {
        @InjectedConf(\.ledger) var ledger: Ledger
        @InjectedConf() var teller: Teller
        @InjectedConf(\.makeLedger) var freshLedger: Ledger
    }

    @LedgerActor
    @Test func keysOnAnyGlobalActorHoldNonSendableValuesOnThatActor() {
        Conf[\.ledger].entries.append("opened")
        #expect(Conf.ledger === Conf[\.ledger])
        #expect(Conf[key: ConfKeys.ConfKey_ledger.self].entries == ["opened"])
        #expect(Conf[\.tellerCount] == 2)
        #expect(Conf.tellers == 2)
        let desk = Desk()
        #expect(desk.ledger === Conf.ledger)
        #expect(desk.teller === Conf[\.teller])
        #expect(desk.teller === InjectedConf<Teller>.value)
        #expect(desk.freshLedger !== desk.freshLedger)
        let other = Ledger()
        Conf.withValue(other, for: \.ledger) {
            #expect(desk.ledger === other)
            #expect(Conf.ledger === other)
        }
        #expect(desk.ledger !== other)
    }

    @LedgerActor
    @Test func factoryKeysOnAnyGlobalActorCallTheirFactory() {
        #expect(Conf[\.makeLedger]() !== Conf[\.makeLedger]())
        #expect(Conf.makeLedger !== Conf.makeLedger)
        #expect(Conf.newTeller !== Conf.newTeller)
        let shared = Teller()
        let factory = { shared }
        Conf.withValue(factory, for: \.makeTeller) {
            #expect(Conf.newTeller === shared)
        }
    }

    @LedgerActor
    @Test func aServiceKeyWithoutDefaultOnAGlobalActorReturnsItsValueOnceSet() {
        let audit = Ledger()
        Conf.setRootValue(audit, for: \.auditLedger)
        #expect(Conf[\.auditLedger] === audit)
        #expect(Conf[rootValueFor: \.auditLedger] === audit)
    }

    @Test func readingAnUnsetServiceKeyOnAGlobalActorFailsWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await Self.readUnsetAuditLedger()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ConfKey_unsetAuditLedger has no value"))
    }

    @LedgerActor
    static func readUnsetAuditLedger() {
        _ = Conf[\.unsetAuditLedger]
    }
}
