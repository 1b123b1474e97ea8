import LoomCore
import LoomTestSupport
import Testing

/// Graph tests run in parallel with each other and with the rest of the suite, so each uses its own types,
/// names and values, deactivates what it activates, and filters `changes` to its own containers.
@Suite struct DependencyGraphTests {
    protocol PrincipalAware: Sendable {}
    final class AccountRepository: PrincipalAware {}
    final class AccountSettingsRepository: PrincipalAware {}

    @Test func activationMakesRegistrationsInjectableAndDeactivationRemovesThem() async throws {
        final class Database: Sendable {}
        let container = quietContainer("graph-activation") { Dependency { Database() } }
        #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: Database.self) }
        await DependencyGraph.activate(container)
        #expect(DependencyGraph.activeContainers.contains { $0 === container })
        _ = try DependencyGraph.inject(byType: Database.self)
        await DependencyGraph.activate(container)  // no-op
        DependencyGraph.deactivate(container)
        DependencyGraph.deactivate(container)  // no-op
        #expect(!DependencyGraph.activeContainers.contains { $0 === container })
        #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: Database.self) }
    }

    @Test func deactivationDropsThatContainersSingletons() throws {
        final class Database: Sendable {}
        let container = quietContainer("graph-drop") { Dependency { Database() }.scope(.singleton) }
        DependencyGraph.activate(container)
        var weak = Weak<Database>(nil)
        do {
            let first: Database = try DependencyGraph.inject()
            #expect(try DependencyGraph.inject() as Database === first)
            weak = Weak(first)
        }
        #expect(weak.object != nil)
        DependencyGraph.deactivate(container)
        #expect(weak.object == nil)
    }

    @Test func theSameNameInTwoActiveContainersIsAmbiguousAndNamesBoth() throws {
        final class Database: Sendable {}
        let first = quietContainer("graph-name-a") { Dependency(named: "graph-shared-name") { AccountRepository() } }
        let second = quietContainer("graph-name-b") { Dependency(named: "graph-shared-name") { Database() } }
        DependencyGraph.activate(first)
        DependencyGraph.activate(second)
        defer {
            DependencyGraph.deactivate(first)
            DependencyGraph.deactivate(second)
        }
        let error = try #require(throws: InjectionError.self) {
            let _: Database = try DependencyGraph.inject(byName: "graph-shared-name")
        }
        guard case .multipleDependencies(let context, let candidates) = error else {
            Issue.record("expected multipleDependencies, got \(error)")
            return
        }
        #expect(context.description == "Name[graph-shared-name]")
        #expect(candidates.count == 2)
        #expect(candidates.contains { $0.contains("Container(graph-name-a)") })
        #expect(candidates.contains { $0.contains("Container(graph-name-b)") })
        #expect(throws: InjectionError.self) {
            let _: Database? = try DependencyGraph.inject(byName: "graph-shared-name")
        }
    }

    @Test func theSameDeclarationReachedTwiceCollapsesIntoOne() throws {
        final class Cache: Sendable {}
        // One declaration (a shared group), used by two containers: interchangeable, so it counts once.
        @Sendable func caching() -> DependencyGroup { DependencyGroup { Dependency { Cache() }.scope(.singleton) } }
        let shared = quietContainer("graph-identical-parent") { caching() }
        let child = quietContainer("graph-identical-child", parent: shared) {}
        let twin = quietContainer("graph-identical-twin") { caching() }
        for container in [shared, child, twin] { DependencyGraph.activate(container) }
        defer { for container in [shared, child, twin] { DependencyGraph.deactivate(container) } }
        _ = try DependencyGraph.inject(byType: Cache.self)
        #expect(try (DependencyGraph.inject() as [Cache]).count == 1)

        // A different declaration with the same attributes is a different registration: ambiguous, not merged.
        let other = quietContainer("graph-identical-other") { Dependency { Cache() }.scope(.singleton) }
        DependencyGraph.activate(other)
        defer { DependencyGraph.deactivate(other) }
        #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: Cache.self) }
        #expect(try (DependencyGraph.inject() as [Cache]).count == 2)
    }

    @Test func optionalInjectionIsNilOnlyWhenMissing() throws {
        final class Database: Sendable {}
        final class Missing: Sendable {}
        struct Broken: Error {}
        let container = quietContainer("graph-optional") {
            Dependency { () throws -> Database in throw Broken() }
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(try DependencyGraph.inject() as Missing? == nil)
        #expect(throws: InjectionError.self) { try DependencyGraph.inject() as Database? }
    }

    @Test func collectionsReturnEveryConformerAcrossActiveContainers() throws {
        let first = quietContainer("graph-collection-a") {
            Dependency { AccountRepository() }.conforms(to: (any PrincipalAware).self)
        }
        let second = quietContainer("graph-collection-b") {
            Dependency { AccountSettingsRepository() }.conforms(to: (any PrincipalAware).self)
        }
        #expect(try (DependencyGraph.inject() as [any PrincipalAware]).isEmpty)
        DependencyGraph.activate(first)
        DependencyGraph.activate(second)
        defer {
            DependencyGraph.deactivate(first)
            DependencyGraph.deactivate(second)
        }
        let all: [any PrincipalAware] = try DependencyGraph.inject()
        #expect(all.count == 2)
        #expect(all.contains { $0 is AccountRepository } && all.contains { $0 is AccountSettingsRepository })
        #expect(throws: InjectionError.self) { try DependencyGraph.inject() as any PrincipalAware }
        let set: Set<ObjectIdentifier> = Set(all.map { ObjectIdentifier($0 as AnyObject) })
        #expect(set.count == 2)
    }

    @Test func eagerSingletonsAreCreatedOnActivationAndStay() async throws {
        final class Tracker: Sendable {}
        final class Cache: Sendable {}
        let trackers = Counter()
        let caches = Counter()
        let container = quietContainer("graph-eager") {
            Dependency { () -> Tracker in
                trackers.increment()
                return Tracker()
            }
            .scope(.singleton).eagerness(.eager)
            Dependency { () -> Cache in
                caches.increment()
                return Cache()
            }
            .scope(.singleton)
        }
        #expect(trackers.value == 0)
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        // Cache states, not factory calls: another test's `verify()` of the shared graph builds copies in a sandbox.
        #expect(isCached(Tracker.self, in: container))
        #expect(!isCached(Cache.self, in: container))
        let tracker = try DependencyGraph.inject(byType: Tracker.self)
        #expect(try DependencyGraph.inject(byType: Tracker.self) === tracker)
        #expect(trackers.value >= 1 && caches.value >= 0)
    }

    @Test func eagerSharedInstancesAreCreatedAndReleased() throws {
        let built = Counter()
        final class Probe: Sendable {
            let onDeinit: @Sendable () -> Void
            init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
            deinit { onDeinit() }
        }
        let released = Counter()
        let container = quietContainer("graph-eager-shared") {
            Dependency { () -> Probe in
                built.increment()
                return Probe { released.increment() }
            }
            .scope(.shared)
            .eagerness(.eager)
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(built.value == 1)
        #expect(released.value == 1)
    }

    /// Activation skips registries holding no eager registration, so the tally behind that shortcut must follow
    /// every way a registration is replaced or removed — in the activated container and in its parents.
    @Test func activationCreatesTheEagerRegistrationsInPlaceAfterReplacementsAndRemovals() throws {
        final class BecameEager: Sendable {}
        final class BecameLazy: Sendable {}
        final class ReplacedImperatively: Sendable {}
        final class InvalidatedAway: Sendable {}
        final class CleanedUp: Sendable {}
        let built = (
            becameEager: Counter(), becameLazy: Counter(), replacedImperatively: Counter(),
            invalidatedAway: Counter(), cleanedUp: Counter()
        )
        /// A singleton of `Value` that counts its constructions in `counter`.
        @Sendable func counted<Value: Sendable>(
            _ counter: Counter, _ eagerness: DependencyEagerness, _ make: @escaping @Sendable () -> Value
        ) -> Dependency<Value> {
            Dependency { () -> Value in
                counter.increment()
                return make()
            }
            .scope(.singleton).eagerness(eagerness)
        }
        let grandparent = quietContainer("graph-eager-tally-grandparent")
        grandparent.add {
            counted(built.becameEager, .lazy) { BecameEager() }
            counted(built.becameLazy, .eager) { BecameLazy() }
            counted(built.replacedImperatively, .eager) { ReplacedImperatively() }
        }
        grandparent.add {
            counted(built.becameEager, .eager) { BecameEager() }
            counted(built.becameLazy, .lazy) { BecameLazy() }
        }
        grandparent.register(scope: .singleton) { () -> ReplacedImperatively in
            built.replacedImperatively.increment()
            return ReplacedImperatively()
        }
        let keepsInvalidated = Counter()
        let parent = quietContainer("graph-eager-tally-parent", parent: grandparent) {
            if keepsInvalidated.value == 0 { counted(built.invalidatedAway, .eager) { InvalidatedAway() } }
        }
        keepsInvalidated.increment()
        parent.invalidate()
        let child = quietContainer("graph-eager-tally-child", parent: parent)
        child.add { counted(built.cleanedUp, .eager) { CleanedUp() } }
        child.cleanup()
        #expect(grandparent.registry.hasEagerRegistrations)
        #expect(!parent.registry.hasEagerRegistrations)
        #expect(!child.registry.hasEagerRegistrations)

        DependencyGraph.activate(child)
        defer { DependencyGraph.deactivate(child) }
        #expect(built.becameEager.value == 1)
        #expect(built.becameLazy.value == 0)
        #expect(built.replacedImperatively.value == 0)
        #expect(built.invalidatedAway.value == 0)
        #expect(built.cleanedUp.value == 0)
    }

    @Test func postInstantiationHookRunsOncePerNewInstanceBeforeItIsReturned() throws {
        final class Aware: PostInstantiationAware, Sendable {
            let instantiated = Counter()
            func didInstantiate() { instantiated.increment() }
        }
        let container = quietContainer("graph-aware") {
            Dependency { Aware() }.scope(.singleton)
            Dependency { Aware() }.named("graph-aware-transient")
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let singleton: Aware = try DependencyGraph.inject()
        #expect(singleton.instantiated.value == 1)
        _ = try DependencyGraph.inject() as Aware
        #expect(singleton.instantiated.value == 1)
        let transient: Aware = try DependencyGraph.inject(byName: "graph-aware-transient")
        let another: Aware = try DependencyGraph.inject(byName: "graph-aware-transient")
        #expect(transient.instantiated.value == 1 && another.instantiated.value == 1)
    }

    @Test func changesReportActivationInvalidationAndDeactivation() async throws {
        let (invalidations, trigger) = AsyncStream.makeStream(of: Void.self)
        let container = quietContainer("graph-changes") { Dependency(named: "graph-changes-value") { 1 } }
            .invalidated(tracking: invalidations)
        let changes = DependencyGraph.changes.filter { $0.containers == ["Container(graph-changes)"] }
        var iterator = changes.makeAsyncIterator()
        await DependencyGraph.activate(container)
        #expect(await iterator.next()?.kind == .activated)
        trigger.yield()
        #expect(await iterator.next()?.kind == .invalidated)
        DependencyGraph.deactivate(container)
        #expect(await iterator.next()?.kind == .deactivated)
        trigger.finish()
    }

    @Test func validationExposesEveryRegistration() throws {
        final class Database: Sendable {}
        final class Cache: Sendable {}
        final class ShortLived: Sendable {}
        enum Key: Hashable, Sendable { case validation }
        let container = quietContainer("graph-validate") {
            Dependency(named: "graph-validate-name") { Database() }.scope(.singleton)
            Dependency { Cache() }.conforms(to: (any Sendable).self)
            Dependency(for: Key.validation) { ShortLived() }.scope(.singleton).eagerness(.eager)
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        DependencyGraph.validate { registrar in
            let mine = registrar.matches { $0.container == "Container(graph-validate)" }
            #expect(mine.count == 3)
            #expect(registrar.count >= 3)
            #expect(
                mine.contains { $0.isLocatedBy(name: "graph-validate-name") && $0.scope.description == "singleton" })
            #expect(mine.contains { $0.isLocatedBy(type: Cache.self) && $0.isLocatedBy(type: (any Sendable).self) })
            #expect(mine.contains { $0.isLocatedBy(value: Key.validation) && $0.eagerness == .eager })
            #expect(!mine.contains { $0.isLocatedBy(name: "Graph-Validate-Name") })
        }
    }

    @Test func graphCyclesAndFactoryErrorsAreTypedErrors() throws {
        struct Failure: Error {}
        final class Loop: Sendable {}
        final class ShortLived: Sendable {}
        let container = quietContainer("graph-errors") {
            Dependency { () -> Loop in
                _ = try DependencyGraph.inject(byType: Loop.self)
                return Loop()
            }
            Dependency { () throws -> ShortLived in throw Failure() }
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let cycle = try #require(throws: InjectionError.self) { try DependencyGraph.inject(byType: Loop.self) }
        guard case .cyclicDependencyReference = cycle else {
            Issue.record("expected a cycle (or the depth limit), got \(cycle)")
            return
        }
        let failure = try #require(throws: InjectionError.self) { try DependencyGraph.inject(byType: ShortLived.self) }
        guard case .factoryFailed(_, let underlying) = failure else {
            Issue.record("expected factoryFailed, got \(failure)")
            return
        }
        #expect(underlying is Failure)
    }

    @Test func deactivateAllClearsEveryContainerAndInstance() async {
        // Process-global and destructive: runs in its own process.
        await #expect(processExitsWith: .success) {
            final class Singleton: Sendable {}
            let first = Container(logger: DisabledLogger()) { Dependency { Singleton() }.scope(.singleton) }
            let second = Container(logger: DisabledLogger()) { Dependency(named: "other") { 1 } }
            await DependencyGraph.activate(first)
            await DependencyGraph.activate(second)
            var weak = Weak<Singleton>(nil)
            do { weak = Weak(try? DependencyGraph.inject(byType: Singleton.self)) }
            var changes = DependencyGraph.changes.makeAsyncIterator()
            DependencyGraph.deactivateAll()
            let change = await changes.next()
            guard DependencyGraph.activeContainers.isEmpty, weak.object == nil, change?.kind == .deactivatedAll,
                (try? DependencyGraph.inject(byName: "other") as Int) == nil
            else { fatalError("deactivateAll left state behind") }
        }
    }
}
