public import Loom
public import LoomFixtureSearch
public import LoomFixtureShared
import LoomFixtureStorage

/// The app module: fills the shared container, picks the lookup policy, and activates every container.
public enum NotesApp {
    /// Starts the app; later calls do nothing.
    public static func start() {
        _ = started
    }

    private static let started: Void = {
        sharedContainer.register(scope: .singleton) { () -> any AppClock in TickingClock() }
        Container.lookupPolicy = .enclosingType()
        for container in [sharedContainer, storageContainer, searchContainer] { DependencyGraph.activate(container) }
    }()
}

/// App-level code outside any feature: resolves from the graph.
public final class AppCoordinator: @unchecked Sendable {
    // `@Injected` storage is a `var` the compiler writes once, in init; the wrappers synchronise themselves.
    /// The search index, from the graph.
    @Injected public var index: SearchIndex
    /// The shared clock, from the graph.
    @Injected public var clock: any AppClock
    /// Every feature's store, from the graph.
    @Injected public var stores: [any NoteStore]

    /// Creates the coordinator.
    public init() {}
}

final class TickingClock: AppClock {
    private let ticks = Locked(0)
    func tick() -> Int {
        ticks.withLock {
            $0 += 1
            return $0
        }
    }
}
