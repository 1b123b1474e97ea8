import LoomCore
import LoomTestSupport
import Testing

@Suite struct ReleaseHookTests {
    @Test func aSynchronousClosurePicksTheSynchronousHookAndAnAwaitingOneTheAsyncHook() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        // No `await` in the closure: the synchronous form, which runs before `resetCachedInstances` returns.
        container.register(scope: .singleton) {
            Resource("sync", log: log)
        } onRelease: {
            $0.close()
        }
        // An `await`: the async form, which a synchronous trigger starts in a task.
        container.add {
            Dependency(alternative: "async") { Resource("async", log: log) }
                .scope(.singleton)
                .onRelease { resource in await resource.closeAsynchronously() }
        }
        _ = try container.resolve(Resource.self)
        _ = try container.resolve(Resource.self, alternative: "async")

        container.resetCachedInstance(of: Resource.self)
        #expect(log.all == ["sync"])
        container.resetCachedInstance(of: Resource.self, alternative: "async")
        #expect(await eventually { log.all == ["sync", "async"] })
    }

    @Test func theHookMayComeBeforeOrAfterTheFactory() async throws {
        let log = Collected<String>()
        let container = quietContainer()
        // swift-format-ignore: OnlyOneTrailingClosureArgument
        container.register(scope: .singleton, onRelease: { $0.close() }) { Resource("before", log: log) }
        // swift-format-ignore: OnlyOneTrailingClosureArgument
        container.register(alternative: "async", scope: .singleton, onRelease: { $0.close() }) {
            () async throws -> Resource in Resource("async before", log: log)
        }
        container.register(scope: .singleton) {
            Level0(Resource("after", log: log))
        } onRelease: {
            $0.resource.close()
        }
        _ = try container.resolve(Resource.self)
        _ = try await container.load(Resource.self, alternative: "async")
        _ = try container.resolve(Level0.self)
        try await container.shutdown()
        #expect(Set(log.all) == ["before", "async before", "after"])
    }

    @Test func declarativeHooksTakeBothForms() async throws {
        let log = Collected<String>()
        let container = Container(logger: DisabledLogger()) {
            Dependency { Resource("sync", log: log) }.scope(.singleton).onRelease { $0.close() }
            Dependency { Level0(Resource("async", log: log)) }.scope(.singleton)
                .onRelease { level in await level.resource.closeAsynchronously() }
        }
        _ = try container.resolve(Resource.self)
        _ = try container.resolve(Level0.self)
        try await container.shutdown()
        #expect(Set(log.all) == ["sync", "async"])
    }

    @Test func existingSynchronousRegistrationsStillCompileInAsyncCode() async throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Service() }
        container.register(scope: .singleton) { () async throws -> OtherService in OtherService() }
        let service: Service = try container.resolve()
        #expect(try container.resolve(Service.self) === service)
    }

    @Test func aHookRunsOnceForEachCachedInstanceAndNeverForInstanceRegistrations() throws {
        let log = Collected<String>()
        let container = quietContainer()
        container.register(scope: .singleton) {
            Resource("singleton", log: log)
        } onRelease: {
            $0.close()
        }
        container.add {
            Dependency { Resource("instance", log: log) }.scope(.instance).onRelease { $0.close() }
                .alternative("instance")
        }
        _ = try container.resolve(Resource.self)
        _ = try container.resolve(Resource.self, alternative: "instance")
        container.resetCachedInstances()
        container.resetCachedInstances()
        container.cleanup()
        #expect(log.all == ["singleton"])
    }

    @Test func aHookDoesNotRunForAnInstanceNeverBuilt() {
        let log = Collected<String>()
        let container = quietContainer()
        container.register(scope: .singleton) {
            Resource("never", log: log)
        } onRelease: {
            $0.close()
        }
        container.cleanup()
        #expect(log.all.isEmpty)
    }

    @Test func aThrowingSynchronousHookDoesNotStopTheOthers() throws {
        let log = Collected<String>()
        let container = quietContainer()
        container.register(scope: .singleton) {
            Resource("a", log: log)
        } onRelease: { _ in
            throw HookFailure(name: "a")
        }
        container.register(scope: .singleton) {
            Level0(Resource("b", log: log))
        } onRelease: {
            $0.resource.close()
        }
        _ = try container.resolve(Resource.self)
        _ = try container.resolve(Level0.self)
        container.resetCachedInstances()
        #expect(log.all == ["b"])
    }
}
