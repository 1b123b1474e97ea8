import LoomKeys
import LoomTestSupport
import Testing

enum ServiceFactoryKey: ConfKey {
    typealias Value = @Sendable () -> Service
    static let defaultValue: Value! = { Service("made") }
}

enum FactoryCountKey: ConfKey {
    typealias Value = @Sendable () -> Int
    static let defaultValue: Value! = { 1 }
}

extension ConfKeys {
    var serviceFactory: ServiceFactoryKey.Type { ServiceFactoryKey.self }
    var factoryCount: FactoryCountKey.Type { FactoryCountKey.self }
}

@Suite struct InjectedConfTests {
    struct Client: Sendable {
        @InjectedConf(\.injected) var value: Int
        @InjectedConf(\.serviceFactory) var fresh: Service
    }

    @Test func readsThroughToRootChangesAndOverridesOnEveryAccess() async {
        let client = Client()
        #expect(client.value == 42)
        Conf.setRootValue(1, for: \.injected)
        #expect(client.value == 1)
        Conf.withValue(2, for: \.injected) {
            #expect(client.value == 2)
        }
        await Conf.withValue(3, for: \.injected) {
            #expect(await Task { client.value }.value == 3)
        }
        #expect(client.value == 1)
    }

    @Test func aFactoryKeyBuildsANewInstanceOnEveryRead() {
        let client = Client()
        #expect(client.fresh !== client.fresh)
        #expect(client.fresh.name == "made")
        #expect(Conf[\.serviceFactory]() !== Conf[\.serviceFactory]())
        let calls = Counter()
        let counting: @Sendable () -> Int = { calls.increment() }
        Conf.withValue(counting, for: \.factoryCount) {
            #expect(Conf[\.factoryCount]() == 1)
            #expect(Conf[\.factoryCount]() == 2)
        }
    }

    @Test func aCustomContextIgnoresRootValuesAndOverrides() {
        var context = ConfContext.new()
        struct Reader {
            @InjectedConf(\.customContext, customContext: .new()) var fromEmpty: Int
            @InjectedConf(\.customContext, customContext: nil) var live: Int
        }
        context[\.customContext] = 7
        struct ContextReader {
            let context: ConfContext
            var value: Int { InjectedConf(\.customContext, customContext: context).wrappedValue }
            var clock: Clock { InjectedConf<Clock>(customContext: context).wrappedValue }
            var fresh: Service { InjectedConf(\.serviceFactory, customContext: context).wrappedValue }
        }
        let otherClock = Clock()
        context[autoInjectable: Clock.self] = otherClock
        context[\.serviceFactory] = { Service("from context") }
        Conf.setRootValue(1, for: \.customContext)
        Conf.withValue(2, for: \.customContext) {
            #expect(Reader().fromEmpty == 42)
            #expect(Reader().live == 2)
            #expect(ContextReader(context: context).value == 7)
            #expect(ContextReader(context: context).clock === otherClock)
            #expect(ContextReader(context: context).fresh.name == "from context")
        }
    }

    @Test func theWrapperCanBeCreatedExplicitlyInTheClientsInit() {
        struct Client {
            @InjectedConf var clock: Clock
            @InjectedConf var number: Int
            let createdAfterSetup: Bool

            init() {
                Conf.setRootValue(5, for: \.explicitInit)
                _number = InjectedConf(\.explicitInit)
                _clock = .init()
                createdAfterSetup = true
            }
        }
        let client = Client()
        #expect(client.number == 5)
        #expect(client.clock === Conf[key: ClockKey.self])
        #expect(client.createdAfterSetup)
    }
}
