// The snippets of the article "Registering dependencies" (Modules/LoomCore/LoomCore.docc/Articles/
// RegisteringDependencies.md), compiled and run. Keep the two in step: each test holds one snippet, verbatim where
// Swift allows, plus the types it assumes. Those types are private (or local to the test) so that their names do
// not clash with the other tests of this target.
import LoomCore
import LoomInjection
import LoomLookup
import LoomRuntime
import LoomTestSupport
import LoomTesting
import Testing

// MARK: Types the snippets assume

private protocol Greeter: Sendable { func greet(_ name: String) -> String }
private struct EnglishGreeter: Greeter { func greet(_ name: String) -> String { "Hello, \(name)!" } }
private struct PirateGreeter: Greeter { func greet(_ name: String) -> String { "Ahoy, \(name)!" } }
private final class Database: Sendable {
    let path: String
    init(path: String) { self.path = path }
}
private protocol Clock: AnyObject, Sendable {}
private final class SystemClock: Clock {}
private final class ReportBuilder {}

private enum Region: CaseIterable, Hashable, Sendable { case europe, asia }
private final class RegionalStore: Sendable {
    let region: Region
    init(region: Region) { self.region = region }
}

private struct AnalyticsTracker: Sendable { let screen: String }

extension RegistrationAlternative {
    fileprivate static let pirate: RegistrationAlternative = "pirate"
}

private struct Analytics: Sendable {}

@Suite struct RegisteringDependenciesTests {
    // MARK: Register imperatively

    @Test func registerImperatively() throws {
        let container = Container(name: "app")

        container.register { () -> any Greeter in EnglishGreeter() }
        container.register(scope: .singleton) { Database(path: "app.sqlite") }

        let greeter: any Greeter = try container.resolve()
        let database: Database = try container.resolve()

        #expect(greeter.greet("Ada") == "Hello, Ada!")
        #expect(database.path == "app.sqlite")
        #expect(try container.resolve(Database.self) === database)

        // "or pass it first"
        let other = Container(name: "other")
        other.register((any Greeter).self) { EnglishGreeter() }
        #expect(try other.resolve((any Greeter).self) is EnglishGreeter)
    }

    @Test func theFactoryOwnsTheLifetimeWithoutAScope() throws {
        let container = Container(name: "app")
        let clock = SystemClock()
        container.register { () -> any Clock in clock }  // always this object
        container.register { ReportBuilder() }  // a new one per resolve

        #expect(try container.resolve((any Clock).self) === clock)
        #expect(try container.resolve((any Clock).self) === clock)
        #expect(try container.resolve(ReportBuilder.self) !== container.resolve(ReportBuilder.self))
    }

    // MARK: Alternatives

    @Test func alternativesAreSeparateSlots() throws {
        let container = Container(name: "app")
        container.register { () -> any Greeter in EnglishGreeter() }
        container.register(alternative: .pirate) { () -> any Greeter in PirateGreeter() }

        let standard: any Greeter = try container.resolve()
        let pirate: any Greeter = try container.resolve(alternative: .pirate)

        #expect(standard.greet("Ada") == "Hello, Ada!")
        #expect(pirate.greet("Ada") == "Ahoy, Ada!")

        // A missing alternative never falls back to the default; the error lists the slots that exist.
        let onlyPirate = Container(name: "pirates")
        onlyPirate.register(alternative: .pirate) { () -> any Greeter in PirateGreeter() }
        #expect {
            _ = try onlyPirate.resolve((any Greeter).self)
        } throws: { error in
            guard case InjectionError.missingDependency(_, let suggestions) = error else { return false }
            return suggestions.contains { $0.contains("alternative: pirate") }
        }
        #expect(throws: InjectionError.self) { try container.resolve((any Greeter).self, alternative: "other") }
        // `RegistrationAlternative()` equals no other alternative.
        #expect(RegistrationAlternative() != RegistrationAlternative())
    }

    // MARK: Factory parameters

    @Test func factoryParametersKeyTheCache() throws {
        let container = Container(name: "app")
        container.register(scope: .singleton) { (region: Region) in RegionalStore(region: region) }

        let europe: RegionalStore = try container.inject(byType: RegionalStore.self, Region.europe)

        #expect(europe.region == .europe)
        #expect(try container.inject(byType: RegionalStore.self, Region.europe) === europe)
        let asia = try container.inject(byType: RegionalStore.self, Region.asia)
        #expect(asia !== europe)
        #expect(asia.region == .asia)
        // Arguments of other types name the expected list; no arguments suggests passing them.
        #expect {
            _ = try container.inject(byType: RegionalStore.self, "europe")
        } throws: { error in
            guard case InjectionError.invalidDependencyParameters(_, let expected, let actual) = error else {
                return false
            }
            return expected == ["Region"] && actual == ["String"]
        }
        #expect {
            _ = try container.resolve(RegionalStore.self)
        } throws: { error in
            guard case InjectionError.missingDependency = error else { return false }
            return true
        }
    }

    @Test func anAlternativeWithParametersIsResolvedByNamingBoth() throws {
        let container = Container(name: "app")
        container.register(scope: .singleton) { (region: Region) in RegionalStore(region: region) }
        container.register(alternative: "archive", scope: .singleton) { (region: Region) in
            RegionalStore(region: region)
        }

        let archive = try container.inject(byType: RegionalStore.self, alternative: "archive", Region.europe)

        #expect(archive.region == .europe)
        #expect(archive !== (try container.inject(byType: RegionalStore.self, Region.europe)))
        #expect(try container.inject(byType: RegionalStore.self, alternative: "archive", Region.europe) === archive)
    }

    @Test func declarativeFactoryParametersResolveTheSameWay() throws {
        let container = Container { Dependency { (region: Region) in RegionalStore(region: region) } }
        #expect(try container.inject(byType: RegionalStore.self, Region.asia).region == .asia)
    }

    // MARK: Enclosing-object resolvers

    @Test func enclosingObjectResolversReceiveTheAskingObject() throws {
        final class ProfileScreen {
            @Injected var tracker: AnalyticsTracker  // `owner` is this ProfileScreen
        }
        let container = Container(name: "app")
        let someScreen = ProfileScreen()

        container.register { (owner: Any) -> AnalyticsTracker in
            AnalyticsTracker(screen: String(describing: type(of: owner)))
        }

        let tracker: AnalyticsTracker = try container.resolve(parameter: someScreen)

        #expect(tracker.screen == "ProfileScreen")
        // An injected property of a class passes its enclosing object, and prefers the resolver to a plain
        // registration of the same type.
        container.register { AnalyticsTracker(screen: "plain") }
        let screen = Container.withLookupPolicy(.singleton(container)) { ProfileScreen() }
        #expect(screen.tracker.screen == "ProfileScreen")
        // A plain resolve ignores the resolver.
        #expect(try container.resolve(AnalyticsTracker.self).screen == "plain")
    }

    // MARK: The result builder

    @Test func theResultBuilder() throws {
        final class AuthenticationService: Sendable {
            static let built = Counter()
            init() { Self.built.increment() }
        }
        final class LocalStorageService: Sendable {}
        protocol Tracking: Sendable {}
        final class EventTracker: Tracking {}
        final class AppModel: Sendable {
            static let shared = AppModel()
            let isPrincipalPresent = true
        }
        final class UserAccountService: Sendable {}
        final class MotionDetectionService: Sendable {}
        final class GyroscopeCalibration: Sendable {}
        enum System { static let isGyroscopeSupported = false }

        let container = Container(name: "app") {
            AuthenticationService()  // a bare expression: by type, built on first resolve
            Dependency { LocalStorageService() }
            Dependency { EventTracker() }
                .conforms(to: (any Tracking).self)
                .scope(.singleton)
                .eagerness(.eager)
            if AppModel.shared.isPrincipalPresent {
                Dependency { UserAccountService() }
            }
            for region in Region.allCases {
                Dependency { RegionalStore(region: region) }.associated(with: region)
            }
            DependencyGroup {
                MotionDetectionService()
                GyroscopeCalibration()
            }
            .enabled(System.isGyroscopeSupported)
        }

        #expect(AuthenticationService.built.value == 0)
        _ = try container.resolve(AuthenticationService.self)
        #expect(AuthenticationService.built.value == 1)
        _ = try container.resolve(LocalStorageService.self)
        let tracker: any Tracking = try container.resolve()
        #expect(try container.resolve(EventTracker.self) === tracker as AnyObject)
        #expect(container.isResolvable(UserAccountService.self))
        let asia: RegionalStore = try container.inject(byValue: Region.asia)
        #expect(asia.region == .asia)
        #expect(!container.isResolvable(MotionDetectionService.self))
        #expect(!container.isResolvable(GyroscopeCalibration.self))
    }

    @Test func theBuilderBlockIsReevaluatedOnInvalidation() throws {
        final class Flag: Sendable {
            private let value = LoomLock(false)
            var isOn: Bool {
                get { value.withLock { $0 } }
                set { value.withLock { $0 = newValue } }
            }
        }
        final class Feature: Sendable {}
        let flag = Flag()
        let container = Container(name: "app") {
            if flag.isOn {
                Dependency { Feature() }
            }
        }
        #expect(!container.isResolvable(Feature.self))
        flag.isOn = true
        container.invalidate()
        #expect(container.isResolvable(Feature.self))
    }

    // MARK: Names, values and conformances

    @Test func namesValuesAndConformances() throws {
        final class AccountService: Sendable {}
        final class Repository: Sendable {}
        final class AvatarUploadService: Sendable {}
        protocol PrincipalAware: Sendable {}
        protocol Resettable: Sendable {}
        final class AccountRepository: PrincipalAware, Resettable {}
        class ServiceSuperclass: @unchecked Sendable {}
        final class Service: ServiceSuperclass, @unchecked Sendable {}

        enum Services: String { case repository }
        enum UploadLocation: Hashable, Sendable { case avatar, banner }

        let container = Container {
            Dependency { AccountService() }.named("account-service")
            Dependency { Repository() }.named(Services.repository)  // the name is "repository"
            Dependency { AvatarUploadService() }.associated(with: UploadLocation.avatar)
            Dependency { AccountRepository() }
                .conforms(to: (any PrincipalAware).self)
                .conforms(to: (any Resettable).self)
            Dependency { Service() }.inherits(from: ServiceSuperclass.self)
        }

        let accounts: AccountService = try container.inject(byName: "account-service")
        let repository: Repository = try container.inject(byName: Services.repository)
        let avatars: AvatarUploadService = try container.inject(byValue: UploadLocation.avatar)
        let resettable: any Resettable = try container.resolve()

        #expect(try container.inject(byName: "account-service") as AccountService === accounts)
        #expect(try container.inject(byName: "repository") as Repository === repository)
        #expect(try container.inject(byValue: UploadLocation.avatar) as AvatarUploadService === avatars)
        #expect(resettable is AccountRepository)
        #expect(try container.resolve((any PrincipalAware).self) is AccountRepository)
        #expect(try container.resolve(ServiceSuperclass.self) is Service)
        // A named registration is not found by type, and names match exactly.
        #expect(!container.isResolvable(AccountService.self))
        #expect(throws: InjectionError.self) { try container.inject(byName: "Account-Service") as AccountService }
        // An associated value finds only its own registration.
        #expect(throws: InjectionError.self) {
            try container.inject(byValue: UploadLocation.banner) as AvatarUploadService
        }
    }

    // MARK: Optional registrations

    @Test func optionalRequestsTurnAMissingRegistrationIntoNil() throws {
        let container = Container(name: "app")

        let analytics: Analytics? = try container.inject()  // nil when Analytics is not registered
        let same: Analytics? = try container.resolve()  // the same answer

        #expect(analytics == nil)
        #expect(same == nil)
        container.register { Analytics() }
        #expect(try container.inject() as Analytics? != nil)
        #expect(try container.resolve() as Analytics? != nil)
    }

    // MARK: Replacement rules

    @Test func theLastRegistrationOfAKeyWinsAndIsLogged() throws {
        let logger = CapturingLogger()
        let container = Container(name: "app", logger: logger)
        container.register { () -> any Greeter in EnglishGreeter() }
        container.register { () -> any Greeter in PirateGreeter() }
        #expect(try container.resolve((any Greeter).self).greet("Ada") == "Ahoy, Ada!")
        #expect(logger.entries(at: .warning).contains { $0.message.hasPrefix("Replaced registration Type[Greeter]") })

        container.lock()
        container.register { Analytics() }
        #expect(!container.isResolvable(Analytics.self))
        #expect(logger.entries(at: .error).contains { $0.message.contains("locked") })
        #expect(try container.resolve((any Greeter).self).greet("Ada") == "Ahoy, Ada!")
    }
}
