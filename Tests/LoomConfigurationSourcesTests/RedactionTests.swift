import Configuration
import Testing

@testable import LoomConfigurationSources

@Suite struct RedactionTests {
    @Test func contentPrintsWithoutItsType() {
        #expect(Redaction.text(of: .string("a")) == "a")
        #expect(Redaction.text(of: .intArray([1, 2])) == "1, 2")
        #expect(Redaction.text(of: .bytes([1, 2, 3])) == "3 bytes")
        #expect(Redaction.text(of: .byteChunkArray([[1], []])) == "1 bytes, 0 bytes")
        #expect(Redaction.text(of: .boolArray([true])) == "true")
        #expect(Redaction.text(of: .double(0.5)) == "0.5")
    }

    @Test func whatAProviderHoldsIsShownUnlessEitherSideSaysSecret() {
        let snapshot = InMemoryProvider(
            values: ["plain": "x", "marked": ConfigValue(.string("y"), isSecret: true), "number": 5]
        ).snapshot()
        #expect(Redaction.found(in: snapshot, key: "plain", isSecret: false) == "x")
        #expect(Redaction.found(in: snapshot, key: "plain", isSecret: true) == "<redacted>")
        #expect(Redaction.found(in: snapshot, key: "marked", isSecret: false) == "<redacted>")
        #expect(Redaction.found(in: snapshot, key: "number", isSecret: false) == "5")
    }

    @Test func aProvidersReasonLosesEverySecretLoadedBefore() {
        let error = ConfSourceError.providerFailed(provider: "file", reason: "near 'hunter2' at line 3")
        #expect(
            Redaction.scrub(error, secrets: ["hunter2", ""])
                == .providerFailed(provider: "file", reason: "near '<redacted>' at line 3"))
    }
}
