import Foundation
import LoomRuntime
import Testing

/// `MainThread.isCurrent` holds exactly where the main actor runs its jobs — also when a worker thread drains the
/// main queue because the main thread is parked (as under `swift test` on Linux) — and `callAssumingMainActor` runs
/// main-actor code from there.
@Suite struct MainThreadTests {
    @MainActor final class Model {
        var count = 0
        init() { MainActor.preconditionIsolated() }
    }

    @Test func theMainActorsJobsAreOnTheMainThreadAndOthersAreNot() async {
        #expect(await MainActor.run { MainThread.isCurrent })
        #expect(await Task.detached { MainThread.isCurrent }.value == false)
        let fromAThread = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: MainThread.isCurrent) }.start()
        }
        #expect(fromAThread == false)
    }

    @Test func aJobOnTheMainQueueCounts() async {
        let onMainQueue = await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume(returning: MainThread.isCurrent) }
        }
        #expect(onMainQueue)
        // Another serial queue, possibly drained by the same worker thread a moment later, does not.
        let onAnotherQueue = await withCheckedContinuation { continuation in
            DispatchQueue(label: "loom.not-main").async { continuation.resume(returning: MainThread.isCurrent) }
        }
        #expect(onAnotherQueue == false)
    }

    @Test func mainActorCodeRunsSynchronouslyFromTheMainActorsExecutor() async {
        let count = await MainActor.run { () -> Int in
            // Called as a nonisolated function would be: the point is that it works from synchronous code that only
            // knows, at run time, that it is on the main actor's executor.
            MainThread.callAssumingMainActor {
                let model = Model()
                model.count += 1
                return model.count
            }
        }
        #expect(count == 1)
    }
}
