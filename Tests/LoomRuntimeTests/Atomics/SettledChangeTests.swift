import LoomRuntime
import LoomTestSupport
import Testing

/// The bracket around changes to settled answers.
///
/// Other suites in this process make such changes (every registration is one), so the exact counts are checked in a
/// child process.
@Suite struct SettledChangeTests {
    @Test func anEpochIsReadOnlyWhileNoChangeIsInProgressAndEachChangeAdvancesItByOne() async {
        await #expect(processExitsWith: .success) {
            let start = SettledChange.epoch
            #expect(start != nil)
            SettledChange.begin()
            #expect(SettledChange.epoch == nil, "a change in progress")
            SettledChange.begin()
            SettledChange.end()
            #expect(SettledChange.epoch == nil, "another change still in progress")
            SettledChange.end()
            #expect(SettledChange.epoch == (start ?? 0) + 2)
            let inside = SettledChange.around { SettledChange.epoch }
            #expect(inside == nil)
            #expect(SettledChange.epoch == (start ?? 0) + 3)
        }
    }

    /// Clearing a published slot is a change; clearing an empty one is not.
    @Test func clearingAPublishedSlotIsOneChange() async {
        await #expect(processExitsWith: .success) {
            let slot = OnceSlot()
            let start = SettledChange.epoch ?? 0
            #expect(slot.clear() == nil)
            #expect(SettledChange.epoch == start)
            let frames = ResolutionFrames.current
            let outermost = frames.beginResolution()
            _ = try? slot.value(
                Marker.self, holdsWeakly: false, frames: frames, build: { Marker(1) }, onCycle: { SlotCycle() })
            frames.endResolution(outermost)
            #expect(slot.isSettled)
            #expect(slot.clear() != nil)
            #expect(!slot.isSettled)
            #expect(SettledChange.epoch == start + 1)
        }
    }

    /// Many threads changing at once: every change is counted once, and none is left in progress.
    @Test func concurrentChangesAreEachCountedOnce() async {
        await #expect(processExitsWith: .success) {
            let start = SettledChange.epoch ?? 0
            let perThread = RuntimeTestScale.iterations(normally: 20_000, underThreadSanitizer: 2_000)
            let sawNone = AtomicCounter()
            onThreads(4) { _ in
                for _ in 0..<perThread {
                    SettledChange.around {
                        if SettledChange.epoch != nil { sawNone.increment() }
                    }
                }
            }
            #expect(sawNone.value == 0, "an epoch was read while a change was in progress")
            #expect(SettledChange.epoch == start + UInt(4 * perThread))
        }
    }
}

private struct SlotCycle: Error {}
