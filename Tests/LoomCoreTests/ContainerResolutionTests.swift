import LoomCore
import LoomTestSupport
import Testing

@Suite struct ContainerResolutionTests {
    struct Failure: Error, Equatable {}

    @Test func missingDependencyIsATypedErrorNamingWhatWasSearched() throws {
        let root = quietContainer("root")
        let child = quietContainer("child", parent: root)
        let error = try #require(throws: InjectionError.self) { try child.resolve(Service.self) }
        guard case .missingDependency(let context, _) = error else {
            Issue.record("expected missingDependency, got \(error)")
            return
        }
        #expect(context.description == "Type[Service]")
        #expect(context.searched == ["Container(child)", "Container(root)"])
        #expect(error.description.contains("No registration found for Type[Service]"))
        #expect(error.recoverySuggestion?.contains("Register Service") == true)
    }

    @Test func missingDependencySuggestsTheSameTypeUnderAnotherAlternativeOrWithAParameter() throws {
        let container = quietContainer("app")
        container.register(alternative: .another) { Service() }
        container.register { (parameter: Any) -> Service in Service() }
        let error = try #require(throws: InjectionError.self) { try container.resolve(Service.self) }
        guard case .missingDependency(_, let suggestions) = error else {
            Issue.record("expected missingDependency, got \(error)")
            return
        }
        #expect(suggestions.count == 2)
        #expect(suggestions.contains { $0.contains("alternative: \"another\"") })
        #expect(suggestions.contains { $0.contains("resolve(parameter:)") })
        #expect(error.description.contains("Did you mean"))
    }

    @Test func childResolvesPlainAndParametrizedRegistrationsFromItsParent() throws {
        let root = quietContainer("root")
        root.register { Service(id: 3) }
        root.register(alternative: .another) { Service(id: 4) }
        root.register { (parameter: Any) -> String in "from root: \(parameter)" }
        let child = quietContainer("child", parent: root)
        #expect(try child.resolve(Service.self).id == 3)
        #expect(try child.resolve(Service.self, alternative: .another).id == 4)
        #expect(try child.resolve(String.self, parameter: 1) == "from root: 1")
        #expect(child.isResolvable(Service.self))
        #expect(child.isResolvable(Service.self, alternative: .another))
        #expect(child.isResolvable(String.self))
        #expect(!child.isResolvable(OtherService.self))
    }

    @Test func childRegistrationShadowsTheParents() throws {
        let root = quietContainer()
        root.register { Service(id: 1) }
        let child = quietContainer(parent: root)
        child.register { Service(id: 2) }
        #expect(try child.resolve(Service.self).id == 2)
        #expect(try root.resolve(Service.self).id == 1)
    }

    @Test func isResolvableAgreesWithResolveAcrossForms() {
        let root = quietContainer()
        root.register(alternative: .another) { Service() }
        let child = quietContainer(parent: root)
        let forms: [(Bool, Bool)] = [
            (child.isResolvable(Service.self), (try? child.resolve(Service.self)) != nil),
            (
                child.isResolvable(Service.self, alternative: .another),
                (try? child.resolve(Service.self, alternative: .another)) != nil
            ),
            (
                child.isResolvable(Service?.self, alternative: .another),
                (try? child.resolve(Service?.self, alternative: .another)) != nil
            ),
        ]
        for (resolvable, resolved) in forms { #expect(resolvable == resolved) }
    }

    @Test func factoryErrorsSurfaceAsFactoryFailedWithTheUnderlyingError() throws {
        let container = quietContainer()
        container.register { () throws -> Service in throw Failure() }
        let error = try #require(throws: InjectionError.self) { try container.resolve(Service.self) }
        guard case .factoryFailed(let context, let underlying) = error else {
            Issue.record("expected factoryFailed, got \(error)")
            return
        }
        #expect(context.description == "Type[Service]")
        #expect(underlying as? Failure == Failure())
    }

    @Test func injectionErrorsThrownInsideFactoriesPassThroughUnchanged() throws {
        let container = quietContainer()
        container.register { Service(id: try container.resolve(Int.self)) }
        let error = try #require(throws: InjectionError.self) { try container.resolve(Service.self) }
        guard case .missingDependency(let context, _) = error else {
            Issue.record("expected the inner missingDependency, got \(error)")
            return
        }
        #expect(context.description == "Type[Int]")
    }

    @Test func factoriesMayResolveOtherDependencies() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Service(id: 9) }
        container.register { () -> String in "service \(try container.resolve(Service.self).id)" }
        #expect(try container.resolve(String.self) == "service 9")
    }

    @Test func optionalOfAMissingTypeIsNilForEveryVerb() throws {
        // `resolve` and `inject` differ only in spelling: a `T?` request maps a missing registration to nil.
        let container = quietContainer()
        #expect(!container.isResolvable(Service?.self))
        #expect(try container.resolve(Service?.self) == nil)
        #expect(try container.inject(byType: Service?.self) == nil)
        let double: Double? = try container.resolve()
        #expect(double == nil)
        // Generic code that resolves a `T` bound to an Optional gets the same answer.
        func resolveAny<T>(_ type: T.Type) throws -> T { try container.resolve(T.self) }
        #expect(try resolveAny(Service?.self) == nil)
    }

    @Test func optionalRequestsStillThrowForFailuresOtherThanMissing() {
        let container = quietContainer()
        container.register { () -> Service in throw InjectionError.containerLocked(container: "x") }
        #expect(throws: InjectionError.self) { try container.resolve(Service?.self) }
        #expect(throws: InjectionError.self) { try container.inject(byType: Service?.self) }
    }
}
