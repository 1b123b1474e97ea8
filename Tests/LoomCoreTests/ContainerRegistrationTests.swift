import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

@Suite struct ContainerRegistrationTests {
    @Test func resolveReturnsWhatTheFactoryReturns() throws {
        let container = quietContainer()
        let shared = Service(id: 7)
        container.register { shared }
        let resolved: Service = try container.resolve()
        #expect(resolved === shared)
    }

    @Test func registrationUnderAProtocolIsNotFoundByTheConcreteTypeAndViceVersa() throws {
        let container = quietContainer()
        container.register { () -> any Greeting in EnglishGreeting() }
        #expect(throws: InjectionError.self) { try container.resolve(EnglishGreeting.self) }
        #expect(try container.resolve((any Greeting).self).text == "Hello")

        let concrete = quietContainer()
        concrete.register { EnglishGreeting() }
        #expect(throws: InjectionError.self) { try concrete.resolve((any Greeting).self) }
        #expect(try concrete.resolve(EnglishGreeting.self).text == "Hello")
    }

    @Test func registeringTAnswersOptionalAndImplicitlyUnwrappedT() throws {
        let container = quietContainer()
        container.register { Service(id: 1) }
        let optional: Service? = try container.resolve()
        #expect(optional?.id == 1)
        let unwrapped: Service! = try container.resolve()
        #expect(unwrapped.id == 1)
        #expect(container.isResolvable(Service?.self))
    }

    @Test func registeringOnlyOptionalTDoesNotAnswerT() throws {
        let container = quietContainer()
        container.register { () -> Service? in Service(id: 2) }
        #expect(try container.resolve(Service?.self)?.id == 2)
        #expect(!container.isResolvable(Service.self))
        #expect(throws: InjectionError.self) { try container.resolve(Service.self) }
    }

    @Test func reRegistrationReplacesThePreviousRegistrationForTAndOptionalT() throws {
        let logger = CapturingLogger()
        let container = Container(logger: logger)
        container.register { Service(id: 1) }
        container.register { Service(id: 2) }
        #expect(try container.resolve(Service.self).id == 2)
        #expect(try container.resolve(Service?.self)?.id == 2)
        #expect(container.registrationCount == 1)
        #expect(logger.entries(at: .warning).contains { $0.message.contains("Replaced registration Type[Service]") })
    }

    @Test func aFactoryForAnotherRunModeJoinsTheRegistrationWithoutAReplacementWarning() throws {
        let logger = CapturingLogger()
        let container = Container(logger: logger)
        container.register { Service(id: 1) }
        container.register(for: .test) { Service(id: 2) }
        #expect(logger.entries(at: .debug).contains { $0.message.contains("Registered Type[Service]") })
        #expect(logger.entries(at: .debug).contains { $0.message.contains("Added the test factory of Type[Service]") })
        #expect(!logger.entries(at: .warning).contains { $0.message.contains("Replaced registration") })
        container.register(for: .test) { Service(id: 3) }
        #expect(logger.entries(at: .warning).contains { $0.message.contains("Replaced registration Type[Service]") })
    }

    @Test func registeringTReplacesAnEarlierExplicitOptionalRegistration() throws {
        // Macaroni keeps the stale `T?` resolver here; Loom does not.
        let container = quietContainer()
        container.register { () -> Service? in Service(id: 1) }
        container.register { Service(id: 2) }
        #expect(try container.resolve(Service?.self)?.id == 2)
        #expect(container.registrationCount == 1)
    }

    @Test func alternativesAreIndependentSlotsThatNeverFallBack() throws {
        let container = quietContainer()
        container.register { () -> any Greeting in EnglishGreeting() }
        container.register(alternative: "pirate") { () -> any Greeting in PirateGreeting() }
        #expect(try container.resolve((any Greeting).self).text == "Hello")
        #expect(try container.resolve((any Greeting).self, alternative: "pirate").text == "Ahoy")

        let onlyAlternative = quietContainer()
        onlyAlternative.register(alternative: .another) { Service() }
        #expect(throws: InjectionError.self) { try onlyAlternative.resolve(Service.self) }
        let onlyDefault = quietContainer()
        onlyDefault.register { Service() }
        #expect(throws: InjectionError.self) { try onlyDefault.resolve(Service.self, alternative: .another) }
    }

    @Test func defaultAndAlternativeRegistrationsProduceDifferentObjects() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Service(id: 1) }
        container.register(alternative: .another, scope: .singleton) { Service(id: 2) }
        let main: Service = try container.resolve()
        let other: Service = try container.resolve(alternative: .another)
        #expect(main !== other)
        #expect(other.id == 2)
    }

    @Test func parametrizedResolverReceivesTheExactParameterAndIsIgnoredByPlainResolve() throws {
        let container = quietContainer()
        container.register { (parameter: Any) -> String in "got \(parameter)" }
        #expect(try container.resolve(String.self, parameter: 42) == "got 42")
        #expect(throws: InjectionError.self) { try container.resolve(String.self) }
    }

    @Test func parametrizedResolverWithAlternativeNeedsTheParameter() throws {
        let container = quietContainer()
        container.register(alternative: .another) { (parameter: Any) -> String in "alt \(parameter)" }
        #expect(try container.resolve(String.self, parameter: 1, alternative: .another) == "alt 1")
        #expect(throws: InjectionError.self) { try container.resolve(String.self, alternative: .another) }
        #expect(throws: InjectionError.self) { try container.resolve(String.self, parameter: 1) }
    }

    /// A type's plain registration, its enclosing-object resolver and the resolver's alternative live side by side:
    /// each request finds its own, the resolver without alternative through the lock-free probe.
    @Test func aPlainRegistrationAndEnclosingObjectResolversOfOneTypeEachAnswerTheirOwnRequests() throws {
        let container = quietContainer()
        container.register { "plain" }
        container.register { (parameter: Any) -> String in "resolver \(parameter)" }
        container.register(alternative: .another) { (parameter: Any) -> String in "alternative \(parameter)" }
        #expect(try container.resolve(String.self) == "plain")
        #expect(try container.resolve(String.self, parameter: 1) == "resolver 1")
        #expect(try container.resolve(String.self, parameter: 2, alternative: .another) == "alternative 2")
        #expect(try container.registry.fastValue(String.self, parameter: 3, alternative: nil) == "resolver 3")
        #expect(try container.registry.fastValue(String.self, parameter: 4, alternative: .another) == "alternative 4")
    }

    @Test func macaroniStyleUntypedEnclosingClosureCompiles() throws {
        let container = quietContainer()
        container.register { enclosing -> String in String(describing: enclosing) }
        #expect(try container.resolve(String.self, parameter: "x") == "x")
    }

    @Test func isResolvableIsTrueForPlainOrParametrizedRegistrationsOnly() {
        let container = quietContainer()
        #expect(!container.isResolvable(Service.self))
        container.register { Service() }
        #expect(container.isResolvable(Service.self))
        container.register { (parameter: Any) -> String in "\(parameter)" }
        #expect(container.isResolvable(String.self))
        #expect(!container.isResolvable(Int.self))
        #expect(!container.isResolvable(Service.self, alternative: .another))
    }
}
