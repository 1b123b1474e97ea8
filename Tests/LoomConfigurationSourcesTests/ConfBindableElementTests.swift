import Configuration
import Loom
import LoomConfigurationSources
import LoomKeys
import LoomMacros
import Testing

extension ConfKeys {
    #declareConfKey(visibility: .internal, "elementModes", [Mode].self, defaultValue: [])
    #declareConfKey(visibility: .internal, "elementPriorities", [Priority].self, defaultValue: [])
}

@Suite struct ConfBindableElementTests {
    @Test func arraysOfUserTypesReadEveryElement() throws {
        let sources = ConfSources(
            providers: [
                EnvironmentVariablesProvider(environmentVariables: ["MODES": "fast,safe", "PRIORITIES": "2,1"])
            ],
            bindings: [
                ConfBinding(\.elementModes, to: "modes"), ConfBinding(\.elementPriorities, to: "priorities"),
            ])
        try sources.apply()
        #expect(Conf[\.elementModes] == [.fast, .safe])
        #expect(Conf[\.elementPriorities] == [.high, .low])
    }

    @Test func oneElementThatNamesNoCaseRejectsTheArray() {
        #expect(Mode.elements(from: .stringArray(["fast", "turbo"])) == nil)
        #expect(Priority.elements(from: .intArray([1, 7])) == nil)
        #expect(Mode.elements(from: .stringArray([])) == [])
        #expect(Mode.arrayConfigType == .stringArray && Priority.arrayConfigType == .intArray)
    }
}
