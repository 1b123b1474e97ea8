import LoomCore
import LoomInjection
import LoomLookup
import LoomTestSupport
import Testing

/// The Stitcher README's `@Dependencies` and `@Injected` samples, compiled against Loom with the
/// same adjustments as `StitcherReadmeTests` (Sendable services, `[UInt8]` for `UIImage`, no `ObservableObject`).
///
/// They resolve from the graph, the default lookup policy.
@Suite struct StitcherWrapperReadmeTests {
    final class AuthenticationService: Sendable {
        func attemptLogin(email: String, password: String) async -> Bool { !email.isEmpty && !password.isEmpty }
    }
    enum ImageUploadLocation: Hashable, Sendable { case profileAvatar, banner }
    final class ImageUploadService: Sendable {
        let location: ImageUploadLocation
        init(targeting location: ImageUploadLocation) { self.location = location }
        func upload(_ image: [UInt8]) async -> Int { image.count }
    }

    struct SomeApp {
        @Dependencies
        var container = DependencyContainer {
            // Dependency with no parameters
            AuthenticationService()

            // Dependency with parameters
            Dependency { location in
                ImageUploadService(targeting: location)
            }
            .scope(.instance)
        }
    }

    final class LoginSceneViewModel {
        @Injected
        private var authenticationService: AuthenticationService

        func login(email: String, password: String) async -> Bool {
            await authenticationService.attemptLogin(email: email, password: password)
        }
    }

    final class ProfileSceneViewModel {
        @Injected(ImageUploadLocation.profileAvatar)
        private var avatarUploadService: ImageUploadService

        func upload(image: [UInt8]) async -> (ImageUploadLocation, Int) {
            (avatarUploadService.location, await avatarUploadService.upload(image))
        }
    }

    @Test func quickStart() async {
        let app = SomeApp()
        let (loginModel, profileModel) = Container.withLookupPolicy(.graph) {
            (LoginSceneViewModel(), ProfileSceneViewModel())
        }
        #expect(await loginModel.login(email: "a@b.c", password: "secret"))
        let (location, bytes) = await profileModel.upload(image: [1, 2, 3])
        #expect(location == .profileAvatar && bytes == 3)
        _ = app
    }

    final class Service: Sendable {}
    final class Repository: Sendable {
        let context: ManagedObjectContexts
        init(managedObjectContext: ManagedObjectContexts) { context = managedObjectContext }
    }
    enum Services: String { case service, repository }
    enum ManagedObjectContexts: Hashable, Sendable { case repositoryContext, usersContext }

    struct RepositoryDependency: DependencyRepresenting {
        var locator: DependencyLocator { .name(Self.name) }
        var scope: DependencyScope { .singleton }
        var eagerness: DependencyEagerness { .eager }
        var dependencyProvider: DependencyFactory.Provider<Repository> {
            DependencyFactory.Provider { Repository(managedObjectContext: .repositoryContext) }
        }
        static let name = "stitcher-wrapper-repository"
    }

    @Test func injectionByName() {
        struct App {
            @Dependencies
            var container = DependencyContainer {
                Dependency {
                    Service()
                }
                .named(Services.service)

                Dependency { context in
                    Repository(managedObjectContext: context)
                }
                .named(Services.repository)

                RepositoryDependency()
            }
        }
        final class Consumer {
            @Injected(name: Services.service)
            var service: Service

            @Injected(name: Services.repository, ManagedObjectContexts.repositoryContext)
            var repository: Repository

            @Injected(name: RepositoryDependency.name)
            var custom: Repository
        }
        let app = App()
        let consumer = Container.withLookupPolicy(.graph) { Consumer() }
        _ = consumer.service
        #expect(consumer.repository.context == .repositoryContext)
        #expect(consumer.custom.context == .repositoryContext)
        _ = app
    }

    protocol PrincipalAware: Sendable {}
    final class AccountRepository: PrincipalAware {}
    final class AccountSettingsRepository: PrincipalAware {}

    @Test func injectionByType() {
        struct App {
            @Dependencies
            var container = DependencyContainer {
                Dependency {
                    AccountRepository()
                }
                .conforms(to: (any PrincipalAware).self)

                Dependency {
                    AccountSettingsRepository()
                }
                .conforms(to: (any PrincipalAware).self)
            }
        }
        final class Consumer {
            @Injected
            var accountRepository: AccountRepository

            @Injected
            var optionalAccountRepository: AccountRepository?

            @Injected
            var principalAwareServices: [any PrincipalAware]
        }
        let app = App()
        let consumer = Container.withLookupPolicy(.graph) { Consumer() }
        _ = consumer.accountRepository
        #expect(consumer.optionalAccountRepository != nil)
        #expect(consumer.principalAwareServices.count == 2)
        _ = app
    }

    protocol UploadServiceProtocol: Sendable {}
    final class ProfileAvatarUploadService: UploadServiceProtocol {}
    final class ProfileBannerUploadService: UploadServiceProtocol {}
    final class UserRepository: Sendable {
        init(managedObjectContext: ManagedObjectContexts) {}
    }
    struct User {}
    struct Entity<T>: Hashable, Sendable { init(of type: T.Type) {} }
    enum UploadLocation: Hashable, Sendable { case avatar, banner }

    @Test func injectionByAssociatedValue() {
        struct App {
            @Dependencies
            var container = DependencyContainer {
                Dependency {
                    ProfileAvatarUploadService()
                }
                .associated(with: UploadLocation.avatar)

                Dependency {
                    ProfileBannerUploadService()
                }
                .associated(with: UploadLocation.banner)

                Dependency { context in
                    UserRepository(managedObjectContext: context)
                }
                .associated(
                    with: Entity(
                        of: User.self
                    )
                )
            }
        }
        final class Consumer {
            @Injected(value: UploadLocation.avatar)
            var avatarUploadService: any UploadServiceProtocol

            @Injected(value: UploadLocation.banner)
            var bannerUploadService: any UploadServiceProtocol

            @Injected(value: Entity(of: User.self), ManagedObjectContexts.usersContext)
            var userRepository: UserRepository
        }
        let app = App()
        let consumer = Container.withLookupPolicy(.graph) { Consumer() }
        #expect(consumer.avatarUploadService is ProfileAvatarUploadService)
        #expect(consumer.bannerUploadService is ProfileBannerUploadService)
        _ = consumer.userRepository
        _ = app
    }
}
