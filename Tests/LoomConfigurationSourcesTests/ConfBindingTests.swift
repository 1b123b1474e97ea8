import Configuration
import Loom
import LoomConfigurationSources
public import LoomKeys
import LoomMacros
import Testing

extension ConfKeys {
    #declareConfKey("bindingTimeout", Int.self, defaultValue: 60)
    #declareConfKey("bindingTwice", Int.self, defaultValue: 0)
}

@Suite struct ConfBindingTests {
    @Test func aBindingPrintsTheConfigurationKeyTheLoomKeyAndTheType() {
        let binding = ConfBinding(\.bindingTimeout, to: "http.timeout")
        #expect(binding.configKey == AbsoluteConfigKey(["http", "timeout"]))
        #expect(!binding.isSecret)
        #expect(binding.description == "http.timeout → ConfKeys.bindingTimeout (int)")
        let secret = ConfBinding(ConfKeys.ConfKey_bindingTimeout.self, to: ["api", "token"], isSecret: true)
        #expect(secret.description == "api.token → ConfKeys.bindingTimeout (int, secret)")
    }

    @Test func aLaterBindingOfTheSameKeyReplacesAnEarlierOne() throws {
        let sources = ConfSources(
            providers: [InMemoryProvider(values: ["first": 1, "second": 2])],
            bindings: [ConfBinding(\.bindingTwice, to: "first"), ConfBinding(\.bindingTwice, to: "second")])
        #expect(sources.bindings.map(\.configKey.description) == ["second"])
        try sources.apply()
        #expect(Conf[\.bindingTwice] == 2)
    }
}
