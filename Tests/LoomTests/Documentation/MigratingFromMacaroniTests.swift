// The snippet of the article "Migrating from Macaroni" (Modules/Loom/Loom.docc/Articles/MigratingFromMacaroni.md),
// compiled and run. Keep the two in step. It sets the global lookup policy, so it runs in a child process (an exit
// test); the same code under a scoped policy runs in-process.
import Loom
import Testing

private protocol MyService: Sendable {}
private final class MyServiceImplementation: MyService {}
private final class SecondImplementation: MyService {}

private final class MyController {
    @Injected var myService: any MyService
    @Injected(.lazily, alternative: "second") var second: any MyService
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
