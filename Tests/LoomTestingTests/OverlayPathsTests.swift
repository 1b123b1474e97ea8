import Loom
import LoomMacros
import LoomTesting
import Synchronization
import Testing

// The overlay answers the paths not covered elsewhere: macro-generated parameter injection, `@InjectedWeakly`, and a
// container's `[T]` whose live answer is remembered.

final class Stamp: Sendable {
    let label: String
    init(label: String) { self.label = label }
}

final class StampPrinter {
    let stamp: Stamp

    @InjectedParameters
    init(stamp: Stamp) {
        self.stamp = stamp
    }
}

final class WeakStampHolder: @unchecked Sendable {
    // The wrapper synchronises itself; its storage is written once, in init.
    @InjectedWeakly var stamp: Stamp?
}

protocol StampSource: AnyObject, Sendable { var label: String { get } }
final class LiveStampSource: StampSource { let label = "live" }
final class OtherStampSource: StampSource { let label = "other" }

@Suite struct OverlayPathsTests {
    /// A container's remembered `[T]` answer is not used inside a test override: the overlay's registrations and
    /// its isolated instances answer, and the live answer is back once the override ends.
    @Test func aRememberedCollectionIsNotUsedInsideAnOverride() throws {
        let container = Container(name: "overlay.collection", logger: DisabledLogger())
        container.add {
            Dependency { LiveStampSource() }.conforms(to: (any StampSource).self).scope(.singleton)
        }
        let live: [any StampSource] = try container.inject()
        _ = try container.inject() as [any StampSource]
        try withTestDependencies { overrides in
            overrides.add {
                Dependency { OtherStampSource() }.conforms(to: (any StampSource).self).scope(.singleton)
            }
        } operation: {
            let inside: [any StampSource] = try container.inject()
            #expect(inside.map(\.label) == ["other", "live"])
            #expect(inside[1] !== live[0], "isolated instances: the live singleton is not reused")
        }
        let after: [any StampSource] = try container.inject()
        #expect(after.count == 1)
        #expect(after[0] === live[0])
    }

    @Test func macroGeneratedInjectionResolvesTheOverride() {
        let label = withTestDependencies { container in
            container.register { Stamp(label: "from the test") }
        } operation: {
            // The generated `init()` resolves `stamp` from the graph, which the overlay answers first.
            StampPrinter().stamp.label
        }
        #expect(label == "from the test")
    }

    @Test func injectedWeaklyResolvesTheOverride() {
        let stamp = Stamp(label: "weak")
        withTestDependencies { container in
            container.register(scope: .shared) { stamp }
        } operation: {
            let holder = WeakStampHolder()
            #expect(holder.stamp === stamp)
        }
    }
}

@Suite struct OverlayArgumentTests {
    /// Inside a test override, a live registration with arguments builds its instances in the override's isolated
    /// caches — one per argument tuple, found again by the settled read — and the live instances are untouched.
    @Test func aRegistrationWithArgumentsKeepsItsOverrideInstancesApart() throws {
        let container = Container(name: "overlay.arguments", logger: DisabledLogger())
        container.register(scope: .singleton) { (label: String) in Stamp(label: label) }
        let live = try container.inject(byType: Stamp.self, "a")
        let (first, again, other) = try withTestDependencies { _ in
        } operation: {
            (
                try container.inject(byType: Stamp.self, "a"), try container.inject(byType: Stamp.self, "a"),
                try container.inject(byType: Stamp.self, "b")
            )
        }
        #expect(first !== live)
        #expect(first.label == "a")
        #expect(again === first)
        #expect(other !== first)
        #expect(other.label == "b")
        #expect(try container.inject(byType: Stamp.self, "a") === live)
    }
}

/// An instance whose release hook each test records, by label.
final class ReleasedStamp: Sendable {
    let label: String
    init(label: String) { self.label = label }
}

/// The labels of the stamps released so far, in order, and the registrations that record them.
final class ReleaseLog: Sendable {
    private let released = Mutex<[String]>([])

    var labels: [String] { released.withLock { $0 } }

    /// Registers in `container` a singleton `ReleasedStamp(label:)` whose release this log records.
    func registerStamp(_ label: String, alternative: RegistrationAlternative? = nil, in container: Container) {
        container.register(alternative: alternative, scope: .singleton) {
            ReleasedStamp(label: label)
        } onRelease: { stamp in
            self.released.withLock { $0.append(stamp.label) }
        }
    }
}

@Suite struct OverlayOwnRegistrationTests {
    /// A singleton registered in the override keeps its instance in its own registration's cache (the override's
    /// container lives only as long as the override): one instance per override, released with it.
    @Test func anOverridesOwnSingletonIsBuiltOnceAndReleasedWithTheOverride() throws {
        let container = Container(name: "overlay.own", logger: DisabledLogger())
        let released = ReleaseLog()
        let (first, again) = try withTestDependencies { overrides in
            released.registerStamp("override", in: overrides)
        } operation: {
            (try container.resolve(ReleasedStamp.self), try container.resolve(ReleasedStamp.self))
        }
        #expect(first === again)
        #expect(first.label == "override")
        #expect(released.labels == ["override"])
    }

    /// Nested scopes: one sharing the enclosing override's instances sees its own singleton's instance, an isolated
    /// one builds another, and neither releases the enclosing one.
    @Test func nestedScopesSeeTheEnclosingOverridesInstanceOnlyWhenSharing() throws {
        let container = Container(name: "overlay.nested", logger: DisabledLogger())
        let released = ReleaseLog()
        try withTestDependencies { overrides in
            released.registerStamp("outer", in: overrides)
        } operation: {
            let outer = try container.resolve(ReleasedStamp.self)
            let shared = try withTestDependencies(.sharingLiveInstances) { _ in
            } operation: {
                try container.resolve(ReleasedStamp.self)
            }
            #expect(shared === outer)
            let isolated = try withTestDependencies { _ in
            } operation: {
                try container.resolve(ReleasedStamp.self)
            }
            #expect(isolated !== outer)
            #expect(released.labels == ["outer"], "the isolated scope released its own instance only")
            #expect(try container.resolve(ReleasedStamp.self) === outer)
        }
        #expect(released.labels == ["outer", "outer"])
    }

    /// An override's own registration with arguments keeps one instance per argument tuple in its own cache (the
    /// store's argument-table shortcut): an instance built through the captured override container outside the scope
    /// is the one the scope finds, each tuple has its own, and the override empties that cache when it ends even
    /// though the captured container outlives it.
    @Test func anOverridesOwnRegistrationWithArgumentsKeepsOneInstancePerTupleInItsOwnCache() async throws {
        let container = Container(name: "overlay.own.arguments", logger: DisabledLogger())
        let captured = Mutex<Container?>(nil)
        weak var first: ReleasedStamp?
        try await withTestDependencies { overrides in
            captured.withLock { $0 = overrides }
            overrides.register(scope: .singleton) { (label: String, tier: Int) in
                ReleasedStamp(label: "\(label)\(tier)")
            }
        } operation: {
            let overrides = try #require(captured.withLock { $0 })
            let outside = try await Task.detached { try overrides.inject(byType: ReleasedStamp.self, "a", 1) }.value
            first = outside
            #expect(try container.inject(byType: ReleasedStamp.self, "a", 1) === outside)
            #expect(try container.inject(byType: ReleasedStamp.self, "a", 1) === outside)
            let other = try container.inject(byType: ReleasedStamp.self, "b", 2)
            #expect(other !== outside)
            #expect([outside.label, other.label] == ["a1", "b2"])
        }
        let overrides = try #require(captured.withLock { $0 })
        #expect(first == nil, "the override released its instances although its container is still referenced")
        #expect(try overrides.inject(byType: ReleasedStamp.self, "a", 1).label == "a1")
        #expect(throws: InjectionError.self) { try container.inject(byType: ReleasedStamp.self, "a", 1) }
    }

    /// A scope that shares the live instances (`.sharingLiveInstances`) still owns its own registrations: their
    /// instances are released when it ends, at the top level and nested in an isolated scope (whose store it
    /// shares), and the enclosing scope's instance is left alone.
    @Test func aSharingScopeReleasesItsOwnRegistrationsInstancesWhenItEnds() throws {
        let container = Container(name: "overlay.sharing.own", logger: DisabledLogger())
        let released = ReleaseLog()
        try withTestDependencies(.sharingLiveInstances) { overrides in
            released.registerStamp("top", in: overrides)
        } operation: {
            let top = try container.resolve(ReleasedStamp.self)
            #expect(try container.resolve(ReleasedStamp.self) === top)
        }
        #expect(released.labels == ["top"])

        try withTestDependencies { overrides in
            released.registerStamp("outer", in: overrides)
        } operation: {
            let outer = try container.resolve(ReleasedStamp.self)
            try withTestDependencies(.sharingLiveInstances) { overrides in
                released.registerStamp("inner", alternative: "inner", in: overrides)
            } operation: {
                let inner = try container.resolve(ReleasedStamp.self, alternative: "inner")
                #expect(try container.resolve(ReleasedStamp.self, alternative: "inner") === inner)
                #expect(try container.resolve(ReleasedStamp.self) === outer)
            }
            #expect(released.labels == ["top", "inner"], "the inner scope released its own instance only")
            #expect(try container.resolve(ReleasedStamp.self) === outer)
        }
        #expect(released.labels == ["top", "inner", "outer"])
    }

    /// The async scope releases a sharing scope's own instances too, its own registration with arguments among them,
    /// and leaves a live instance alone.
    @Test func anAsyncSharingScopeReleasesItsOwnRegistrationsInstances() async throws {
        let container = Container(name: "overlay.sharing.async", logger: DisabledLogger())
        container.register(alternative: "live", scope: .singleton) { ReleasedStamp(label: "live") }
        let released = ReleaseLog()
        let captured = Mutex<Container?>(nil)  // keeps the override container, and its caches, alive after the scope
        weak var tuple: ReleasedStamp?
        let live = try await withTestDependencies(.sharingLiveInstances) { overrides in
            captured.withLock { $0 = overrides }
            released.registerStamp("own", in: overrides)
            overrides.register(scope: .singleton) { (tier: Int) in ReleasedStamp(label: "tier\(tier)") }
        } operation: {
            await Task.yield()
            _ = try container.resolve(ReleasedStamp.self)
            let built = try container.inject(byType: ReleasedStamp.self, 2)
            tuple = built
            #expect(built.label == "tier2")
            return try container.resolve(ReleasedStamp.self, alternative: "live")
        }
        #expect(released.labels == ["own"])
        #expect(captured.withLock { $0 } != nil)
        #expect(tuple == nil, "the scope's own instance for an argument tuple went with it")
        #expect(try container.resolve(ReleasedStamp.self, alternative: "live") === live, "the live instance stays")
    }

    /// A task that does not inherit the override (a detached one) resolving through the captured override container
    /// builds the instance in that container's own cache — the one the override reads — and the override still
    /// releases it when it ends.
    @Test func anInstanceBuiltThroughTheCapturedOverrideContainerIsReleasedWithTheOverride() async throws {
        let container = Container(name: "overlay.own.captured", logger: DisabledLogger())
        let released = ReleaseLog()
        let captured = Mutex<Container?>(nil)
        try await withTestDependencies { overrides in
            captured.withLock { $0 = overrides }
            released.registerStamp("captured", in: overrides)
        } operation: {
            let overrides = try #require(captured.withLock { $0 })
            let outside = try await Task.detached { try overrides.resolve(ReleasedStamp.self) }.value
            #expect(try container.resolve(ReleasedStamp.self) === outside)
        }
        #expect(released.labels == ["captured"])
    }
}
