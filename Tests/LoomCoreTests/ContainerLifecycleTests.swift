import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

@Suite struct ContainerLifecycleTests {
    @Test func cleanupRemovesEveryRegistration() {
        let container = quietContainer()
        container.register { Service() }
        container.register(alternative: .another) { Service() }
        container.cleanup()
        #expect(container.registrationCount == 0)
        #expect(throws: InjectionError.self) { try container.resolve(Service.self) }
        #expect(!container.isResolvable(Service.self, alternative: .another))
    }

    @Test func cleanupReleasesCachedInstances() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Service() }
        var weak = Weak<Service>(nil)
        do {
            let service: Service = try container.resolve()
            weak = Weak(service)
        }
        #expect(weak.object != nil)
        container.cleanup()
        #expect(weak.object == nil)
    }

    @Test func registrationOnALockedContainerChangesNothingAndReportsContainerLocked() throws {
        let logger = CapturingLogger()
        let container = Container(name: "locked", logger: logger)
        container.register(scope: .singleton) { Service(id: 1) }
        let before: Service = try container.resolve()
        container.lock()
        #expect(container.isLocked)
        container.register(scope: .singleton) { Service(id: 2) }
        container.register { OtherService() }

        #expect(container.registrationCount == 1)
        #expect(try container.resolve(Service.self) === before)
        #expect(!container.isResolvable(OtherService.self))
        let errors = logger.entries(at: .error)
        #expect(errors.count == 2)
        let expected = InjectionError.containerLocked(container: "Container(locked)").description
        #expect(errors.allSatisfy { $0.message.hasPrefix(expected) })
        #expect(errors.allSatisfy { $0.file.hasSuffix("ContainerLifecycleTests.swift") })
    }

    @Test func unlockAllowsRegistrationAgain() throws {
        let container = quietContainer()
        container.lock()
        container.register { Service(id: 1) }
        container.unlock()
        #expect(!container.isLocked)
        container.register { Service(id: 2) }
        #expect(try container.resolve(Service.self).id == 2)
    }
}
