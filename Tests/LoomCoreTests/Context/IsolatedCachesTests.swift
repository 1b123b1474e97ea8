import LoomCore
import LoomRuntime
import Testing

// An isolated scope's caches: the registrations of the scope's own container keep their instances in their own caches,
// every other registration gets a cache private to the scope.

@Suite struct IsolatedCachesTests {
    @Test func anOwnedRegistrationsCacheIsItsOwnAndOthersGetAPrivateOne() throws {
        let own = Container(name: "isolated.own", logger: DisabledLogger())
        own.register(scope: .singleton) { Service(id: 1) }
        let other = Container(name: "isolated.other", logger: DisabledLogger())
        other.register(scope: .singleton) { OtherService() }
        let ownEntry = try #require(own.registry.entries.first)
        let otherEntry = try #require(other.registry.entries.first)
        let caches = IsolatedCaches(owner: own.owner)

        let ownCache = caches.cache(for: ownEntry)
        #expect(ownCache === ownEntry.cache)
        let otherCache = caches.cache(for: otherEntry)
        #expect(otherCache !== otherEntry.cache)
        #expect(caches.cache(for: otherEntry) === otherCache, "found again, not made twice")
    }

    @Test func theSettledProbeReadsAnOwnedRegistrationsInstanceFromItsCache() throws {
        let own = Container(name: "isolated.probe", logger: DisabledLogger())
        own.register(scope: .singleton) { Service(id: 2) }
        let entry = try #require(own.registry.entries.first)
        let caches = IsolatedCaches(owner: own.owner)
        let service = try own.resolve(Service.self)  // built in the registration's own cache (no scope)

        let read = ReadLease.run { lease in
            caches.publishedBox(of: entry, in: lease)?.value(as: Service.self, in: lease)
        }
        #expect(read === service)
        // A store owned by another container does not see it.
        let foreign = IsolatedCaches(owner: Container(name: "isolated.foreign", logger: DisabledLogger()).owner)
        let unseen = ReadLease.run { lease in
            foreign.publishedBox(of: entry, in: lease)?.value(as: Service.self, in: lease)
        }
        #expect(unseen == nil)
    }

    @Test func releasingTheScopeTakesAnOwnedRegistrationsInstance() throws {
        let own = Container(name: "isolated.release", logger: DisabledLogger())
        own.register(scope: .singleton) { Service(id: 3) }
        let entry = try #require(own.registry.entries.first)
        let caches = IsolatedCaches(owner: own.owner)
        let environment = ResolutionEnvironment(isolatedCaches: caches)
        _ = try entry.resolveErased(arguments: [], enclosing: nil, in: environment)
        #expect(entry.cache?.box != nil)
        caches.reset()
        #expect(entry.cache?.box == nil)
    }

    @Test func droppingAnOwnedRegistrationWithoutANodeEmptiesItsOwnCache() throws {
        let own = Container(name: "isolated.drop", logger: DisabledLogger())
        own.register(scope: .singleton) { Service(id: 4) }
        let entry = try #require(own.registry.entries.first)
        let caches = IsolatedCaches(owner: own.owner)
        _ = try own.resolve(Service.self)  // built outside any scope: no node in the store
        #expect(entry.cache?.box != nil)
        _ = caches.takeReleases(of: entry)
        #expect(entry.cache?.box == nil)
        // Another store's registration is left alone.
        let other = Container(name: "isolated.drop.other", logger: DisabledLogger())
        other.register(scope: .singleton) { OtherService() }
        let otherEntry = try #require(other.registry.entries.first)
        _ = try other.resolve(OtherService.self)
        _ = caches.takeReleases(of: otherEntry)
        #expect(otherEntry.cache?.box != nil)
    }
}
