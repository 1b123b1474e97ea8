import LoomCore
import LoomTestSupport
import Testing

/// `DependencyGraph.releaseUnusedStorage()` and `LoomConfiguration.autoCleanupEnabled`: the weak-cache slots of
/// `.shared` instances that were released are dropped on demand, and on graph changes when auto cleanup is on.
@Suite struct StorageCleanupTests {
    @Test func releasedSharedInstancesLoseTheirSlotsOnDemandAndWithAutoCleanupOnGraphChanges() async {
        // In a child process: the setting is process-wide.
        await #expect(processExitsWith: .success) {
            final class Session: Sendable {}
            let container = Container(name: "cleanup", logger: DisabledLogger()) {
                Dependency { (id: Int) in Session() }.scope(.shared)
            }
            let other = Container(name: "cleanup-other", logger: DisabledLogger())
            DependencyGraph.activate(container)
            let cache = try #require(container.registry.entries.first?.cache)
            func resolveAndRelease(_ ids: Range<Int>) throws {
                for id in ids { _ = try DependencyGraph.inject(byType: Session.self, id) }
            }

            LoomConfiguration.autoCleanupEnabled = false
            try resolveAndRelease(0..<10)
            #expect(cache.argumentSlotCount == 10)
            DependencyGraph.activate(other)
            DependencyGraph.deactivate(other)
            #expect(cache.argumentSlotCount == 10)  // a graph change keeps them without auto cleanup
            let held = try DependencyGraph.inject(byType: Session.self, 99)
            DependencyGraph.releaseUnusedStorage()
            #expect(cache.argumentSlotCount == 1)  // only the instance still held keeps its slot

            LoomConfiguration.autoCleanupEnabled = true
            try resolveAndRelease(0..<5)
            #expect(cache.argumentSlotCount == 6)
            DependencyGraph.activate(other)
            DependencyGraph.deactivate(other)
            #expect(cache.argumentSlotCount == 1)
            #expect(try DependencyGraph.inject(byType: Session.self, 99) === held)
        }
    }
}
