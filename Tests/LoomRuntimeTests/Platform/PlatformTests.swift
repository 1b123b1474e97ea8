import LoomRuntime
import Testing

/// The C library wrappers LoomRuntime offers beyond its primitives.
///
/// The mutex, condition variable and thread-exit hook are internal: `LoomLockTests`, `OnceSlotTests` and
/// `ThreadStateTests` exercise them through the types built on them.
@Suite struct PlatformTests {
    /// Everything written reaches standard error, byte for byte, including a write larger than a pipe's buffer.
    @Test func writeToStandardErrorWritesEveryByte() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            writeToStandardError("Loom: first line\n")
            writeToStandardError(String(repeating: "é", count: 40_000) + "\n")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.hasPrefix("Loom: first line\n"))
        #expect(text.contains(String(repeating: "é", count: 40_000) + "\n"))
    }
}
