// The snippets of the article "Property-wrapper injection" (Modules/LoomInjection/LoomInjection.docc/Articles/
// PropertyWrapperInjection.md), compiled and run. Keep the two in step: each test holds one snippet, verbatim where
// Swift allows, plus the types it assumes. Those are private (or local to the test) so that their names do not
// clash with the other tests of this target. The objects are created under a scoped lookup policy
// (`Container.withLookupPolicy`), so the tests stay independent of the process-wide policy and graph; the snippets
// that need the graph (`autoreload()`, `@Dependencies`) run in a child process (exit tests).
//
// The "Observable models" snippet names its protocol `ObservedWeather` here (`Weather` is taken in this target) and
// creates the model under a scoped lookup policy.
//
// The "InjectedValues key paths" snippet is the Injection seed's sample: its declarations (`NetworkProviding`,
// `InjectedValues.networkProvider`, `DataController`) are compiled verbatim by InjectionReadmeTests.swift, in this
// target, and used here.
import LoomCore
import LoomInjection
import LoomKeys
import LoomLookup
import LoomRuntime
import LoomTestSupport
import Observation
import Testing

// MARK: Types the snippets assume

/// `Weather` of the Observation snippet.
private protocol ObservedWeather: Sendable { func forecast(for city: String) -> String }
private struct SunnyWeather: ObservedWeather {
    func forecast(for city: String) -> String { "Sunny in \(city)" }
}

/// The Observation snippet's model (with `ObservedWeather` for `Weather`).
@Observable private final class ForecastModel {
    @ObservationIgnored @Injected var weather: any ObservedWeather
    var city = "Lyon"

    func refresh() { headline = weather.forecast(for: city) }
    var headline = ""
}

/// `Database` of the async snippet (named apart from this target's other `Database` types).
private final class AsyncDatabase: Sendable {
    let name: String
    init(name: String) { self.name = name }
    static func connect(to url: String) async throws -> AsyncDatabase {
        await Task.yield()
        return AsyncDatabase(name: url)
    }
}

// The snippet, verbatim but for the type's name.
private final class AsyncReportScreen {
    @Injected var database: AsyncDatabase

    init(container: Container) {
        _database = Injected(.capturingContainerOnInit(from: container))
    }

    func open() async throws -> String {
        try await $database.load()
        return database.name  // a synchronous read from now on
    }
}

@MainActor private final class ProfileModel {
    var name = ""
}

@MainActor private final class ProfileScreen {
    @Injected var model: ProfileModel

    init(container: Container) {
        _model = Injected(.capturingContainerOnInit(from: container))
    }

    func rename(to name: String) { model.name = name }
}

private protocol Greeter: Sendable { func greet(_ name: String) -> String }
private struct EnglishGreeter: Greeter { func greet(_ name: String) -> String { "Hello, \(name)!" } }
private struct PirateGreeter: Greeter { func greet(_ name: String) -> String { "Ahoy, \(name)!" } }
private final class AccountService: Sendable {}
private final class ReportFormatter: Sendable {}
private final class RequestBuilder: Sendable {}
private final class Analytics: Sendable {}
private final class LegacyService: Sendable {}
private protocol PrincipalAware: Sendable {}
private final class SessionStore: PrincipalAware {}
private final class AccountStore: PrincipalAware {}
private struct FeatureFlag: Hashable, Sendable { let name: String }
private protocol Clock: Sendable { var isFixed: Bool { get } }
private struct SystemClock: Clock { var isFixed: Bool { false } }
private struct FixedClock: Clock { var isFixed: Bool { true } }

private enum ImageUploadLocation: Hashable, Sendable { case profileAvatar, banner }
private struct Image: Sendable {}
private final class ImageUploadService: Sendable {
    let location: ImageUploadLocation
    let uploads = Counter()
    init(targeting location: ImageUploadLocation) { self.location = location }
    func upload(_ image: Image) async throws { uploads.increment() }
}

private protocol Repository: Sendable { var context: StoreContext { get } }
private enum StoreContext: Hashable, Sendable { case main, users }
private final class UserRepository: Repository {
    let context: StoreContext
    init(context: StoreContext) { self.context = context }
}
private protocol UploadService: Sendable {}
private final class AvatarUploadService: UploadService {}

private protocol ScreenDelegate: AnyObject, Sendable {}
private final class AppDelegate: ScreenDelegate {}
private final class Coordinator: Sendable {}
private final class SearchIndex: Sendable {}

extension RegistrationAlternative {
    fileprivate static let pirate: RegistrationAlternative = "pirate"
}

/// The "Initialisation options" snippet, with the container it names.
///
/// This target already has a `MyService` protocol (MacaroniReadmeTests.swift), so the snippet's class lives in a
/// namespace.
private enum InitialisationOptions {
    final class MyService: Sendable {}

    static let container = Container(name: "app") {
        Dependency { MyService() }.scope(.singleton)
    }

    final class ProfileViewModel {
        @Injected var service: MyService  // .capturingContainerOnInit()
        @Injected(.capturingContainerOnInit(container)) var pinned: MyService
        @Injected(.lazily) var late: MyService
        @Injected(.resolvingOnInit(from: container)) var eager: MyService
    }

    struct Summary {
        @Injected(.capturingContainerOnInit(container)) var service: MyService
    }
}

// MARK: By name or value

private enum Services: String { case repository }
private enum UploadLocation: Hashable, Sendable { case avatar, banner }

private final class SettingsScreen {
    @Injected(name: "account-service") var accounts: AccountService
    @Injected(name: Services.repository, StoreContext.main) var repository: any Repository  // name, then arguments
    @Injected(value: UploadLocation.avatar) var avatarUploads: any UploadService
}

// MARK: Caching and refresh

private final class Theme: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private final class ThemedScreen: @unchecked Sendable {
    // The compiler stores the wrapper in a `var`; the wrapper locks its own state.
    @Injected var theme: Theme
    init() { $theme.autoreload() }
}

private final class ThemeSettings: Sendable {
    private let dark = LoomLock(false)
    var isDark: Bool {
        get { dark.withLock { $0 } }
        set { dark.withLock { $0 = newValue } }
    }
}
private let themeSettings = ThemeSettings()

// One container whose builder follows the settings: re-evaluating it swaps the theme in one step, so the property
// never sees a graph without one. Declared here, not in the exit test: inside `#expect(processExitsWith:)` every
// `#line` is the macro's, and two registrations from one line count as one declaration.
private let themes = Container(name: "themes") {
    if themeSettings.isDark {
        Dependency { Theme(name: "dark") }.scope(.singleton)
    } else {
        Dependency { Theme(name: "light") }.scope(.singleton)
    }
}

/// The function-parameter snippet.
private func upload(_ image: Image, @Injected service: ImageUploadService) async throws {
    try await service.upload(image)
}

@Suite struct PropertyWrapperInjectionTests {
    // MARK: By type

    @Test func byType() throws {
        final class ProfileViewModel {
            @Injected var accounts: AccountService  // the registration of AccountService
            @Injected var greeter: any Greeter  // protocol types work the same way
        }
        let app = Container(name: "app") {
            Dependency { AccountService() }.scope(.singleton)
            Dependency { () -> any Greeter in EnglishGreeter() }
        }
        let viewModel = Container.withLookupPolicy(.singleton(app)) { ProfileViewModel() }
        #expect(try viewModel.accounts === app.resolve(AccountService.self))
        #expect(viewModel.greeter.greet("Ada") == "Hello, Ada!")
    }

    @Test func alternatives() {
        final class GreetingScreen {
            @Injected(alternative: .pirate) var greeter: any Greeter
            @Injected(.lazily, alternative: .pirate) var lateGreeter: any Greeter
        }
        let app = Container(name: "app") {
            Dependency { () -> any Greeter in EnglishGreeter() }
            Dependency { () -> any Greeter in PirateGreeter() }.alternative(.pirate)
        }
        Container.withLookupPolicy(.singleton(app)) {
            let screen = GreetingScreen()
            #expect(screen.greeter.greet("Ada") == "Ahoy, Ada!")
            // `.lazily` asks the policy at first read, which happens inside the scope here.
            #expect(screen.lateGreeter.greet("Ada") == "Ahoy, Ada!")
        }
    }

    @Test func factoryArguments() {
        let app = Container(name: "app") {
            Dependency { (location: ImageUploadLocation) in ImageUploadService(targeting: location) }
            Dependency { (context: StoreContext) in UserRepository(context: context) }
        }
        // Dependency { (location: ImageUploadLocation) in ImageUploadService(targeting: location) }
        final class ProfileScreen {
            @Injected(ImageUploadLocation.profileAvatar) var avatarUploads: ImageUploadService
        }
        final class UsersScreen {
            @Injected(type: UserRepository.self, StoreContext.users) var users: any Repository
        }
        let screen = Container.withLookupPolicy(.singleton(app)) { ProfileScreen() }
        #expect(screen.avatarUploads.location == .profileAvatar)
        let users = Container.withLookupPolicy(.singleton(app)) { UsersScreen() }
        #expect(users.users.context == .users)
    }

    // MARK: By name or value

    @Test func byNameOrValue() {
        let app = Container(name: "app") {
            Dependency { AccountService() }.named("account-service")
            Dependency { (context: StoreContext) -> any Repository in UserRepository(context: context) }
                .named(Services.repository)
            Dependency { () -> any UploadService in AvatarUploadService() }.associated(with: UploadLocation.avatar)
        }
        let screen = Container.withLookupPolicy(.singleton(app)) { SettingsScreen() }
        _ = screen.accounts
        #expect(screen.repository.context == .main)
        #expect(screen.avatarUploads is AvatarUploadService)
        #expect(!app.isResolvable(AccountService.self))  // a named registration is never found by type
    }

    // MARK: Optionals and collections

    @Test func optionalsAndCollections() {
        final class Dashboard {
            @Injected var analytics: Analytics?  // nil when nothing is registered
            @Injected var legacy: LegacyService!  // the same, implicitly unwrapped
            @Injected var principalAware: [any PrincipalAware]  // every matching registration
            @Injected var featureFlags: Set<FeatureFlag>  // the same, as a set
        }
        let app = Container(name: "app") {
            Dependency { SessionStore() }.conforms(to: (any PrincipalAware).self)
            Dependency { AccountStore() }.conforms(to: (any PrincipalAware).self)
            Dependency { FeatureFlag(name: "search") }
        }
        let dashboard = Container.withLookupPolicy(.singleton(app)) { Dashboard() }
        #expect(dashboard.analytics == nil)
        #expect(dashboard.legacy == nil)
        #expect(dashboard.principalAware.count == 2)
        #expect(dashboard.featureFlags == [FeatureFlag(name: "search")])
    }

    @Test func loadIfNeededResolvesAgainOnlyWhenNothingUsefulIsCached() {
        final class Dashboard {
            @Injected var principalAware: [any PrincipalAware]
        }
        let app = Container(name: "app")
        let dashboard = Container.withLookupPolicy(.singleton(app)) { Dashboard() }
        #expect(dashboard.principalAware.isEmpty)  // cached like any other value
        app.add { Dependency { SessionStore() }.conforms(to: (any PrincipalAware).self) }
        #expect(dashboard.principalAware.isEmpty)

        dashboard.$principalAware.loadIfNeeded()

        #expect(dashboard.principalAware.count == 1)
    }

    // MARK: Plain values

    @Test func plainValuesNeverTouchAContainer() {
        struct Stopwatch {
            @Injected var clock: any Clock = SystemClock()
        }
        struct TestStopwatch {
            @Injected var clock: any Clock
            init() { _clock = Injected(wrappedValue: FixedClock()) }
        }
        // Under an empty container: a resolving property would stop the process.
        let empty = Container(name: "empty")
        Container.withLookupPolicy(.singleton(empty)) {
            #expect(!Stopwatch().clock.isFixed)
            #expect(TestStopwatch().clock.isFixed)
        }
    }

    // MARK: InjectedValues key paths

    @Test func aKeyPathPropertyReadsThroughOnEveryAccess() async {
        await #expect(processExitsWith: .success) {
            let controller = DataController()
            #expect(controller.networkProvider is NetworkProvider, "the key's default")
            InjectedValues[\.networkProvider] = MockedNetworkProvider()
            #expect(controller.networkProvider is MockedNetworkProvider, "a new root value is seen at once")
        }
    }

    // MARK: Initialisation options

    @Test func initialisationOptions() {
        typealias ProfileViewModel = InitialisationOptions.ProfileViewModel
        typealias MyService = InitialisationOptions.MyService
        let container = InitialisationOptions.container
        let elsewhere = Container(name: "elsewhere") { Dependency { MyService() }.scope(.singleton) }
        let viewModel = Container.withLookupPolicy(.singleton(container)) { ProfileViewModel() }
        let shared = try? container.resolve(MyService.self)
        #expect(viewModel.pinned === shared)
        #expect(viewModel.eager === shared)
        // Capturing fixes where to look when the object is created: a later policy does not re-route it.
        Container.withLookupPolicy(.singleton(elsewhere)) {
            #expect(viewModel.service === shared)
            // Lazily asks the policy current at first read.
            #expect(viewModel.late === (try? elsewhere.resolve(MyService.self)))
        }
        // Macaroni's spelling of the capturing strategy.
        #expect(Injected<MyService>(.capturingContainerOnInit(from: container)).wrappedValue === shared)
    }

    @Test func resolvingOnInitFromTheInitialisersContainer() throws {
        final class ReportScreen {
            @Injected var formatter: ReportFormatter
            init(container: Container) {
                _formatter = Injected(.resolvingOnInit(from: container))
            }
        }
        let reports = Container(name: "reports") { Dependency { ReportFormatter() }.scope(.singleton) }
        #expect(try ReportScreen(container: reports).formatter === reports.resolve(ReportFormatter.self))
    }

    // MARK: Caching and refresh

    @Test func aPropertyResolvesOnceUnlessAskedToRefresh() {
        final class Client {
            @Injected var cachedBuilder: RequestBuilder
            @Injected(refresh: .everyRead) var requestBuilder: RequestBuilder
        }
        let app = Container(name: "app") { Dependency { RequestBuilder() }.scope(.instance) }
        let client = Container.withLookupPolicy(.singleton(app)) { Client() }
        #expect(client.cachedBuilder === client.cachedBuilder)
        #expect(client.requestBuilder !== client.requestBuilder)
        let before = client.cachedBuilder
        client.$cachedBuilder.reload()
        #expect(client.cachedBuilder !== before)
    }

    @Test func autoreloadResolvesAgainAfterEveryGraphChange() async {
        await #expect(processExitsWith: .success) {
            await DependencyGraph.activate(themes)
            let screen = ThemedScreen()
            #expect(screen.theme.name == "light")
            themeSettings.isDark = true
            themes.invalidate()  // a graph change
            #expect(await eventually { screen.theme.name == "dark" }, "the property did not reload")
        }
    }

    // MARK: Holding a dependency weakly

    // MARK: Async and main-actor registrations

    @Test func anAsyncRegistrationIsLoadedOnceThenReadSynchronously() async throws {
        let container = Container(logger: DisabledLogger())
        container.register(scope: .singleton) { () async throws -> AsyncDatabase in
            try await AsyncDatabase.connect(to: "sqlite://reports.db")
        }
        let screen = AsyncReportScreen(container: container)
        #expect(try await screen.open() == "sqlite://reports.db")
        #expect(screen.database === (try container.resolve(AsyncDatabase.self)))
    }

    @MainActor @Test func aMainActorPropertyReadsAMainActorRegistration() {
        let container = Container(logger: DisabledLogger())
        container.register(on: MainActor.self, scope: .singleton) { ProfileModel() }
        let screen = ProfileScreen(container: container)
        screen.rename(to: "Ada")
        #expect(screen.model.name == "Ada")
    }

    @Test func injectedWeaklyHoldsTheObjectWeakly() {
        final class Screen {
            @InjectedWeakly var delegate: (any ScreenDelegate)?
            @InjectedWeakly(.lazily) var coordinator: Coordinator?
        }
        let app = Container(name: "app") {
            Dependency { () -> any ScreenDelegate in AppDelegate() }.scope(.shared)
        }
        Container.withLookupPolicy(.singleton(app)) {
            let screen = Screen()
            #expect(screen.coordinator == nil)  // nothing registered
            var owner = screen.delegate  // someone else keeps it alive
            #expect(owner != nil)
            #expect(screen.delegate === owner)
            let released = Weak(owner as AnyObject?)
            owner = nil
            #expect(released.object == nil)  // the property did not keep it
            #expect(screen.delegate != nil)  // resolves again after it was released
            screen.$delegate.reload()
        }
    }

    // MARK: Function parameters

    @Test func functionParameters() async throws {
        final class Uploader {
            let image = Image()
            func run() async throws {
                try await upload(image, $service: .resolved(for: self))  // through the lookup policy, for self
            }
        }
        let image = Image()
        let testService = ImageUploadService(targeting: .banner)
        let container = Container(name: "uploads") {
            Dependency { ImageUploadService(targeting: .profileAvatar) }.scope(.singleton)
        }
        let resolved = try container.resolve(ImageUploadService.self)

        try await upload(image, service: testService)  // a value
        try await upload(image, $service: container.resolved())  // resolved from a container, now
        try await Container.withLookupPolicy(.singleton(container)) {
            try await Uploader().run()
        }

        #expect(testService.uploads.value == 1)
        #expect(resolved.uploads.value == 2)
    }

    // MARK: Structs and classes

    @Test func structCopiesShareOneResolvedValue() {
        typealias Summary = InitialisationOptions.Summary
        let original = Summary()
        let copy = original
        #expect(copy.service === original.service)
    }

    @Test func aSendableClassHoldingWrappersIsUncheckedSendable() async {
        final class SearchEngine: @unchecked Sendable {
            // Wrapper storage is written once, in init; the wrappers lock their own state.
            @Injected var index: SearchIndex
        }
        let app = Container(name: "search") { Dependency { SearchIndex() }.scope(.singleton) }
        let engine = Container.withLookupPolicy(.singleton(app)) { SearchEngine() }
        let fromTask = await Task.detached { ObjectIdentifier(engine.index) }.value
        #expect(fromTask == ObjectIdentifier(engine.index))
    }

    // MARK: Observable models

    @Test func anObservableModelIgnoresItsInjectedProperties() async {
        let app = Container(name: "weather") { Dependency { () -> any ObservedWeather in SunnyWeather() } }
        let model = Container.withLookupPolicy(.singleton(app)) { ForecastModel() }
        let changed = Latch()
        withObservationTracking {
            _ = model.headline
        } onChange: {
            changed.open()
        }
        model.refresh()
        #expect(model.headline == "Sunny in Lyon")
        #expect(changed.isOpen)
    }

    // MARK: Keeping containers active

    @Test func dependenciesKeepsAContainerActiveForItsOwnersLifetime() async {
        await #expect(processExitsWith: .success) {
            final class AuthenticationService: Sendable {}
            struct NotesApp {
                @Dependencies var container = Container(name: "app") {
                    AuthenticationService()
                    Dependency { (location: ImageUploadLocation) in ImageUploadService(targeting: location) }
                }
            }
            do {
                let app = NotesApp()
                #expect(DependencyGraph.activeContainers.map(\.name) == ["app"], "not activated")
                _ = try DependencyGraph.inject(byType: AuthenticationService.self)
                let uploads = try DependencyGraph.inject(byType: ImageUploadService.self, ImageUploadLocation.banner)
                #expect(uploads.location == .banner)

                app.container = Container(name: "next")
                #expect(DependencyGraph.activeContainers.map(\.name) == ["next"], "not replaced")
                await app.$container.setContainer(Container(name: "last"))
                #expect(DependencyGraph.activeContainers.map(\.name) == ["last"], "setContainer")
            }
            #expect(DependencyGraph.activeContainers.isEmpty, "still active after the owner went away")
        }
    }
}
