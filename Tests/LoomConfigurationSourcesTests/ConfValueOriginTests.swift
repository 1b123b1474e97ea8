import LoomConfigurationSources
import Testing

@Suite struct ConfValueOriginTests {
    @Test func anOriginNamesTheProviderAndTheKeyAsItWasLookedUp() {
        #expect(
            ConfValueOrigin.provider(name: "EnvironmentVariablesProvider", lookedUpAs: "HTTP_TIMEOUT").description
                == "EnvironmentVariablesProvider (HTTP_TIMEOUT)")
        #expect(ConfValueOrigin.defaultValue.description == "default")
    }
}
