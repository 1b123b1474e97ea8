// The snippet of LoomConfigurationSources' landing page
// (Modules/LoomConfigurationSources/LoomConfigurationSources.docc/LoomConfigurationSources.md), compiled and run.
// Keep the two in step. Where the test departs from the snippet: the environment variables provider reads a
// dictionary instead of the process environment, and the key is the article's `httpTimeout`
// (ConfigurationFromFilesAndTheEnvironmentTests.swift declares it), so this suite runs in that one's place in line.
import Configuration
import Loom
import LoomConfigurationSources
import Testing

extension ConfigurationFromFilesAndTheEnvironmentTests {
    @Test func theLandingPageSnippet() throws {
        let sources = ConfSources(
            providers: [EnvironmentVariablesProvider(environmentVariables: ["HTTP_TIMEOUT": "45"])],
            bindings: [ConfBinding(\.httpTimeout, to: "http.timeout")]
        )
        try sources.apply()
        #expect(Conf[\.httpTimeout] == 45)  // HTTP_TIMEOUT, else 60
    }
}
