import LoomConfigurationSources
import Testing

@Suite struct ConfSourceErrorTests {
    @Test func eachErrorHasAHeadlineItsDetailsAndARemedy() {
        let missing = ConfSourceError.missingValue(
            key: "api.token", searched: ["EnvironmentVariablesProvider: API_TOKEN"])
        #expect(
            missing.description == """
                Configuration key api.token is required and no provider has it.
                  Key: api.token
                  Searched: EnvironmentVariablesProvider: API_TOKEN
                  Recovery: set it in one of these providers, or declare the Loom key with a default value.
                """)
        let invalid = ConfSourceError.invalidValue(
            key: "http.timeout", provider: "FileProvider<JSONSnapshot>", value: "soon", expected: "Int (read as int)")
        #expect(invalid.description.hasPrefix("Configuration key http.timeout has a value of the wrong type in"))
        #expect(invalid.description.contains("  Expected: Int (read as int)\n  Found: soon\n"))
        let failed = ConfSourceError.providerFailed(provider: "ReloadingFileProvider<JSONSnapshot>", reason: "bad JSON")
        #expect(failed.description.contains("  Reason: bad JSON\n"))
        #expect(ConfSourceError.missingValue(key: "k", searched: []).description.contains("Searched: no providers"))
    }

    @Test func severalErrorsListEachProblem() {
        let first = ConfSourceError.missingValue(key: "a", searched: [])
        let second = ConfSourceError.providerFailed(provider: "p", reason: "r")
        let several = ConfSourceError.several([first, .several([second])])
        #expect(several.problems == [first, second])
        #expect(several.description == first.description + "\n" + ConfSourceError.several([second]).description)
        #expect(first.problems == [first])
    }
}
