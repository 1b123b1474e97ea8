import Foundation
import LoomCore
import LoomKeys
import LoomTestSupport
import Testing

enum TrackedReadTag {}
enum TrackedOtherTag {}
enum UntrackedTag {}
enum TransientReadTag {}
enum OutsideReadTag {}
enum ScopedReadTag {}
enum InFlightTag {}

/// Publishes `value` as the tracked root value of `key`, as a configuration load does.
func publishTracked<Tag>(_ value: Int, for key: IntKey<Tag>.Type) {
    BoundKeys.publish([ObjectIdentifier(key): BoundKeys.trackedBox(value, for: key)])
}

@Suite struct KeyDependentsTests {
    @Test func aCachedFactoryThatReadsATrackedKeyIsRecordedAndRebuiltAfterInvalidation() throws {
        publishTracked(1, for: IntKey<TrackedReadTag>.self)
        publishTracked(1, for: IntKey<TrackedOtherTag>.self)
        let builds = Counter()
        let container = Container(name: "tracked")
        container.register(Int.self, scope: .singleton) {
            builds.increment()
            return Conf[key: IntKey<TrackedReadTag>.self]
        }
        #expect(try container.resolve(Int.self) == 1)
        let entries = KeyDependents.dependents(of: ObjectIdentifier(IntKey<TrackedReadTag>.self))
        #expect(entries.map(\.ownerDescription) == ["Container(tracked)"])

        #expect(BoundKeys.invalidate(keys: [ObjectIdentifier(IntKey<TrackedOtherTag>.self)]).entries.isEmpty)
        #expect(try container.resolve(Int.self) == 1 && builds.value == 1, "another key's change rebuilds nothing")

        publishTracked(2, for: IntKey<TrackedReadTag>.self)
        let invalidation = BoundKeys.invalidate(keys: [ObjectIdentifier(IntKey<TrackedReadTag>.self)])
        #expect(invalidation.containers == ["Container(tracked)"])
        #expect(KeyDependents.dependents(of: ObjectIdentifier(IntKey<TrackedReadTag>.self)).isEmpty)
        #expect(try container.resolve(Int.self) == 2 && builds.value == 2)
        #expect(KeyDependents.dependents(of: ObjectIdentifier(IntKey<TrackedReadTag>.self)).count == 1)
    }

    @Test func keysSetByHandAreNotTracked() throws {
        Conf.setRootValue(1, for: IntKey<UntrackedTag>.self)
        let container = Container(name: "untracked")
        container.register(Int.self, scope: .singleton) { Conf[key: IntKey<UntrackedTag>.self] }
        _ = try container.resolve(Int.self)
        #expect(KeyDependents.dependents(of: ObjectIdentifier(IntKey<UntrackedTag>.self)).isEmpty)
    }

    @Test func aTransientFactorysReadCountsForTheCachedInstanceItIsBuiltInto() throws {
        publishTracked(1, for: IntKey<TransientReadTag>.self)
        let container = Container(name: "transient")
        container.register(Int.self) { Conf[key: IntKey<TransientReadTag>.self] }
        container.register(String.self, scope: .singleton) { "holds \(try container.resolve(Int.self))" }
        _ = try container.resolve(Int.self)
        #expect(KeyDependents.dependents(of: ObjectIdentifier(IntKey<TransientReadTag>.self)).isEmpty)

        #expect(try container.resolve(String.self) == "holds 1")
        let dependents = KeyDependents.dependents(of: ObjectIdentifier(IntKey<TransientReadTag>.self))
        #expect(dependents.map { "\($0.attributes.scope)" } == ["singleton"])
    }

    @Test func readsOutsideAnyFactoryAreNotRecorded() {
        publishTracked(1, for: IntKey<OutsideReadTag>.self)
        #expect(Conf[key: IntKey<OutsideReadTag>.self] == 1)
        #expect(Conf.snapshot()[key: IntKey<OutsideReadTag>.self] == 1)
        #expect(KeyDependents.dependents(of: ObjectIdentifier(IntKey<OutsideReadTag>.self)).isEmpty)
    }

    @Test func aChangeInsideATestScopeRebuildsOnlyThatScopesInstances() throws {
        publishTracked(1, for: IntKey<ScopedReadTag>.self)
        let builds = Counter()
        let container = Container(name: "scoped")
        container.register(Int.self, scope: .singleton) {
            builds.increment()
            return Conf[key: IntKey<ScopedReadTag>.self]
        }
        #expect(try container.resolve(Int.self) == 1)
        let overlay = ResolutionOverlay(named: "scope", visibility: .isolatedInstances)
        try overlay.run { () throws in
            #expect(try container.resolve(Int.self) == 1)
            #expect(builds.value == 2, "the scope builds its own instance")
            publishTracked(5, for: IntKey<ScopedReadTag>.self)
            #expect(BoundKeys.invalidate(keys: [ObjectIdentifier(IntKey<ScopedReadTag>.self)]).entries.count == 1)
            #expect(try container.resolve(Int.self) == 5)
        }
        #expect(try container.resolve(Int.self) == 1, "the live instance was not rebuilt")
        #expect(builds.value == 3)
    }

    @Test func aBuildThatReadTheOldValueWhenItsKeyChangedDoesNotPublishIt() throws {
        publishTracked(1, for: IntKey<InFlightTag>.self)
        let didRead = DispatchSemaphore(value: 0)
        let mayFinish = DispatchSemaphore(value: 0)
        let container = Container(name: "in flight")
        container.register(Int.self, scope: .singleton) {
            let value = Conf[key: IntKey<InFlightTag>.self]
            if value == 1 {
                didRead.signal()
                mayFinish.wait()
            }
            return value
        }
        let built = DispatchSemaphore(value: 0)
        Thread {
            _ = try? container.resolve(Int.self)
            built.signal()
        }.start()
        didRead.wait()

        publishTracked(2, for: IntKey<InFlightTag>.self)
        let invalidation = BoundKeys.invalidate(keys: [ObjectIdentifier(IntKey<InFlightTag>.self)])
        #expect(invalidation.containers == ["Container(in flight)"])
        mayFinish.signal()
        built.wait()
        // The build that read the old value did not publish it: the next resolution reads the new one.
        #expect(try container.resolve(Int.self) == 2)
    }
}

enum AsyncReadTag {}
enum GlobalActorReadTag {}

@globalActor actor KeyReadingActor {
    static let shared = KeyReadingActor()
}

/// Reads in `async` factories and in factories isolated to a global actor are recorded as the synchronous factory's
/// are, so a reload rebuilds those instances too.
@Suite struct AsyncKeyDependentsTests {
    @Test func anAsyncFactorysReadIsRecordedAndRebuiltAfterInvalidation() async throws {
        publishTracked(1, for: IntKey<AsyncReadTag>.self)
        let builds = Counter()
        let container = Container(name: "async-tracked")
        container.register(Int.self, scope: .singleton) { () async -> Int in
            builds.increment()
            await Task.yield()
            return Conf[key: IntKey<AsyncReadTag>.self]
        }
        #expect(try await container.load(Int.self) == 1)
        let entries = KeyDependents.dependents(of: ObjectIdentifier(IntKey<AsyncReadTag>.self))
        #expect(entries.map(\.ownerDescription) == ["Container(async-tracked)"])

        publishTracked(2, for: IntKey<AsyncReadTag>.self)
        let invalidation = BoundKeys.invalidate(keys: [ObjectIdentifier(IntKey<AsyncReadTag>.self)])
        #expect(invalidation.containers == ["Container(async-tracked)"])
        #expect(try await container.load(Int.self) == 2)
        #expect(builds.value == 2)
    }

    @Test func aGlobalActorFactorysReadIsRecordedAndRebuiltAfterInvalidation() async throws {
        publishTracked(1, for: IntKey<GlobalActorReadTag>.self)
        let builds = Counter()
        let container = Container(name: "actor-tracked")
        container.register(on: KeyReadingActor.self, scope: .singleton) { @KeyReadingActor () -> Int in
            builds.increment()
            return Conf[key: IntKey<GlobalActorReadTag>.self]
        }
        #expect(try await container.load(Int.self) == 1)
        let entries = KeyDependents.dependents(of: ObjectIdentifier(IntKey<GlobalActorReadTag>.self))
        #expect(entries.map(\.ownerDescription) == ["Container(actor-tracked)"])

        publishTracked(2, for: IntKey<GlobalActorReadTag>.self)
        BoundKeys.invalidate(keys: [ObjectIdentifier(IntKey<GlobalActorReadTag>.self)])
        #expect(try await container.load(Int.self) == 2)
        #expect(builds.value == 2)
    }
}
