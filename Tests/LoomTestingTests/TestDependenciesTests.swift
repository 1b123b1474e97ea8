import Loom
import LoomTesting
import Testing

@Suite struct TestDependenciesTests {
    @Test func aSingletonCreatedInsideIsGoneAfterwardsAndTheLiveOneIsUntouched() throws {
        let container = Container(name: "lifetimes") {
            Dependency { Session(index: 0) }.scope(.singleton)
        }
        let live: Session = try container.resolve()
        weak var inside: Session?
        try withTestDependencies { _ in
        } operation: { () throws in
            let session: Session = try container.resolve()
            #expect(session !== live)
            #expect(try container.resolve(Session.self) === session)
            inside = session
        }
        #expect(inside == nil)
        #expect(try container.resolve(Session.self) === live)
    }

    @Test func overridesShadowLiveRegistrationsOnEveryContainer() throws {
        let parent = Container(name: "parent") { Dependency { () -> any Greeter in IndexedGreeter(index: 1) } }
        let child = Container(name: "child", parent: parent)
        try withTestDependencies { container in
            container.register { () -> any Greeter in IndexedGreeter(index: 7) }
        } operation: { () throws in
            #expect(try parent.resolve((any Greeter).self).index == 7)
            #expect(try child.resolve((any Greeter).self).index == 7)
            #expect(child.isResolvable((any Greeter).self))
        }
        #expect(try child.resolve((any Greeter).self).index == 1)
    }

    @Test func overridesAnswerTypesNothingLiveRegisters() throws {
        let empty = Container(name: "empty")
        #expect(!empty.isResolvable(Session.self))
        try withTestDependencies { container in
            container.register { Session(index: 3) }
        } operation: { () throws in
            #expect(empty.isResolvable(Session.self))
            #expect(try empty.resolve(Session.self).index == 3)
            #expect(try DependencyGraph.inject(byType: Session.self).index == 3)
        }
        #expect(throws: InjectionError.self) { try empty.resolve(Session.self) }
    }

    @Test func sharingLiveInstancesSeesTheLiveSingleton() throws {
        let container = Container(name: "shared-live") { Dependency { Session(index: 0) }.scope(.singleton) }
        let live: Session = try container.resolve()
        try withTestDependencies(.sharingLiveInstances) { _ in
        } operation: { () throws in
            #expect(try container.resolve(Session.self) === live)
        }
    }

    @Test func aStrictScopeRecordsLiveRegistrationsInsteadOfHidingThem() throws {
        let container = Container(name: "strict-live") {
            Dependency { Session(index: 0) }
            Dependency { () -> any Greeter in IndexedGreeter(index: 0) }
        }
        withKnownIssue {
            do {
                try withTestDependencies(.strict) { container in
                    container.register { () -> any Greeter in IndexedGreeter(index: 5) }
                } operation: { () throws in
                    #expect(try container.resolve((any Greeter).self).index == 5)
                    #expect(container.isResolvable(Session.self))
                    #expect(try container.resolve(Session.self).index == 0)
                }
            } catch {
                Issue.record(error)
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Type[Session]") }
        }
    }

    @Test func scopesNestAndTheInnerOneWins() throws {
        try withTestDependencies { container in
            container.register { () -> any Greeter in IndexedGreeter(index: 1) }
            container.register { Session(index: 1) }
        } operation: { () throws in
            try withTestDependencies { container in
                container.register { () -> any Greeter in IndexedGreeter(index: 2) }
            } operation: { () throws in
                #expect(try liveContainer.resolve((any Greeter).self).index == 2)
                #expect(try liveContainer.resolve(Session.self).index == 1)
            }
            #expect(try liveContainer.resolve((any Greeter).self).index == 1)
        }
    }

    @Test func rootValuesSetInsideStayInside() {
        let outside = Conf[\.greeting]
        withTestDependencies { _ in
            Conf.setRootValue("configured", for: \.greeting)
        } operation: {
            #expect(Conf[\.greeting] == "configured")
            #expect(Conf[rootValueFor: \.greeting] == "configured")
            Conf.setRootValue("changed", for: \.greeting)
            #expect(Conf[\.greeting] == "changed")
            Conf.withValue("overridden", for: \.greeting) {
                #expect(Conf[\.greeting] == "overridden")
            }
            Conf.resetRootValues()
            #expect(Conf[\.greeting] == outside)
        }
        #expect(Conf[\.greeting] == outside)
    }

    @Test func anObjectCreatedOutsideDoesNotKeepAValueResolvedInside() throws {
        // Created outside every scope and read only inside them.
        let client = GreetingClient()
        try withTestDependencies { container in
            container.register { () -> any Greeter in IndexedGreeter(index: 4) }
        } operation: { () throws in
            #expect(client.greeter.index == 4)
        }
        try withTestDependencies { container in
            container.register { () -> any Greeter in IndexedGreeter(index: 5) }
        } operation: { () throws in
            #expect(client.greeter.index == 5)
        }
    }

    @Test func anObjectCreatedInsideCachesItsValue() throws {
        try withTestDependencies { container in
            container.register(scope: .singleton) { () -> any Greeter in IndexedGreeter(index: 8) }
        } operation: { () throws in
            let client = GreetingClient()
            #expect(client.greeter.index == 8)
            #expect(client.greeter.index == 8)
        }
    }

    @Test func lookupPoliciesAreConsulted() throws {
        let featureContainer = Container(name: "feature") {
            Dependency { () -> any Greeter in IndexedGreeter(index: 0) }
        }
        final class Feature: Containerable, @unchecked Sendable {
            // The wrapper synchronises itself.
            let container: Container
            @Injected(.capturingContainerOnInit()) var greeter: any Greeter
            init(container: Container) { self.container = container }
        }
        try withTestDependencies { container in
            container.register { () -> any Greeter in IndexedGreeter(index: 6) }
        } operation: { () throws in
            let feature = Feature(container: featureContainer)
            #expect(feature.greeter.index == 6)
            #expect(try featureContainer.resolve((any Greeter).self).index == 6)
        }
    }

    @Test func asyncScopesKeepTheCallersIsolation() async throws {
        let index = try await MainActorProbe.readIndex()
        #expect(index == 12)
    }

    @MainActor
    enum MainActorProbe {
        static func readIndex() async throws -> Int {
            try await withTestDependencies { container in
                container.register { () -> any Greeter in IndexedGreeter(index: 12) }
            } operation: { () async throws in
                MainActor.assertIsolated()
                return try DependencyGraph.inject(byType: (any Greeter).self).index
            }
        }
    }

    @Test func verificationInsideAScopeSeesItsOverrides() throws {
        let needsGreeter = Container(name: "needs-greeter") {
            Dependency { () throws -> Session in
                Session(index: try DependencyGraph.inject(byType: (any Greeter).self).index)
            }
        }
        #expect(!needsGreeter.verify().isHealthy)
        withTestDependencies { container in
            container.register { () -> any Greeter in IndexedGreeter(index: 1) }
        } operation: {
            #expect(needsGreeter.verify().isHealthy)
        }
    }
}
