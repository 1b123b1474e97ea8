import Foundation
import LoomCore
import Testing

/// A cycle through a cached, parameterised registration that re-enters itself with another argument: the smallest
/// shape in which the two ways Loom stops a cycle could report different chains.
///
/// `loop(0)` needs `loop(1)`, which needs `loop(1)`. With detection on, the frame check stops the second entry into
/// the registration and reports `Name[loop] -> Name[loop]`. With detection off, `loop(1)` runs in a slot of its own
/// (cached per argument), so the recursion continues until it re-enters the slot it is building; the construction
/// gate reports the chain from the registration's innermost frame, the same `Name[loop] -> Name[loop]`. (Found by the
/// random graphs with detection off: the gate once started the chain at the registration's *first* frame and so
/// reported `Name[loop] -> Name[loop] -> Name[loop]`, the cycle twice.)
@Suite struct CycleChainTests {
    final class Loop: Sendable {}

    @Test func withDetectionOnTheChainHoldsTheCycleOnce() async throws {
        let chain = try #require(await reportedChain(detection: .always))
        #expect(chain == "Name[reliability.loop] -> Name[reliability.loop]")
    }

    @Test func withDetectionOffTheGateReportsTheCycleOnlyOnce() async throws {
        let chain = try #require(await reportedChain(detection: .never))
        #expect(chain == "Name[reliability.loop] -> Name[reliability.loop]")
    }

    /// Resolves `loop(0)` in a child process (cycle detection is process-wide) and returns the reported chain.
    private func reportedChain(detection: CycleDetection) async -> String? {
        let detectionValue = detection.rawValue
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            [detectionValue = detectionValue as UInt8] in
            LoomConfiguration.runtimeCycleDetection = CycleDetection(rawValue: detectionValue)!
            let container = Container(name: "reliability.loop", logger: DisabledLogger())
            container.add {
                Dependency(named: "reliability.loop") { [weak container] (argument: Int) -> Loop in
                    _ = try container?.inject(byName: "reliability.loop", 1) as Loop?
                    return Loop()
                }
                .scope(.singleton)
            }
            do {
                _ = try container.inject(byName: "reliability.loop", 0) as Loop
                print("resolved")
            } catch InjectionError.cyclicDependencyReference(let cycle) {
                print(cycle.exceededDepthLimit == nil ? cycle.description : "depth limit \(cycle)", terminator: "")
            }
        }
        return result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) }
    }
}
