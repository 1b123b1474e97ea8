import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

@Suite struct RunModeTests {
    // MARK: Detection

    @Test func environmentVariableWinsOverEverythingTheProcessLooksLike() {
        let environment = ["LOOM_RUN_MODE": "Preview", "XCTestBundlePath": "/tmp/App.xctest"]
        #expect(RunMode.detect(environment: { environment[$0] }, arguments: ["/tmp/App.xctest"]) == .preview)
        let live = ["LOOM_RUN_MODE": "live"]
        #expect(RunMode.detect(environment: { live[$0] }, arguments: ["/tmp/AppPackageTests.xctest"]) == .live)
    }

    @Test func anUnknownEnvironmentValueIsIgnored() {
        let environment = ["LOOM_RUN_MODE": "staging"]
        #expect(RunMode.detect(environment: { environment[$0] }, arguments: ["/usr/bin/app"]) == .live)
    }

    @Test func xcodePreviewsAreDetected() {
        let environment = ["XCODE_RUNNING_FOR_PREVIEWS": "1"]
        #expect(RunMode.detect(environment: { environment[$0] }, arguments: ["/tmp/App"]) == .preview)
    }

    @Test(arguments: [
        (["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"], ["/tmp/App"]),
        (["XCTestBundlePath": "/tmp/App.xctest"], ["/tmp/App"]),
        ([:], ["/build/debug/LoomPackageTests.xctest"]),
        ([:], ["/usr/bin/xctest", "/build/debug/LoomPackageTests.xctest"]),
        ([:], ["/usr/libexec/swift/pm/swiftpm-testing-helper", "--test-bundle-path", "x"]),
    ])
    func testRunnersAreDetected(environment: [String: String], arguments: [String]) {
        #expect(RunMode.detect(environment: { environment[$0] }, arguments: arguments) == .test)
    }

    @Test func anAppIsLive() {
        #expect(
            RunMode.detect(environment: { _ in nil }, arguments: ["/Applications/Notes.app/Contents/MacOS/Notes"])
                == .live)
    }

    @Test func thisTestProcessRunsInTestMode() {
        #expect(RunMode.process == .test)
        #expect(RunMode.current == .test)
    }

    @Test func withRunModeSetsTheTasksModeAndChildTasksInheritIt() async {
        #expect(withRunMode(.preview) { RunMode.current } == .preview)
        let inherited = await withRunMode(.live) {
            await Task { RunMode.current }.value
        }
        #expect(inherited == .live)
        #expect(RunMode.current == .test)
    }

    // MARK: Selection, per registration kind

    @Test func aTypeRegistrationResolvesTheCurrentModesFactoryElseTheLiveOne() throws {
        let container = quietContainer()
        container.register { () -> any Greeting in EnglishGreeting() }
        container.register(for: .test) { () -> any Greeting in PirateGreeting() }
        #expect(try withRunMode(.live) { try container.resolve((any Greeting).self).text } == "Hello")
        #expect(try withRunMode(.test) { try container.resolve((any Greeting).self).text } == "Ahoy")
        // No preview factory: the live one.
        #expect(try withRunMode(.preview) { try container.resolve((any Greeting).self).text } == "Hello")
    }

    @Test func theDeclarativeModifiersAttachFactoriesToOneRegistration() throws {
        let container = quietContainer {
            Dependency { () -> any Greeting in EnglishGreeting() }
                .scope(.singleton)
                .test { PirateGreeting() }
                .preview { PreviewGreeting() }
        }
        #expect(try withRunMode(.live) { try container.resolve((any Greeting).self).text } == "Hello")
        #expect(try withRunMode(.test) { try container.resolve((any Greeting).self).text } == "Ahoy")
        #expect(try withRunMode(.preview) { try container.resolve((any Greeting).self).text } == "Preview")
        #expect(container.verify().registrations.first { $0.key == "Type[Greeting]" }?.runModes == RunMode.allCases)
    }

    @Test func eachModeKeepsItsOwnCachedInstance() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Service(id: 1) }
        container.register(scope: .singleton, for: .test) { Service(id: 2) }
        let live = try withRunMode(.live) { try container.resolve(Service.self) }
        let test = try withRunMode(.test) { try container.resolve(Service.self) }
        #expect(live.id == 1 && test.id == 2)
        #expect(try withRunMode(.live) { try container.resolve(Service.self) } === live)
        #expect(try withRunMode(.test) { try container.resolve(Service.self) } === test)
    }

    @Test func addingATestFactoryKeepsTheLiveInstance() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Service(id: 1) }
        let live = try withRunMode(.live) { try container.resolve(Service.self) }
        container.register(scope: .singleton, for: .test) { Service(id: 2) }
        #expect(try withRunMode(.live) { try container.resolve(Service.self) } === live)
    }

    @Test func aTestFactoryJoinsTheRegistrationInAContainerWithAliasesToo() throws {
        // A registration declaring a conformance sends every later registration of the container through the general
        // transaction, which must attach a mode's factory as the lock-free one does.
        let container = quietContainer()
        container.add { Dependency { EnglishGreeting() }.conforms(to: (any Greeting).self) }
        container.register(scope: .singleton) { Service(id: 1) }
        let live = try withRunMode(.live) { try container.resolve(Service.self) }
        container.register(scope: .singleton, for: .test) { Service(id: 2) }
        #expect(try withRunMode(.live) { try container.resolve(Service.self) } === live)
        #expect(try withRunMode(.test) { try container.resolve(Service.self).id } == 2)
    }

    @Test func reRegisteringTheLiveFactoryReplacesEveryMode() throws {
        let container = quietContainer()
        container.register { Service(id: 1) }
        container.register(for: .test) { Service(id: 2) }
        container.register { Service(id: 3) }
        #expect(try withRunMode(.test) { try container.resolve(Service.self).id } == 3)
        #expect(try withRunMode(.live) { try container.resolve(Service.self).id } == 3)
    }

    @Test func aTestFactorysInstanceIsReleasedOnceWhenTheBuilderReevaluates() throws {
        let released = Collected<Int>()
        let container = Container(logger: DisabledLogger()) {
            Dependency { Service(id: 1) }
                .scope(.singleton)
                .test { Service(id: 2) }
                .onRelease { released.append($0.id) }
        }
        let live = try withRunMode(.live) { try container.resolve(Service.self) }
        let test = try withRunMode(.test) { try container.resolve(Service.self) }
        container.invalidate()
        // The live registration is declared identically and keeps its instance; the test factory's instance leaves
        // with the entry that cached it, its hook run once.
        #expect(released.all == [2])
        #expect(try withRunMode(.live) { try container.resolve(Service.self) } === live)
        let rebuilt = try withRunMode(.test) { try container.resolve(Service.self) }
        #expect(rebuilt.id == 2 && rebuilt !== test)
        container.invalidate()
        #expect(released.all == [2, 2])
    }

    @Test func aRegistrationWithOnlyATestFactoryIsMissingInLiveMode() throws {
        let container = quietContainer()
        container.register(for: .test) { Service(id: 2) }
        #expect(try withRunMode(.test) { try container.resolve(Service.self).id } == 2)
        let error = #expect(throws: InjectionError.self) {
            try withRunMode(.live) { try container.resolve(Service.self) }
        }
        #expect(error?.description.contains("has a factory only for test") == true)
        #expect(withRunMode(.test) { container.isResolvable(Service.self) })
        #expect(!withRunMode(.live) { container.isResolvable(Service.self) })
    }

    @Test func alternativesPickTheirOwnModesFactory() throws {
        let container = quietContainer()
        container.register(alternative: .another) { () -> any Greeting in EnglishGreeting() }
        container.register(alternative: .another, for: .test) { () -> any Greeting in PirateGreeting() }
        container.register { () -> any Greeting in EnglishGreeting() }
        #expect(
            try withRunMode(.test) { try container.resolve((any Greeting).self, alternative: .another).text } == "Ahoy")
        #expect(try withRunMode(.test) { try container.resolve((any Greeting).self).text } == "Hello")
        #expect(
            try withRunMode(.live) { try container.resolve((any Greeting).self, alternative: .another).text } == "Hello"
        )
    }

    @Test func namesAndValuesPickTheModesFactory() throws {
        let container = quietContainer {
            Dependency { Service(id: 1) }.named("service").test { Service(id: 2) }
            Dependency { OtherService() }.associated(with: 7).preview { OtherService() }
            Dependency { ValueService(id: 1) }.associated(with: 8).preview { ValueService(id: 3) }
        }
        #expect(try withRunMode(.test) { try container.inject(byName: "service") as Service }.id == 2)
        #expect(try withRunMode(.live) { try container.inject(byName: "service") as Service }.id == 1)
        #expect(try withRunMode(.preview) { try container.inject(byValue: 8) as ValueService }.id == 3)
        #expect(try withRunMode(.test) { try container.inject(byValue: 8) as ValueService }.id == 1)
    }

    @Test func registrationsWithArgumentsPickTheModesFactory() throws {
        let container = quietContainer {
            Dependency { (id: Int) in ValueService(id: id) }.scope(.singleton).test { (id: Int) in ValueService(id: -id)
            }
        }
        container.register { (id: Int, name: String) in Service(id: id + name.count) }
        container.register(for: .preview) { (id: Int, name: String) in Service(id: id * 100 + name.count) }
        #expect(try withRunMode(.test) { try container.inject(byType: ValueService.self, 4) }.id == -4)
        #expect(try withRunMode(.live) { try container.inject(byType: ValueService.self, 4) }.id == 4)
        #expect(try withRunMode(.preview) { try container.inject(byType: Service.self, 2, "ab") }.id == 202)
        #expect(try withRunMode(.live) { try container.inject(byType: Service.self, 2, "ab") }.id == 4)
    }

    @Test func asyncRegistrationsLoadTheModesFactory() async throws {
        let container = quietContainer {
            Dependency { () async throws -> ValueService in ValueService(id: 1) }
                .test { () async throws -> ValueService in ValueService(id: 2) }
        }
        container.register(scope: .singleton) { (id: Int) async throws -> Service in Service(id: id) }
        container.register(scope: .singleton, for: .test) { (id: Int) async throws -> Service in Service(id: -id) }
        #expect(try await withRunMode(.test) { try await container.load(ValueService.self) }.id == 2)
        #expect(try await withRunMode(.live) { try await container.load(ValueService.self) }.id == 1)
        #expect(try await withRunMode(.test) { try await container.load(byType: Service.self, 5) }.id == -5)
        #expect(try await withRunMode(.live) { try await container.load(byType: Service.self, 5) }.id == 5)
    }

    @MainActor
    @Test func mainActorRegistrationsBuildTheModesFactoryOnTheMainActor() throws {
        let container = quietContainer {
            Dependency(isolation: MainActor.self) { MainActorModel(name: "live") }
                .test(isolation: MainActor.self) { MainActorModel(name: "test") }
        }
        container.register(on: MainActor.self, alternative: .another) { MainActorModel(name: "live") }
        container.register(on: MainActor.self, alternative: .another, for: .preview) { MainActorModel(name: "preview") }
        #expect(try withRunMode(.test) { try container.resolve(MainActorModel.self) }.name == "test")
        #expect(try withRunMode(.live) { try container.resolve(MainActorModel.self) }.name == "live")
        #expect(
            try withRunMode(.preview) { try container.resolve(MainActorModel.self, alternative: .another) }.name
                == "preview")
    }

    @MainActor
    @Test func aNonisolatedModeFactoryOfAMainActorRegistrationRunsOnTheMainActorToo() async throws {
        let container = quietContainer {
            Dependency(isolation: MainActor.self) { NonisolatedModel(name: "live") }.preview {
                NonisolatedModel(name: "preview")
            }
        }
        #expect(try withRunMode(.preview) { try container.resolve(NonisolatedModel.self) }.name == "preview")
        let error = await Task.detached {
            withRunMode(.preview) { () -> InjectionError? in
                do {
                    _ = try container.resolve(NonisolatedModel.self)
                    return nil
                } catch { return error as? InjectionError }
            }
        }.value
        guard case .isolatedDependency? = error else {
            Issue.record("expected .isolatedDependency, got \(String(describing: error))")
            return
        }
    }

    @Test func aTestOverrideStillComesBeforeTheTestFactory() throws {
        let container = quietContainer()
        container.register { Service(id: 1) }
        container.register(for: .test) { Service(id: 2) }
        let id = try withTestDependencies {
            $0.register { Service(id: 3) }
        } operation: {
            try container.resolve(Service.self).id
        }
        #expect(id == 3)
    }

    // MARK: Concurrency

    @Test func parallelTasksInDifferentModesNeverSeeEachOthersMode() async throws {
        let container = quietContainer()
        container.register { () -> any Greeting in EnglishGreeting() }
        container.register(for: .test) { () -> any Greeting in PirateGreeting() }
        container.register(for: .preview) { () -> any Greeting in PreviewGreeting() }
        // Both tasks are inside their modes before either resolves.
        let arrivals = Arrivals()
        async let preview = withRunMode(.preview) {
            arrivals.arrive()
            await arrivals.wait(for: 2)
            return try container.resolve((any Greeting).self).text
        }
        async let live = withRunMode(.live) {
            arrivals.arrive()
            await arrivals.wait(for: 2)
            return try container.resolve((any Greeting).self).text
        }
        #expect(try await preview == "Preview")
        #expect(try await live == "Hello")
    }

    // MARK: Reports

    @Test func verificationReportsEachRegistrationsModes() {
        let container = quietContainer()
        container.register(scope: .singleton) { Service(id: 1) }
        container.register(scope: .singleton, for: .test) { Service(id: 2) }
        container.register { OtherService() }
        let report = container.verify()
        let service = report.registrations.first { $0.key == "Type[Service]" }
        #expect(service?.runModes == [.live, .test])
        #expect(service?.description.contains("(singleton; live, test)") == true)
        #expect(report.registrations.first { $0.key == "Type[OtherService]" }?.runModes == [.live])
        #expect(report.isHealthy)
    }
}

private final class PreviewGreeting: Greeting { let text = "Preview" }

/// Not `Sendable`: a main-actor registration's value must stay on the main actor, whichever mode built it.
private final class NonisolatedModel {
    let name: String
    init(name: String) { self.name = name }
}

@MainActor private final class MainActorModel {
    let name: String
    init(name: String) { self.name = name }
}
