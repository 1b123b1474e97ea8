import LoomKeys
import Testing

/// A service key declared without a default: it must be set before it is read.
enum UnsetServiceKey: ConfKey {
    typealias Value = Service
    static let defaultValue: Service! = nil
}

enum SetServiceKey: ConfKey {
    typealias Value = Service
    static let defaultValue: Service! = nil
}

extension ConfKeys {
    var unsetService: UnsetServiceKey.Type { UnsetServiceKey.self }
    var setService: SetServiceKey.Type { SetServiceKey.self }
}

@Suite struct KeyAccessTests {
    @Test func readingAServiceKeyWithoutDefaultBeforeItIsSetStopsTheProcessWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Conf[\.unsetService]
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("UnsetServiceKey has no value"))
        #expect(output.contains("Conf.setRootValue(_:for:)"))
        #expect(output.contains("KeyAccessTests.swift"))
    }

    @Test func anInjectedPropertyForAnUnsetServiceKeyReportsThePropertysLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Client {
                @InjectedConf(\.unsetService) var service: Service
            }
            _ = Client().service
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        // Line 32 is the `@InjectedConf(\.unsetService)` line above: the property's site, not the library's.
        #expect(output.contains("KeyAccessTests.swift:32 "))
    }

    @Test func aServiceKeyWithoutDefaultReturnsTheValueSetForIt() {
        let service = Service("set")
        Conf.setRootValue(service, for: \.setService)
        #expect(Conf[\.setService] === service)
        Conf.withValue(Service("override"), for: \.setService) {
            #expect(Conf[\.setService].name == "override")
        }
    }
}
