import LoomCore
import LoomTestSupport
import Testing

@Suite struct DependencyScopeTests {
    @Test func automaticScopeIsSharedForClassesAndInstanceForValueTypes() {
        #expect(DependencyScope.automatic(for: Service.self).description == "shared")
        #expect(DependencyScope.automatic(for: ValueService.self).description == "instance")
        #expect(DependencyScope.automatic(for: Int.self).description == "instance")
        #expect(DependencyScope.automatic(for: (any Greeting).self).description == "instance")
    }

    @Test func instanceScopeReturnsANewInstanceEveryTime() throws {
        let container = quietContainer()
        container.register { Service() }
        let first: Service = try container.resolve()
        let second: Service = try container.resolve()
        #expect(first !== second)
    }

    @Test func sharedScopeReusesTheInstanceWhileItIsHeldAndBuildsANewOneAfterRelease() throws {
        let container = quietContainer()
        let built = Counter()
        container.register(scope: .shared) { () -> Service in
            Service(id: built.increment())
        }
        var weak = Weak<Service>(nil)
        do {
            let first: Service = try container.resolve()
            let second: Service = try container.resolve()
            #expect(first === second)
            weak = Weak(first)
        }
        #expect(weak.object == nil)
        let third: Service = try container.resolve()
        #expect(third.id == 2)
        #expect(built.value == 2)
    }

    @Test func sharedScopeBehavesLikeInstanceForValueTypes() throws {
        let container = quietContainer()
        let built = Counter()
        container.register(scope: .shared) { ValueService(id: built.increment()) }
        let first: ValueService = try container.resolve()
        let second: ValueService = try container.resolve()
        #expect(first.id == 1)
        #expect(second.id == 2)
    }

    @Test(arguments: [true, false])
    func singletonScopeReturnsTheSameValueUntilCleanup(useValueType: Bool) throws {
        let container = quietContainer()
        let built = Counter()
        if useValueType {
            container.register(scope: .singleton) { ValueService(id: built.increment()) }
            let first = try container.resolve(ValueService.self)
            #expect(try container.resolve(ValueService.self) == first)
        } else {
            container.register(scope: .singleton) { Service(id: built.increment()) }
            let first = try container.resolve(Service.self)
            #expect(try container.resolve(Service.self) === first)
        }
        #expect(built.value == 1)
    }

    @Test func managedScopeKeepsTheInstanceUntilTheScopeIsInvalidated() throws {
        let container = quietContainer()
        let session = ManagedScope()
        container.register(scope: .managed(session)) { Service() }
        let first: Service = try container.resolve()
        #expect(try container.resolve(Service.self) === first)
        session.invalidate()
        let second: Service = try container.resolve()
        #expect(second !== first)
        #expect(try container.resolve(Service.self) === second)
    }

    @Test func managedScopeDrivenByAnAsyncSequenceRenewsAfterEachElement() async throws {
        let container = quietContainer()
        let (events, continuation) = AsyncStream.makeStream(of: Void.self)
        container.register(scope: .managed(by: events)) { Service() }
        let first: Service = try container.resolve()
        continuation.yield()
        let renewed = await eventually { (try? container.resolve(Service.self)) !== first }
        #expect(renewed)
        continuation.finish()
    }

    @Test func cachedScopeDescriptions() {
        #expect(DependencyScope.instance.description == "instance")
        #expect(DependencyScope.shared.description == "shared")
        #expect(DependencyScope.singleton.description == "singleton")
        #expect(DependencyScope.managed(ManagedScope()).description == "managed")
        #expect(!DependencyScope.instance.isCached)
        #expect(DependencyScope.singleton.isCached)
    }
}

@Suite struct ManagedScopeTests {
    @Test func invalidateCallsEveryObserverAndCancelledReceiptsStopCalls() {
        let scope = ManagedScope()
        let first = Counter()
        let second = Counter()
        let receipt = scope.onScopeInvalidated { first.increment() }
        _ = scope.onScopeInvalidated { second.increment() }
        scope.invalidate()
        receipt.cancel()
        scope.invalidate()
        #expect(first.value == 1)
        #expect(second.value == 2)
    }

    @Test func aRegistrationStopsObservingWhenItIsReplaced() throws {
        let scope = ManagedScope()
        let container = quietContainer()
        container.register(scope: .managed(scope)) { Service(id: 1) }
        let old: Service = try container.resolve()
        container.register(scope: .singleton) { Service(id: 2) }
        scope.invalidate()
        #expect(try container.resolve(Service.self).id == 2)
        #expect(old.id == 1)
    }
}
