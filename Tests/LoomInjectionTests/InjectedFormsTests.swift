import LoomCore
import LoomInjection
import LoomLookup
import LoomTestSupport
import Testing

/// Stitcher's forms.
///
/// By type with arguments, by name, by value, Optional and collections, resolved from the graph (the default policy).
/// Each test activates its own container with its own types.
@Suite struct InjectedFormsTests {
    @Test func byTypeWithArgumentsByNameAndByValue() {
        enum Location: Hashable, Sendable { case avatar, banner }
        enum Services: String { case repository }
        final class Upload: Sendable {
            let location: Location
            init(_ location: Location) { self.location = location }
        }
        final class Repository: Sendable {
            let context: String
            init(_ context: String) { self.context = context }
        }
        let container = Container(name: "forms", logger: DisabledLogger()) {
            Dependency { (location: Location) in Upload(location) }
            Dependency { (context: String) in Repository(context) }.named(Services.repository)
            Dependency { Repository("by value") }.associated(with: Location.banner)
            Dependency { Repository("by name") }.named("forms-plain-name")
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        final class Screen {
            @Injected(Location.avatar) var upload: Upload
            @Injected(name: Services.repository, "main") var repository: Repository
            @Injected(name: "forms-plain-name") var named: Repository
            @Injected(value: Location.banner) var valued: Repository
            @Injected(type: Upload.self, Location.banner) var typed: AnyObject
        }
        let screen = Container.withLookupPolicy(.graph) { Screen() }
        #expect(screen.upload.location == .avatar)
        #expect(screen.repository.context == "main")
        #expect(screen.named.context == "by name")
        #expect(screen.valued.context == "by value")
        #expect((screen.typed as? Upload)?.location == .banner)
    }

    @Test func optionalsAndCollectionsRecoverFromMissingRegistrations() {
        protocol Aware: Sendable {}
        final class First: Aware {}
        final class Second: Aware {}
        final class Absent: Sendable {}
        let container = Container(name: "collections", logger: DisabledLogger()) {
            Dependency { First() }.conforms(to: (any Aware).self)
            Dependency { Second() }.conforms(to: (any Aware).self)
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        final class Screen {
            @Injected var all: [any Aware]
            @Injected var none: [Absent]
            @Injected var maybe: Absent?
            @Injected var set: Set<ObjectIdentifier>
        }
        let screen = Container.withLookupPolicy(.graph) { Screen() }
        #expect(screen.all.count == 2)
        #expect(screen.none.isEmpty)
        #expect(screen.maybe == nil)
        #expect(screen.set.isEmpty)
    }

    @Test func loadIfNeededResolvesOnlyWhenUnloadedNilOrEmpty() {
        final class Late: Sendable {}
        let container = Container(name: "load", logger: DisabledLogger())
        final class Screen {
            @Injected var maybe: Late?
            @Injected var all: [Late]
        }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        #expect(screen.maybe == nil)
        #expect(screen.all.isEmpty)
        container.register(scope: .singleton) { Late() }
        #expect(screen.maybe == nil)  // cached
        screen.$maybe.loadIfNeeded()
        screen.$all.loadIfNeeded()
        let loaded = screen.maybe
        #expect(loaded != nil)
        #expect(screen.all.count == 1)
        screen.$maybe.loadIfNeeded()  // not nil: nothing to do
        #expect(screen.maybe === loaded)
    }

    @Test func reloadResolvesAgain() {
        final class Session: Sendable {}
        let container = Container(name: "reload", logger: DisabledLogger())
        container.register { Session() }
        final class Screen { @Injected var session: Session }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        let first = screen.session
        screen.$session.reload()
        #expect(screen.session !== first)
    }

    /// Reads before a first `reload()` go without synchronisation, so the value they read stays alive until the
    /// property's owner is released; later replaced values are released at their reload.
    @Test func reloadKeepsTheFirstReadValueUntilTheOwnerGoes() {
        final class Session: Sendable {}
        let container = Container(name: "reload-lifetime", logger: DisabledLogger())
        container.register { Session() }
        final class Screen { @Injected var session: Session }
        weak var first: Session?
        weak var second: Session?
        do {
            let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
            first = screen.session
            screen.$session.reload()
            second = screen.session
            screen.$session.reload()
            #expect(first != nil)
            #expect(second == nil)
        }
        #expect(first == nil)
    }

    @Test func autoreloadingPropertiesReleaseEveryReplacedValue() {
        final class Session: Sendable {}
        let container = Container(name: "autoreload-lifetime", logger: DisabledLogger())
        container.register { Session() }
        final class Screen: @unchecked Sendable {
            // The wrapper's storage is written once, in init; the wrapper synchronises itself.
            @Injected var session: Session
            init() { $session.autoreload() }
        }
        weak var first: Session?
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        first = screen.session
        screen.$session.reload()
        #expect(first == nil)
        #expect(screen.session !== first)
    }

    @Test func autoreloadPicksUpAContainerSwap() async {
        final class Theme: Sendable {
            let name: String
            init(_ name: String) { self.name = name }
        }
        final class Screen: @unchecked Sendable {
            // The wrapper's storage is written once, in init; the wrapper synchronises itself.
            @Injected var theme: Theme
            init() { $theme.autoreload() }
        }
        let light = Container(name: "light", logger: DisabledLogger()) { Dependency { Theme("light") } }
        let dark = Container(name: "dark", logger: DisabledLogger()) { Dependency { Theme("dark") } }
        final class Holder: @unchecked Sendable {
            // Written once, before the test reads it.
            @Dependencies var container: Container
            init(_ container: Container) { _container = Dependencies(wrappedValue: container) }
        }
        let holder = Holder(light)
        let screen = Container.withLookupPolicy(.graph) { Screen() }
        #expect(screen.theme.name == "light")
        holder.container = dark
        #expect(await eventually { screen.theme.name == "dark" })
        _ = holder
    }

    @Test func anAutoreloadedPropertyShowsTheNewValueOnceInvalidationsAreWaitedFor() async {
        final class Theme: Sendable {
            let name: String
            init(_ name: String) { self.name = name }
        }
        final class Screen: @unchecked Sendable {
            // The wrapper's storage is written once, in init; the wrapper synchronises itself.
            @Injected(name: "autoreload-wait-theme") var theme: Theme
            init() { $theme.autoreload() }
        }
        let container = Container(name: "autoreload-wait", logger: DisabledLogger()) {
            Dependency(named: "autoreload-wait-theme") { Theme("light") }
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let screen = Container.withLookupPolicy(.graph) { Screen() }
        #expect(screen.theme.name == "light")
        for round in 1...20 {
            let name = "theme \(round)"
            container.add { Dependency(named: "autoreload-wait-theme") { Theme(name) } }
            await DependencyGraph.waitForPendingInvalidations()
            #expect(screen.theme.name == name)
        }
    }

    @Test func autoreloadingPropertiesDoNotLeakTheirObservingTask() async {
        final class Theme: Sendable {}
        final class Screen: @unchecked Sendable {
            // The wrapper's storage is written once, in init; the wrapper synchronises itself.
            @Injected var theme: Theme?
            init() { $theme.autoreload() }
        }
        var weak = Weak<Screen>(nil)
        do {
            let screen = Screen()
            weak = Weak(screen)
            _ = screen.theme
        }
        // A graph change made by a test running beside this one reloads every autoreloading property, holding its
        // object for the length of that reload: the property must let go once any such reload is over.
        let released = weak
        #expect(await eventually { released.object == nil })
    }
}

/// An autoreloading property over a synchronous registration is reloaded before any `DependencyGraph.changes`
/// subscriber sees the change — and so before a synchronous `invalidate()` returns.
@Suite struct AutoreloadOrderTests {
    final class Theme: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }
    final class Screen: @unchecked Sendable {
        // The wrapper's storage is written once, in init; the wrapper synchronises itself.
        @Injected(name: "autoreload-order-theme") var theme: Theme
        init() { $theme.autoreload() }
    }
    final class SyncScreen: @unchecked Sendable {
        // The wrapper's storage is written once, in init; the wrapper synchronises itself.
        @Injected(name: "autoreload-order-sync-theme") var theme: Theme
        init() { $theme.autoreload() }
    }
    final class Flag: Sendable {
        private let state = Collected<String>()
        var name: String { state.all.last ?? "light" }
        func set(_ name: String) { state.append(name) }
    }

    @Test func aSubscriberWokenByTheChangeSeesTheReloadedValue() async throws {
        let theme = Flag()
        let (events, trigger) = AsyncStream.makeStream(of: Void.self)
        let container = Container(name: "autoreload-order", logger: DisabledLogger()) {
            Dependency(named: "autoreload-order-theme") { Theme(theme.name) }.scope(.instance)
        }
        .invalidated(tracking: events)
        let changes = DependencyGraph.changes.filter { $0.containers == [container.description] }
        var iterator = changes.makeAsyncIterator()
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(await iterator.next()?.kind == .activated)
        let screen = Container.withLookupPolicy(.graph) { Screen() }
        #expect(screen.theme.name == "light")
        for round in 1...20 {
            theme.set("theme \(round)")
            trigger.yield()
            #expect(await iterator.next()?.kind == .invalidated)
            #expect(screen.theme.name == "theme \(round)", "round \(round)")
        }
        trigger.finish()
    }

    enum Marker {
        @TaskLocal static var insideInvalidate = false
    }

    @Test func aSynchronousInvalidationHasReloadedThePropertyWhenItReturns() async throws {
        let theme = Flag()
        let reloadedInside = Collected<Bool>()
        let container = Container(name: "autoreload-order-sync", logger: DisabledLogger()) {
            Dependency(named: "autoreload-order-sync-theme") {
                reloadedInside.append(Marker.insideInvalidate)
                return Theme(theme.name)
            }
            .scope(.instance)
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let screen = Container.withLookupPolicy(.graph) { SyncScreen() }
        #expect(screen.theme.name == "light")
        theme.set("dark")
        // A graph change made by a suite running beside this one also reloads the property, outside the marker: only
        // a build inside it proves that `invalidate()` reloaded before returning.
        let before = reloadedInside.all.count
        Marker.$insideInvalidate.withValue(true) { container.invalidate() }
        #expect(reloadedInside.all.dropFirst(before).contains(true))
        #expect(screen.theme.name == "dark")
    }
}
