import LoomRuntime
import Testing

/// The thread cache in front of the resolution context's task-local: found inside its scope (outside any task, or by
/// the task that opened it), gone after it, and tagged with a task identity read without copying the task.
@Suite struct ThreadContextCacheTests {
    /// `currentTaskBits` reinterprets `UnsafeCurrentTask?` as a word: one reference, `nil` being zero.
    @Test func anOptionalCurrentTaskIsOneWordWithNilAsZero() {
        #expect(MemoryLayout<UnsafeCurrentTask?>.size == MemoryLayout<UInt>.size)
        let none: UnsafeCurrentTask? = nil
        #expect(unsafeBitCast(none, to: UInt.self) == 0)
    }

    @Test func outsideAnyTaskTheScopeIsFoundOnItsThread() {
        let marker = Marker(1)
        #expect(ThreadContextCache.object(as: Marker.self) == nil)
        let found = ThreadContextCache.run(marker) { ThreadContextCache.object(as: Marker.self)?.refersTo(marker) }
        #expect(found == true)
        #expect(ThreadContextCache.object(as: Marker.self) == nil)
    }

    @Test func insideATaskTheScopeIsFoundByThatTask() async {
        let marker = Marker(2)
        #expect(withUnsafeCurrentTask { task in unsafeBitCast(task, to: UInt.self) } != 0)
        let found = ThreadContextCache.run(marker) { ThreadContextCache.object(as: Marker.self)?.refersTo(marker) }
        #expect(found == true)
    }
}
