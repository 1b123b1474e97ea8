import Configuration
import Foundation
import Loom
import LoomConfigurationSources
import LoomKeys
import LoomMacros
import Testing

/// A user type read from a string, bound by a one-line conformance.
struct Hostname: ExpressibleByConfigString, ConfBindable, Equatable {
    let name: String
    init?(configString: String) {
        guard !configString.contains(" ") else { return nil }
        name = configString.lowercased()
    }
    var description: String { name }
}

enum Mode: String, ConfBindable, ConfBindableElement { case fast, safe }
enum Priority: Int, ConfBindable, ConfBindableElement {
    case low = 1
    case high = 2
}

extension ConfKeys {
    #declareConfKey(
        visibility: .internal, "bindableHost", Hostname.self, defaultValue: Hostname(configString: "localhost")!)
    #declareConfKey(visibility: .internal, "bindableMode", Mode.self, defaultValue: .safe)
    #declareConfKey(visibility: .internal, "bindablePriority", Priority.self, defaultValue: .low)
    #declareConfKey(visibility: .internal, "bindableURL", URL.self, defaultValue: URL(string: "https://example.com")!)
    #declareConfKey(visibility: .internal, "bindableTimeout", Duration.self, defaultValue: .seconds(1))
    #declareConfKey(visibility: .internal, "bindableWrongCase", Mode.self, defaultValue: .safe)
}

@Suite struct ConfBindableTests {
    @Test func userTypesReadThroughTheirRawValueOrConfigString() throws {
        let sources = ConfSources(
            providers: [
                EnvironmentVariablesProvider(environmentVariables: [
                    "HOST": "API.Example.com", "MODE": "fast", "PRIORITY": "2", "URL": "https://loom.example/a",
                    "TIMEOUT": "30",
                ])
            ],
            bindings: [
                ConfBinding(\.bindableHost, to: "host"), ConfBinding(\.bindableMode, to: "mode"),
                ConfBinding(\.bindablePriority, to: "priority"), ConfBinding(\.bindableURL, to: "url"),
                ConfBinding(\.bindableTimeout, to: "timeout"),
            ])
        try sources.apply()

        #expect(Conf[\.bindableHost] == Hostname(configString: "api.example.com"))
        #expect(Conf[\.bindableMode] == .fast)
        #expect(Conf[\.bindablePriority] == .high)
        #expect(Conf[\.bindableURL] == URL(string: "https://loom.example/a"))
        #expect(Conf[\.bindableTimeout] == .seconds(30))
    }

    @Test func aRawValueThatNamesNoCaseIsAValueOfTheWrongType() {
        let sources = ConfSources(
            providers: [InMemoryProvider(name: "modes", values: ["mode": "turbo"])],
            bindings: [ConfBinding(\.bindableWrongCase, to: "mode")])
        #expect(
            throws: ConfSourceError.invalidValue(
                key: "mode", provider: "InMemoryProvider[modes]", value: "turbo", expected: "Mode (read as string)")
        ) { try sources.apply() }
        #expect(Conf[\.bindableWrongCase] == .safe)
    }

    @Test func eachRequirementReadsOnlyItsOwnContent() {
        #expect(Mode.configType == .string && Priority.configType == .int && Hostname.configType == .string)
        #expect(Mode(configContent: .string("safe")) == .safe)
        #expect(Mode(configContent: .int(1)) == nil)
        #expect(Priority(configContent: .int(3)) == nil)
        #expect(Hostname(configContent: .string("a b")) == nil)
    }
}
