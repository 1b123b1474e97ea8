import Configuration
import Loom
import LoomConfigurationSources
// The keys declared here are public by default; this target imports internally by default.
public import LoomKeys
import LoomMacros
import Testing

extension ConfKeys {
    #declareConfKey("previewedPort", Int.self, defaultValue: 80)
    #declareConfKey("previewedHost", String.self, defaultValue: "localhost")
    #declareConfKey("unboundInPreview", Int.self, defaultValue: 0)
}

@Suite struct ConfPreviewTests {
    @Test func aPreviewReadsWhatALoadWouldSetAndSetsNothing() throws {
        let sources = ConfSources(
            providers: [InMemoryProvider(name: "file", values: ["port": 8080])],
            bindings: [ConfBinding(\.previewedPort, to: "port"), ConfBinding(\.previewedHost, to: "host")])

        let preview = try sources.preview()

        #expect(preview.value(for: \.previewedPort) == 8080)
        #expect(preview.value(for: \.previewedHost) == "localhost")
        #expect(preview.value(for: \.unboundInPreview) == nil)
        #expect(preview.origin(of: \.previewedPort) == .provider(name: "InMemoryProvider[file]", lookedUpAs: "port"))
        #expect(preview.origin(of: \.previewedHost) == .defaultValue)
        #expect(
            preview.values.map(\.description) == [
                "port = 8080 (InMemoryProvider[file] (port))", "host = localhost (default)",
            ])
        #expect(Conf[\.previewedPort] == 80, "nothing was loaded")
        #expect(sources.values.isEmpty)
    }

    @Test func aPreviewFailsAsALoadWould() {
        let sources = ConfSources(
            providers: [InMemoryProvider(name: "file", values: ["port": "eighty"])],
            bindings: [ConfBinding(\.previewedPort, to: "port")])
        #expect(throws: ConfSourceError.self) { try sources.preview() }
    }
}
