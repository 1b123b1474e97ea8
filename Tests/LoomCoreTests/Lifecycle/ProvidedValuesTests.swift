import LoomCore
import LoomInjection
import LoomTestSupport
import Testing

/// A request's own value, as a server would provide it.
private struct RequestID: Sendable, Equatable {
    let value: String
    init(_ value: String) { self.value = value }
}

/// A `.scoped` service built from a provided value.
private final class AuditTrail: Sendable {
    let id: RequestID
    init(id: RequestID) { self.id = id }
}

/// Reads the request id through a property wrapper.
private struct Handler {
    @Injected var id: RequestID
    init(container: Container) { _id = Injected(.capturingContainerOnInit(container)) }
}

@Suite struct ProvidedValuesTests {
    private func requestContainer(parent: Container? = nil) -> Container {
        let container = Container(name: "requests", parent: parent, logger: DisabledLogger()) {
            Dependency.provided(RequestID.self)
        }
        container.register(scope: .scoped) { AuditTrail(id: try container.resolve()) }
        return container
    }

    @Test func aProvidedValueResolvesByTypeInsideItsScope() throws {
        let container = requestContainer()
        let (throughScope, throughContainer) = try container.withScope(providing: RequestID("42")) { scope in
            (try scope.resolve(RequestID.self), try container.resolve(RequestID.self))
        }
        #expect(throughScope == RequestID("42"))
        #expect(throughContainer == RequestID("42"))
    }

    @Test func eachScopeBuildsItsScopedServicesFromItsOwnValue() throws {
        let container = requestContainer()
        let first = try container.withScope(providing: RequestID("1")) { _ in try container.resolve(AuditTrail.self) }
        let second = try container.withScope(providing: RequestID("2")) { _ in try container.resolve(AuditTrail.self) }
        #expect(first.id == RequestID("1"))
        #expect(second.id == RequestID("2"))
        #expect(first !== second)
    }

    @Test func outsideAnyScopeAProvidedRegistrationThrowsOutsideRequestScope() {
        let container = requestContainer()
        #expect {
            try container.resolve(RequestID.self)
        } throws: { error in
            guard case .outsideRequestScope(let context) = error as? InjectionError else { return false }
            return context.requestedType.hasSuffix("RequestID")
        }
    }

    @Test func aScopeGivenNoValueThrowsNotProvided() {
        let container = requestContainer()
        #expect {
            try container.withScope { scope in try scope.resolve(RequestID.self) }
        } throws: { error in
            guard case .notProvided(let context) = error as? InjectionError else { return false }
            return "\(error)".contains("provided per request scope") && context.requestedType.hasSuffix("RequestID")
        }
    }

    @Test func aServiceNeedingAMissingValueFailsWithNotProvidedToo() {
        let container = requestContainer()
        #expect {
            try container.withScope { _ in try container.resolve(AuditTrail.self) }
        } throws: { error in
            if case .notProvided = error as? InjectionError { return true }
            return false
        }
    }

    /// The declaration stands in for a registration of the same type in the containers it reads from: inside the
    /// scope the request's value wins; outside, the parent's registration still answers from the parent.
    @Test func insideItsScopeAProvidedValueWinsOverARegistrationInAParentContainer() throws {
        let app = Container(name: "app", logger: DisabledLogger())
        app.register(scope: .singleton) { RequestID("app-wide") }
        let requests = requestContainer(parent: app)
        let inside = try requests.withScope(providing: RequestID("request")) { _ in
            try requests.resolve(RequestID.self)
        }
        #expect(inside == RequestID("request"))
        #expect(try app.resolve(RequestID.self) == RequestID("app-wide"))
    }

    @Test func anInnerScopeSeesTheOuterValueUnlessGivenItsOwn() throws {
        let container = requestContainer()
        let seen = try container.withScope(providing: RequestID("outer")) { _ in
            let inherited = try container.withScope { scope in try scope.resolve(RequestID.self) }
            let own = try container.withScope(providing: RequestID("inner")) { scope in
                try scope.resolve(RequestID.self)
            }
            return [inherited, own, try container.resolve(RequestID.self)]
        }
        #expect(seen == [RequestID("outer"), RequestID("inner"), RequestID("outer")])
    }

    @Test func asyncLoadSeesTheScopesValue() async throws {
        let container = requestContainer()
        let loaded = try await container.withScope(providing: RequestID("async")) { scope in
            await Task.yield()
            let viaScope: AuditTrail = try await scope.load()
            let viaContainer: RequestID = try await container.load()
            return (viaScope.id, viaContainer)
        }
        #expect(loaded.0 == RequestID("async"))
        #expect(loaded.1 == RequestID("async"))
    }

    @Test func anInjectedPropertyReadInsideTheScopeGetsTheValue() {
        let container = requestContainer()
        let id = container.withScope(providing: RequestID("wrapped")) { _ in Handler(container: container).id }
        #expect(id == RequestID("wrapped"))
    }

    @Test func eachValueIsFoundByTheTypeItWasPassedAs() throws {
        let container = Container(name: "requests", logger: DisabledLogger()) {
            Dependency.provided(RequestID.self)
            Dependency.provided(String.self)
            Dependency.provided(Int.self)
        }
        let values = try container.withScope(providing: RequestID("id"), "text", 7) { scope in
            (try scope.resolve(RequestID.self), try scope.resolve(String.self), try scope.resolve(Int.self))
        }
        #expect(values.0 == RequestID("id"))
        #expect(values.1 == "text")
        #expect(values.2 == 7)
    }

    /// A value is found by its exact static type: an `Int` passed is not a provided `any Sendable`, and of two values
    /// passed as the same type the later one wins.
    @Test func aValueMatchesOnlyItsExactTypeAndTheLaterOfTwoWins() throws {
        let container = Container(name: "requests", logger: DisabledLogger()) {
            Dependency.provided(Int.self)
            Dependency.provided((any Sendable).self)
        }
        let (number, other) = container.withScope(providing: 1, 2) { scope in
            (try? scope.resolve(Int.self), try? scope.resolve((any Sendable).self))
        }
        #expect(number == 2)
        #expect(other == nil)
    }

    /// `verify()` knows the declaration: what needs a provided value is listed as skipped (only a request has one),
    /// never as a missing dependency.
    @Test func verifyListsWhatNeedsAProvidedValueAsSkippedNotAsADefect() {
        let container = requestContainer()
        let report = container.verify()
        #expect(report.defects.isEmpty)
        #expect(report.skipped.contains { $0.valueType.hasSuffix("RequestID") })
        #expect(report.skipped.contains { $0.valueType.hasSuffix("AuditTrail") })
    }
}
