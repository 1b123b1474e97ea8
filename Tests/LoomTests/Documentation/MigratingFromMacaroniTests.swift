// The snippets of the article "Migrating from Macaroni" (Modules/Loom/Loom.docc/Articles/MigratingFromMacaroni.md),
// compiled and run. Keep the two in step. Departures: snippets that set the global lookup policy or logger run in
// child processes (exit tests), the others under a scoped policy; `print` is shadowed so the test reads what the
// snippets print; the custom logger's `die` is not called (it would stop the test process).
import Loom
import LoomTestSupport
import LoomTesting
import Testing

private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PrintCapture.record(items, separator: separator)
}

private protocol MyService: Sendable {}
private final class MyServiceImplementation: MyService {}
private final class SecondImplementation: MyService {}

private final class MyController {
    @Injected var myService: any MyService
    @Injected(.lazily, alternative: "second") var second: any MyService
}

// "Logging": a Macaroni logger moved over.
private struct MyMacaroniLogger: LoomLogger {
    func log(
        _ message: @autoclosure () -> String, level: LoomLogLevel, file: StaticString, function: StaticString,
        line: UInt
    ) {
        print("[\(level)] \(message())")
    }

    func die(_ message: @autoclosure () -> String, file: StaticString, function: StaticString, line: UInt) -> Never {
        fatalError("\(file):\(line) \(message())")
    }
}

// "Per-module containers".
private protocol ModuleDI: Containerable {}

private let moduleContainer = Container(name: "module")

extension ModuleDI {
    var container: Container { moduleContainer }  // was `var container: Container! { moduleContainer }`
}

private final class ModuleScreen: ModuleDI {
    @Injected var service: any MyService  // the README's `@Inject` is a typo for `@Injected`
}

// "Behaviour that differs".
private final class Owner {
    @Injected var label: String?  // the enclosing-object resolver's value, for this object
}

@Suite struct MigratingFromMacaroniTests {
    @Test func theImperativeContainerAndTheSingletonPolicy() async {
        await #expect(processExitsWith: .success) {
            let container = Container(name: "app")
            container.register { () -> any MyService in MyServiceImplementation() }
            container.register(alternative: "second") { () -> any MyService in SecondImplementation() }
            Container.lookupPolicy = .singleton(container)

            let service: any MyService = try container.resolve()

            #expect(service is MyServiceImplementation)
            let controller = MyController()
            #expect(controller.myService is MyServiceImplementation)
            #expect(controller.second is SecondImplementation)
        }
    }

    @Test func theDefaultLoggerHidesDebugEventsUntilTheLevelIsLowered() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            Container(name: "quiet-by-default").register { 1 }  // default: warnings and errors only
            LoomConfiguration.logger = PrintLogger(minimumLevel: .debug)  // every event, as Macaroni printed them
            Container(name: "shown").register { 2 }
            let noisy = Container(name: "feature", logger: PrintLogger(minimumLevel: .debug))  // one container only
            LoomConfiguration.logger = DisabledLogger()  // nothing (Macaroni's DisabledMacaroniLogger)
            noisy.register { "feature" }
            Container(name: "silenced").register { 3 }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!output.contains("quiet-by-default"))
        #expect(output.contains("Container(shown)"))
        #expect(output.contains("Container(feature)"))
        #expect(!output.contains("silenced"))
    }

    @Test func aMacaroniLoggerConformsWithAutoclosuresAndStaticStrings() {
        let printed = PrintCapture.lines {
            let container = Container(name: "custom-logger", logger: MyMacaroniLogger())
            container.register { () -> any MyService in MyServiceImplementation() }
        }
        #expect(printed.contains { $0.hasPrefix("[debug] ") && $0.contains("MyService") })
    }

    @Test func aCapturingLoggerRecordsErrorsAtTheirLevel() {
        let logger = CapturingLogger()
        let container = Container(name: "captured", logger: logger)
        container.lock()
        container.register { 1 }
        #expect(logger.entries(at: .error).count == 1)
        #expect(logger.messages(at: .error).first?.contains("locked") == true)
    }

    @Test func aModuleContainerThroughContainerable() async {
        await #expect(processExitsWith: .success) {
            moduleContainer.register { () -> any MyService in MyServiceImplementation() }
            Container.lookupPolicy = .enclosingType()  // was `EnclosingTypeContainer()`
            #expect(ModuleScreen().service is MyServiceImplementation)
        }
    }

    @Test func optionalRequestsAndParametrizedResolvers() throws {
        let printed = try PrintCapture.lines {
            let optional = Container(name: "optional")
            let missing: Double? = try optional.resolve()  // nil: nothing is registered
            #expect(missing == nil)
            optional.register { (enclosing: Any) -> String in "made for \(type(of: enclosing))" }

            let owner = Container.withLookupPolicy(.singleton(optional)) { Owner() }
            print(owner.label ?? "none")  // "made for Owner"
        }
        #expect(printed == ["made for Owner"])
    }

    @Test func aMissingRegistrationThrowsWithItsContext() {
        let printed = PrintCapture.lines {
            do {
                _ = try Container(name: "empty").resolve((any MyService).self)
            } catch InjectionError.missingDependency(let context, let suggestions) {
                print(context, suggestions.count)  // "Type[MyService] 0"
            } catch {
                print("unexpected \(error)")
            }
        }
        #expect(printed == ["Type[MyService] 0"])
    }

    @Test func aMissingRegistrationThrowsInsteadOfCrashing() {
        let container = Container(name: "app")
        #expect {
            _ = try container.resolve((any MyService).self)
        } throws: { error in
            guard case InjectionError.missingDependency = error else { return false }
            return true
        }
        let controller = Container.withLookupPolicy(.singleton(container)) {
            container.register { () -> any MyService in MyServiceImplementation() }
            return MyController()
        }
        #expect(controller.myService is MyServiceImplementation)
    }
}
