import LoomCore
import LoomInjection
import LoomLookup
import LoomRuntime
import LoomTestSupport
import Testing

// The Macaroni README compiled against Loom. Adjustments (see
// Loom.docc/Articles/MigratingFromMacaroni.md): `resolve()` throws, so it is called with `try`; services are `Sendable`;
// `LazilyInitialized` keeps its lazy value behind a lock; the global policy is set in a child process (or scoped
// with `withLookupPolicy`) so parallel tests do not share it; `@Inject` (a typo in the README) is `@Injected`.

protocol MyService: Sendable {}
final class MyServiceImplementation: MyService {}

extension RegistrationAlternative {
    static let another: RegistrationAlternative = "another"
}

final class MacaroniReadmeClass {
    @Injected var service: any MyService
}

@Suite struct MacaroniReadmeTests {
    @Test func quickStart() async {
        await #expect(processExitsWith: .success) {
            // Create the container.
            let container = Container()
            // Set it as a singleton for the simplest service-locator style resolution.
            Container.lookupPolicy = .singleton(container)
            // Add service implementations into the container.
            let myService = MyServiceImplementation()
            container.register { () -> any MyService in myService }
            // Use it in code.
            let resolved: any MyService = try! container.resolve()
            // Or use it with property wrapper.
            let instance = MacaroniReadmeClass()
            guard resolved as AnyObject === myService, instance.service as AnyObject === myService else {
                fatalError("quick start did not inject the registered service")
            }
        }
    }

    @Test func registeringUnderAProtocol() throws {
        let container = Container(logger: DisabledLogger())
        // 1.
        let first: any MyService = MyServiceImplementation()
        container.register { first }
        // 2.
        let second = MyServiceImplementation()
        container.register(alternative: "second") { () -> any MyService in second }
        final class MyController { @Injected var myService: any MyService }
        let controller = Container.withLookupPolicy(.singleton(container)) { MyController() }
        #expect(controller.myService as AnyObject === first as AnyObject)
        #expect(try container.resolve((any MyService).self, alternative: "second") as AnyObject === second)
    }

    @Test func lazilyInitializedImplementations() throws {
        /// The README's helper; its lazy value sits behind a lock, as Swift 6 requires of shared state.
        final class LazilyInitialized<T: Sendable>: Sendable {
            private let storage = LoomLock<T?>(nil)
            private let resolver: @Sendable () -> T
            init(resolver: @escaping @Sendable () -> T) { self.resolver = resolver }
            var value: T {
                storage.withLock { stored in
                    if let stored { return stored }
                    let created = resolver()
                    stored = created
                    return created
                }
            }
        }
        let created = Counter()
        let container = Container(logger: DisabledLogger())
        let willBeInstantiatedOnFirstAccess = LazilyInitialized { () -> MyServiceImplementation in
            created.increment()
            return MyServiceImplementation()
        }
        container.register { () -> any MyService in willBeInstantiatedOnFirstAccess.value }
        #expect(created.value == 0)
        let first: any MyService = try container.resolve()
        let second: any MyService = try container.resolve()
        #expect(first as AnyObject === second as AnyObject)
        #expect(created.value == 1)
    }

    @Test func injectionOptions() {
        // One container per place a property can resolve from, each registering a service that says which it is.
        protocol Labelled: Sendable { var label: String { get } }
        struct Label: Labelled { let label: String }
        func labelled(_ label: String, built: Counter? = nil) -> Container {
            let container = Container(name: label, logger: DisabledLogger())
            container.register { () -> any Labelled in
                built?.increment()
                return Label(label: label)
            }
            return container
        }
        let atInit = labelled("policy at init")
        let atRead = labelled("policy at first read")
        let explicit = labelled("explicit")
        let eagerBuilds = Counter()
        let eagerPolicy = labelled("eager policy", built: eagerBuilds)
        let eagerExplicitBuilds = Counter()
        let eagerExplicit = labelled("eager explicit", built: eagerExplicitBuilds)
        final class Options {
            // 1.
            @Injected var property1: any Labelled
            // 2.
            @Injected var property2: any Labelled
            // 3.
            @Injected(.lazily) var property3: any Labelled
            // 4.
            @Injected var property4: any Labelled
            // 5.
            @Injected var property5: any Labelled
            init(explicit: Container, eagerPolicy: Container, eagerExplicit: Container) {
                _property2 = Injected(.capturingContainerOnInit(from: explicit))
                _property4 = Container.withLookupPolicy(.singleton(eagerPolicy)) { Injected(.resolvingOnInit()) }
                _property5 = Injected(.resolvingOnInit(from: eagerExplicit))
            }
        }
        let options = Container.withLookupPolicy(.singleton(atInit)) {
            Options(explicit: explicit, eagerPolicy: eagerPolicy, eagerExplicit: eagerExplicit)
        }
        // 4. and 5. resolved during init; 1.–3. not yet.
        #expect(eagerBuilds.value == 1 && eagerExplicitBuilds.value == 1)
        Container.withLookupPolicy(.singleton(atRead)) {
            #expect(options.property1.label == "policy at init")  // the policy captured at init
            #expect(options.property2.label == "explicit")
            #expect(options.property3.label == "policy at first read")  // the policy current at the first read
            #expect(options.property4.label == "eager policy")
            #expect(options.property5.label == "eager explicit")
        }
        #expect(eagerBuilds.value == 1 && eagerExplicitBuilds.value == 1)
    }

    @Test func alternativesFunctionParametersEnclosingObjectsAndWeakInjection() throws {
        let container = Container(logger: DisabledLogger())
        let main = MyServiceImplementation()
        let anotherInstance = MyServiceImplementation()
        let mainObject: AnyObject = main
        let anotherObject: AnyObject = anotherInstance
        container.register { () -> any MyService in main }
        // - registration
        container.register(alternative: .another) { () -> any MyService in anotherInstance }
        container.register { enclosing -> String in String(describing: enclosing) }
        final class Screen {
            // - injection
            @Injected(alternative: .another) var myServiceAlternative: any MyService
            @Injected var enclosingDescription: String
            @InjectedWeakly var myService: (any MyService)?
        }
        func foo(@Injected service: any MyService) -> AnyObject { service as AnyObject }
        let screen = Container.withLookupPolicy(.singleton(container)) { Screen() }
        let alternative = Container.withLookupPolicy(.singleton(container)) {
            screen.myServiceAlternative as AnyObject
        }
        let weaklyHeld = Container.withLookupPolicy(.singleton(container)) { screen.myService.map { $0 as AnyObject } }
        // Identity checks are computed outside `#expect`: its operator capture of `===` crashes this compiler.
        let sameAlternative = alternative === anotherObject
        let sameWeak = weaklyHeld === mainObject
        let sameParameter = foo($service: container.resolved()) === mainObject
        let sameAlternativeParameter = foo($service: container.resolved(alternative: .another)) === anotherObject
        #expect(sameAlternative && sameWeak && sameParameter && sameAlternativeParameter)
        #expect(screen.enclosingDescription.contains("Screen"))
    }

    @Test func moduleContainersThroughContainerable() {
        let moduleContainer = Container(name: "module", logger: DisabledLogger())
        moduleContainer.register { () -> any MyService in MyServiceImplementation() }
        // In a shared module:
        //   protocol ModuleDI: Containerable {}
        //   Container.lookupPolicy = .enclosingType()
        // In each module:
        //   extension ModuleDI { var container: Container { moduleContainer } }
        final class MyClass: Containerable {
            let container: Container
            @Injected var service: any MyService
            init(_ container: Container) { self.container = container }
        }
        let object = Container.withLookupPolicy(.enclosingType()) { MyClass(moduleContainer) }
        #expect(object.service is MyServiceImplementation)
    }

    @Test func customAndDisabledLoggers() {
        struct MyMacaroniLogger: LoomLogger {
            let lines: Collected<String>
            func log(
                _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
                line: UInt
            ) {
                lines.append(message())
            }
        }
        let lines = Collected<String>()
        let container = Container(name: "logged", logger: MyMacaroniLogger(lines: lines))
        container.register { () -> any MyService in MyServiceImplementation() }
        #expect(lines.all.contains { $0.contains("Registered Type[MyService]") })
    }

    @Test func aDisabledLoggerSilencesEveryEvent() async {
        // `Macaroni.logger = DisabledMacaroniLogger()`: with the global DisabledLogger, containers without a logger of
        // their own print nothing, not even an error.
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            LoomConfiguration.logger = DisabledLogger()
            let quiet = Container()
            quiet.register { () -> any MyService in MyServiceImplementation() }
            _ = try? quiet.resolve((any MyService).self)
            _ = try? quiet.resolve(String.self)
            quiet.lock()
            quiet.register { () -> any MyService in MyServiceImplementation() }
        }
        #expect(result?.standardOutputContent.isEmpty == true)
        #expect(result?.standardErrorContent.isEmpty == true)
    }
}
