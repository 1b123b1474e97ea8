public import LoomMacros
import Testing

// The code samples of GlobalConfModule's README, compiled against Loom. Adjustments, all listed in
// Loom.docc/Articles/MigratingFromGlobalConfModule.md:
// - `(any MyService).self` and `any MyService`: Loom builds with the `ExistentialAny` upcoming feature (Swift 7's
//   rule); plain Swift 6 still accepts the README's `MyService.self`.
// - The README's `...` bodies are filled in, and its second `MyService` (the auto-injectable class), its second
//   `myConf` (the main-actor one) and its three `ServiceClient`s get distinct names: the README shows them as
//   separate examples, which cannot share one module.
// - The auto-injectable class is `Sendable` (`AutoInjectable` requires it in Swift 6) and its default is an instance
//   of the class itself (the README's `DefaultMyService()` is not a `MyService` class instance).

// MARK: Basic usage (dependency injection)

/// A fixture of the test (public because the keys that name it are).
public protocol MyService: Sendable {
    func doAmazingStuff() -> String
}

/// A fixture of the test (public because the keys that name it are).
public final class DefaultMyService: MyService {
    /// A fixture of the test (public because the keys that name it are).
    public init() {}
    /// A fixture of the test (public because the keys that name it are).
    public func doAmazingStuff() -> String { "default" }
}

final class NewService: MyService {
    func doAmazingStuff() -> String { "new" }
}

extension ConfKeys {
    #declareServiceKey("myService", (any MyService).self, defaultValue: DefaultMyService())
}
// You can have as many injected instances of your service as you want by declaring more keys for it.

extension ConfKeys {
    #declareServiceFactoryKey("myServiceFactory", (any MyService).self, defaultValue: { DefaultMyService() })
}

struct ServiceClient {
    @InjectedConf(\.myService) var myService: any MyService
    @InjectedConf(\.myServiceFactory) var myServiceViaFactory: any MyService

    func myFunction() -> [String] {
        // The myService variable will always be up-to-date.
        let first = myService.doAmazingStuff()
        // Using the default definition set above for myServiceFactory, myServiceViaFactory will always be a new
        // instance.
        let second = myServiceViaFactory.doAmazingStuff()
        return [first, second]
    }
}

let newService = NewService()

func myAppInit() {
    Conf.setRootValue(newService, for: \.myService)
}

// MARK: Basic usage (framework configuration)

// Declare the configuration key.
extension ConfKeys {
    #declareConfKey("myConf", Int.self, defaultValue: 42)
}

// Optionally you can define an internal convenience on Conf for easier access.
extension Conf {
    static var myConf: Int { Conf[\.myConf] }
}

// MARK: Auto-injected services

/// A fixture of the test (public because the keys that name it are).
public final class MyAutoService: Sendable {
    /// A fixture of the test (public because the keys that name it are).
    public init() {}
}

extension ConfKeys {
    #declareServiceKey("myAutoService", MyAutoService.self, "MyAutoServiceKey", defaultValue: MyAutoService())
}

extension MyAutoService: AutoInjectable {
    /// A fixture of the test (public because the keys that name it are).
    public typealias AutoInjectionKey = ConfKeys.MyAutoServiceKey
}

struct AutoServiceClient {
    @InjectedConf()
    var myService: MyAutoService
}

// MARK: @MainActor services

extension ConfKeys {
    #declareConfKey("myMainActorConf", Int.self, on: MainActor.self, defaultValue: 42)
}

// MARK: Service initialisation order

struct OrderedServiceClient {
    @InjectedConf
    var myService: MyAutoService
    let order: [String]

    init() {
        var order = ["before"]
        // Do whatever...
        _myService = .init()
        order.append("created")
        // Do something else...
        self.order = order
    }
}

@Suite(.serialized) struct GlobalConfModuleSeedTests {
    @Test func theServiceClientSeesTheInstalledServiceAndFreshFactoryInstances() {
        let client = ServiceClient()
        #expect(client.myFunction() == ["default", "default"])
        let first = client.myServiceViaFactory as AnyObject
        let second = client.myServiceViaFactory as AnyObject
        #expect(ObjectIdentifier(first) != ObjectIdentifier(second))
        myAppInit()
        #expect(client.myFunction() == ["new", "default"])
        let installed = ObjectIdentifier(client.myService as AnyObject)
        #expect(installed == ObjectIdentifier(newService))
    }

    @Test func configurationIsReadByKeyPathAndThroughTheConvenience() {
        var matched = false
        if Conf[\.myConf] == 42 { matched = true }
        #expect(matched)
        #expect(Conf.myConf == 42)
    }

    @Test func autoInjectedServicesNeedNoKeyPath() {
        #expect(AutoServiceClient().myService === Conf[key: MyAutoService.AutoInjectionKey.self])
        #expect(AutoServiceClient().myService === Conf[\.myAutoService])
    }

    @MainActor
    @Test func mainActorConfigurationIsReadOnTheMainActor() {
        #expect(Conf[\.myMainActorConf] == 42)
    }

    @Test func theWrapperCanBeCreatedInTheClientsInit() {
        let client = OrderedServiceClient()
        #expect(client.order == ["before", "created"])
        #expect(client.myService === InjectedConf<MyAutoService>.value)
    }
}
