import Foundation
import Testing

/// The seed every randomised reliability test starts from.
///
/// `LOOM_RELIABILITY_SEED` when set (to replay a failure), otherwise a fresh one per run. Tests print it in their
/// failure messages.
enum ReliabilitySeed {
    static let value: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["LOOM_RELIABILITY_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 1...UInt64.max)
    }()
}

@Suite struct ReliabilitySeedTests {
    @Test func seedComesFromTheEnvironmentWhenSet() {
        let text = ProcessInfo.processInfo.environment["LOOM_RELIABILITY_SEED"]
        if let text, let seed = UInt64(text) {
            #expect(ReliabilitySeed.value == seed)
        } else {
            #expect(ReliabilitySeed.value != 0)
        }
    }
}
