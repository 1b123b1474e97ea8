import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

#if canImport(Observation)
    import Observation
#endif

/// The code samples of the Stitcher README, compiled against Loom.
///
/// Adjustments, all forced by Swift 6 or by Linux, are listed in `Loom.docc/Articles/MigratingFromStitcher.md`:
/// services are `Sendable`; `UIImage` becomes `[UInt8]`; publishers and `ObservableObject` become `AsyncSequence`s
/// and `@Observable`; closure parameters whose type cannot be inferred from the body get an annotation.
/// The `@Dependencies` / `@Injected` samples live with the property wrappers.
@Suite struct StitcherReadmeTests {
    // MARK: Types the README assumes

    final class LocalStorageService: Sendable {}
    final class UserAccountService: Sendable {}
    final class AuthenticationService: Sendable {}
    final class LogoutService: Sendable {}
    final class MotionDetectionService: Sendable {}
    final class Service: ServiceSuperclass, ServiceProtocol, @unchecked Sendable {}
    class ServiceSuperclass: @unchecked Sendable {}
    protocol ServiceProtocol: Sendable {}
    final class SomeService: Sendable {
        init() {}
        init(_ first: Int, _ second: String) {}
    }
    final class RemoteRepository: Sendable { init(cachedBy cache: String) {} }
    final class Repository: Sendable {
        let cache: String
        init(cachedBy cache: String) { self.cache = cache }
        init(managedObjectContext: ManagedObjectContexts) { cache = "\(managedObjectContext)" }
    }
    final class EventTrackingService: PostInstantiationAware, Sendable {
        let events = Collected<String>()
        init() {}
        func didInstantiate() { sendEvent(named: "App started") }
        func sendEvent(named name: String) { events.append(name) }
    }
    final class UserAccountManager: Sendable {}
    final class AccountService: Sendable {}
    final class UserRepository: Sendable { init(managedObjectContext: ManagedObjectContexts) {} }
    final class ImageUploadService: Sendable {}
    final class ProfileAvatarUploadService: UploadServiceProtocol {}
    final class ProfileBannerUploadService: UploadServiceProtocol {}
    protocol UploadServiceProtocol: Sendable {}
    struct User {}
    enum ManagedObjectContexts: Hashable, Sendable { case usersContext, repositoryContext }
    enum UploadServices: Hashable, Sendable { case images }
    enum UploadLocation: Hashable, Sendable { case avatar, banner }
    enum Services: String { case service, repository }
    struct Entity<T>: Hashable, Sendable {
        init(of type: T.Type) {}
    }

    #if canImport(Observation)
        @Observable final class AppModel: @unchecked Sendable {
            // Read by builders, written by the test's task.
            var isPrincipalPresent = false
            var canUseAuthentication = true
        }
    #endif

    enum System { static let isGyroscopeSupported = false }

    final class UserAccount: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    /// The README's custom managed scope, with its mutable state behind a lock as Swift 6 requires.
    final class PrincipalDatasource: ManagedDependencyScopeProviding {
        final class Observation: ManagedDependencyScopeReceipt {
            typealias Handler = @Sendable () -> Void
            private let handler = LoomLock<Handler?>(nil)
            var isCancelled: Bool { handler.withLock { $0 == nil } }
            init(callback: @escaping Handler) { handler.withLock { $0 = callback } }
            func cancel() { handler.withLock { $0 = nil } }
            func callAsFunction() { handler.withLock { $0 }?() }
        }

        private let state: LoomLock<(principal: UserAccount?, observations: [Observation])>

        init(principal: UserAccount?) {
            state = LoomLock((principal, []))
        }

        var principal: UserAccount? {
            get { state.withLock { $0.principal } }
            set {
                let changed = state.withLock { state -> Bool in
                    defer { state.principal = newValue }
                    return state.principal?.id != newValue?.id
                }
                if changed { principalChanged() }
            }
        }

        private func principalChanged() {
            let observations = state.withLock { state in
                state.observations.removeAll(where: { $0.isCancelled })
                return state.observations
            }
            for observation in observations { observation() }
        }

        func onScopeInvalidated(perform action: @escaping @Sendable () -> Void) -> any ManagedDependencyScopeReceipt {
            let observation = Observation(callback: action)
            state.withLock { $0.observations.append(observation) }
            return observation
        }
    }

    struct RepositoryDependency: DependencyRepresenting {
        var locator: DependencyLocator { .name(Self.name) }
        var scope: DependencyScope { .singleton }
        var eagerness: DependencyEagerness { .eager }
        var dependencyProvider: DependencyFactory.Provider<Repository> {
            DependencyFactory.Provider { (cache: String) in Repository(cachedBy: cache) }
        }
        static let name = "repository"
    }

    // MARK: Samples

    #if canImport(Observation)
        @Test func dependencyContainerWithConditionsAndGroups() async throws {
            let model = AppModel()
            let container = DependencyContainer {
                Dependency { LocalStorageService() }
                if model.isPrincipalPresent {
                    Dependency { UserAccountService() }
                }
                DependencyGroup {
                    Dependency { AuthenticationService() }
                }
                .enabled(model.canUseAuthentication)
            }
            #expect(container.isResolvable(AuthenticationService.self))
            #expect(!container.isResolvable(UserAccountService.self))
            // Reading @Observable state is enough: the container re-evaluates when it changes.
            model.isPrincipalPresent = true
            #expect(await eventually { container.isResolvable(UserAccountService.self) })
        }
    #endif

    @Test func manualInvalidationWithAPublisher() async throws {
        final class ObservableModel: @unchecked Sendable {
            // Written before the publisher fires; read by the builder.
            private let state = LoomLock(false)
            var isLoggedIn: Bool {
                get { state.withLock { $0 } }
                set { state.withLock { $0 = newValue } }
            }
            static let shared = ObservableModel()
        }
        let (authenticationStateChangedPublisher, send) = AsyncStream.makeStream(of: Bool.self)
        let container = DependencyContainer {
            if ObservableModel.shared.isLoggedIn {
                Dependency { LogoutService() }
            }
        }
        .invalidated(tracking: authenticationStateChangedPublisher)
        ObservableModel.shared.isLoggedIn = true
        send.yield(true)
        #expect(await eventually { container.isResolvable(LogoutService.self) })
        send.finish()
    }

    @Test func manualActivationAndDeactivation() throws {
        final class Only: Sendable {}
        let container = DependencyContainer { Only() }
        DependencyGraph.activate(container)
        _ = try DependencyGraph.inject(byType: Only.self)
        DependencyGraph.deactivate(container)
        #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: Only.self) }
    }

    @Test func dependencyRegistrationForms() throws {
        let container = DependencyContainer {
            Dependency { Service() }
            Dependency { cache in RemoteRepository(cachedBy: cache) }
            Dependency { (firstParameter: Int, secondParameter: String) in SomeService(firstParameter, secondParameter)
            }

            Dependency(named: "service") { Service() }
            Dependency(named: "repository") { cache in RemoteRepository(cachedBy: cache) }
            Dependency(named: "some-service") { (firstParameter: Int, secondParameter: String) in
                SomeService(firstParameter, secondParameter)
            }
            Dependency { Service() }.named("service-by-modifier")
            Dependency { cache in Repository(cachedBy: cache) }.named("repository-by-modifier")
            Dependency { (firstParameter: Int, secondParameter: String) in SomeService(firstParameter, secondParameter)
            }
            .named("some-service-by-modifier")
        }
        _ = try container.resolve(Service.self)
        _ = try container.inject(byType: RemoteRepository.self, "cache")
        _ = try container.inject(byType: SomeService.self, 1, "two")
        _ = try container.inject(byName: "service") as Service
        _ = try container.inject(byName: "repository", "cache") as RemoteRepository
        _ = try container.inject(byName: "some-service", 1, "two") as SomeService
        _ = try container.inject(byName: "service-by-modifier") as Service
        #expect(try (container.inject(byName: "repository-by-modifier", "c") as Repository).cache == "c")
        _ = try container.inject(byName: "some-service-by-modifier", 1, "two") as SomeService
    }

    @Test func registeringByRelatedTypes() throws {
        let container = DependencyContainer {
            Dependency(conformingTo: (any ServiceProtocol).self) { Service() }.named("a")
            Dependency(inheritingFrom: ServiceSuperclass.self) { Service() }.named("b")
            Dependency { Service() }.conforms(to: (any ServiceProtocol).self)
            Dependency { Service() }.inherits(from: ServiceSuperclass.self).alternative("inheriting")
        }
        // Each registration answers for the protocol or superclass it declares, as well as for its own type.
        #expect(try container.resolve((any ServiceProtocol).self) is Service)
        #expect(try container.resolve(ServiceSuperclass.self, alternative: "inheriting") is Service)
        #expect(try container.inject(byName: "a") as any ServiceProtocol is Service)
        #expect(try container.inject(byName: "b") as ServiceSuperclass is Service)
        // A relation is declared per registration: the default `Service` registration conforms but does not inherit.
        #expect(throws: InjectionError.self) { try container.resolve(ServiceSuperclass.self) }
        #expect(try (container.inject() as [ServiceSuperclass]).isEmpty)
        #expect(try (container.inject() as [any ServiceProtocol]).count == 1)
    }

    @Test func registeringByAssociatedValues() throws {
        let container = DependencyContainer {
            Dependency(for: Services.service) { Service() }
            Dependency { Service() }.associated(with: Services.repository)
            Dependency { ProfileAvatarUploadService() }.associated(with: UploadLocation.avatar)
            Dependency { ProfileBannerUploadService() }.associated(with: UploadLocation.banner)
            Dependency { context in UserRepository(managedObjectContext: context) }.associated(
                with: Entity(of: User.self))
        }
        _ = try container.inject(byValue: Services.service) as Service
        _ = try container.inject(byValue: Services.repository) as Service
        #expect(
            try container.inject(byValue: UploadLocation.avatar) as any UploadServiceProtocol
                is ProfileAvatarUploadService)
        #expect(
            try container.inject(byValue: UploadLocation.banner) as any UploadServiceProtocol
                is ProfileBannerUploadService)
        _ = try container.inject(byValue: Entity(of: User.self), ManagedObjectContexts.usersContext) as UserRepository
    }

    @Test func scopesAndEagerness() async throws {
        let session = PrincipalDatasource(principal: UserAccount(id: 1))
        let (principalChangedPublisher, principalChanged) = AsyncStream.makeStream(of: Void.self)
        let container = DependencyContainer {
            Dependency { SomeService() }.scope(.instance)
            Dependency { AuthenticationService() }.scope(.shared)
            Dependency { Service() }.scope(.singleton)
            Dependency { UserAccountManager() }.scope(.managed(by: principalChangedPublisher))
            Dependency { LocalStorageService() }.scope(.managed(session))
            Dependency { EventTrackingService() }.scope(.singleton).eagerness(.eager)
        }
        #expect(try container.resolve(SomeService.self) !== container.resolve(SomeService.self))
        // .shared: the same instance while someone holds it, a new one once it is released.
        var authentication: AuthenticationService? = try container.resolve()
        let released = Weak(authentication)
        #expect(try container.resolve(AuthenticationService.self) === authentication)
        authentication = nil
        #expect(released.object == nil)
        #expect(try Weak(container.resolve(AuthenticationService.self)).object == nil)
        // .singleton: one instance for the container's life.
        #expect(try container.resolve(Service.self) === container.resolve(Service.self))
        let storage: LocalStorageService = try container.resolve()
        #expect(try container.resolve(LocalStorageService.self) === storage)
        session.principal = UserAccount(id: 2)
        #expect(try container.resolve(LocalStorageService.self) !== storage)
        let manager: UserAccountManager = try container.resolve()
        principalChanged.yield()
        #expect(await eventually { (try? container.resolve(UserAccountManager.self)) !== manager })
        principalChanged.finish()
    }

    @Test func eagerSingletonsExistOnceTheContainerIsActiveAndEagerSharedOnesAreReleased() async throws {
        final class EagerTracker: Sendable {}
        final class EagerShared: Sendable {}
        let trackers = Counter()
        let shared = Counter()
        let container = DependencyContainer {
            Dependency { () -> EagerTracker in
                trackers.increment()
                return EagerTracker()
            }
            .scope(.singleton).eagerness(.eager)
            Dependency { () -> EagerShared in
                shared.increment()
                return EagerShared()
            }
            .scope(.shared).eagerness(.eager)
        }
        #expect(trackers.value == 0 && shared.value == 0)
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(trackers.value == 1 && shared.value == 1)
        _ = try container.resolve(EagerTracker.self)
        #expect(trackers.value == 1)
        // Nobody held the eager shared instance, so resolving builds a new one.
        _ = try container.resolve(EagerShared.self)
        #expect(shared.value == 2)
    }

    @Test func groupsAutoclosuresAndCustomRepresentations() throws {
        let container = DependencyContainer {
            DependencyGroup {
                MotionDetectionService()
            }
            .enabled(System.isGyroscopeSupported)
            SomeService()
            Dependency { SomeService() }.named("explicit")
            RepositoryDependency()
        }
        #expect(!container.isResolvable(MotionDetectionService.self))
        _ = try container.resolve(SomeService.self)
        #expect(try (container.inject(byName: RepositoryDependency.name, "cache") as Repository).cache == "cache")
    }

    @Test func multipleContainersMerged() throws {
        func composeFeatureContainers() -> [DependencyContainer] {
            [DependencyContainer { LocalStorageService() }, DependencyContainer { AuthenticationService() }]
        }
        let containers: [DependencyContainer] = composeFeatureContainers()
        let container = DependencyContainer(merging: containers)
        _ = try container.resolve(LocalStorageService.self)
        _ = try container.resolve(AuthenticationService.self)
    }

    @Test func manualInjectionFromTheGraph() throws {
        let container = DependencyContainer {
            Dependency { AccountService() }.named("stitcher-account-service")
            Dependency { context in UserRepository(managedObjectContext: context) }
            Dependency { ImageUploadService() }.associated(with: UploadServices.images)
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let accountService: AccountService = try DependencyGraph.inject(byName: "stitcher-account-service")
        let userRepository: UserRepository = try DependencyGraph.inject(
            byType: UserRepository.self,
            ManagedObjectContexts.usersContext
        )
        let imageUploadService: ImageUploadService = try DependencyGraph.inject(byValue: UploadServices.images)
        _ = (accountService, userRepository, imageUploadService)
    }

    @Test func postInstantiationHook() throws {
        let container = DependencyContainer {
            Dependency { EventTrackingService() }
                .scope(.singleton)
                .eagerness(.eager)
        }
        DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let tracker: EventTrackingService = try DependencyGraph.inject()
        #expect(tracker.events.all == ["App started"])
    }
}

extension GlobalConfigurationTests {
    /// The README's cycle sample; serialized with the suites that change cycle detection.
    @Suite struct StitcherCycleSampleTests {
        final class Root: Sendable { init(leaf: Leaf) {} }
        final class Leaf: Sendable { init(root: Root) {} }

        @Test func cyclesAreReportedWithTheWholeChain() throws {
            try withCycleDetection(.always) {
                let container = DependencyContainer {
                    Dependency { Root(leaf: try DependencyGraph.inject()) }
                    Dependency { Leaf(root: try DependencyGraph.inject()) }
                }
                DependencyGraph.activate(container)
                defer { DependencyGraph.deactivate(container) }
                let error = try #require(throws: InjectionError.self) { try DependencyGraph.inject(byType: Root.self) }
                #expect("\(error)" == "Dependency cycle detected, Type[Root] -> Type[Leaf] -> Type[Root].")
            }
        }
    }
}
