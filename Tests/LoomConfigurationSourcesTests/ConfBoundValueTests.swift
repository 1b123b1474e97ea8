import LoomConfigurationSources
import Testing

@Suite struct ConfBoundValueTests {
    @Test func aBoundValuePrintsAsKeyValueAndOrigin() {
        let value = ConfBoundValue(key: "http.timeout", value: "30", origin: .defaultValue, isSecret: false)
        #expect(value.description == "http.timeout = 30 (default)")
    }
}
