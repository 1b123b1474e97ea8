import Loom
import Testing

/// `import Loom` alone is enough to use the runtime modules it re-exports.
@Suite struct LoomTests {
    final class Clock: Sendable {}

    @Test func umbrellaReExportsTheCoreEngine() throws {
        let container = Container(name: "umbrella", logger: DisabledLogger())
        container.register(scope: .singleton) { Clock() }
        let first: Clock = try container.resolve()
        #expect(try container.resolve(Clock.self) === first)
    }
}
