import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Registerable` expansions (locators, scope and eagerness, the choice of initialiser, runtime or injected
/// parameters; `async`, throwing and actor-isolated initialisers) and diagnostics (no single initialiser to choose,
/// unrelated locator types, factory arguments of isolated registrations); the rules are in
/// Documentation/Design/graph-macros.md.
@Suite struct RegisterableMacroTests {
    @Test func theDefaultsRegisterByTypeWithDependencysOwnDefaults() {
        assertExpansion(
            """
            @Registerable
            class Service {
                init() {}
            }
            """,
            expandedSource: """
                class Service {
                    init() {}
                }

                extension Service: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency {
                        Service()
                    }
                }
                """)
    }

    @Test func aNameLocatorAddsDependencyName() {
        assertExpansion(
            """
            @Registerable(by: .name("service"), scope: .singleton, eagerness: .eager)
            public final class Service {
                public init() {}
            }
            """,
            expandedSource: """
                public final class Service {
                    public init() {}
                }

                extension Service: RegisterableDependency, AutoregisterableDependency {
                    public static let dependencyName: String = "service"

                    public static let dependencyRegistration = Dependency {
                        Service()
                    }
                    .named(dependencyName)
                    .scope(.singleton)
                    .eagerness(.eager)
                }
                """)
    }

    @Test func aNonLiteralNameKeepsItsType() {
        assertExpansion(
            """
            @Registerable(by: .name(Services.repository))
            struct Repository {
                init() {}
            }
            """,
            expandedSource: """
                struct Repository {
                    init() {}
                }

                extension Repository: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyName = Services.repository

                    static let dependencyRegistration = Dependency {
                        Repository()
                    }
                    .named(dependencyName)
                }
                """)
    }

    @Test func aValueLocatorAddsDependencyValue() {
        assertExpansion(
            """
            @Registerable(by: .value(UploadLocation.avatar), scope: RegisterableScope.managed(by: changes))
            package actor AvatarUploads {
                init() {}
            }
            """,
            expandedSource: """
                package actor AvatarUploads {
                    init() {}
                }

                extension AvatarUploads: RegisterableDependency, AutoregisterableDependency {
                    package static let dependencyValue = UploadLocation.avatar

                    package static let dependencyRegistration = Dependency {
                        AvatarUploads()
                    }
                    .associated(with: dependencyValue)
                    .scope(.managed(by: changes))
                }
                """)
    }

    @Test func extraLocatorTypesAreConformances() {
        assertExpansion(
            """
            @Registerable(by: .type(Service.self, (any ServiceProtocol).self, Base.self))
            final class Service: Base, ServiceProtocol {
                init() {}
            }
            """,
            expandedSource: """
                final class Service: Base, ServiceProtocol {
                    init() {}
                }

                extension Service: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency {
                        Service()
                    }
                    .conforms(to: (any ServiceProtocol).self)
                    .conforms(to: Base.self)
                }
                """)
    }

    @Test func runtimeParametersBecomeFactoryArguments() {
        assertExpansion(
            """
            @Registerable
            struct Greeting {
                init(name: String, _ punctuation: Character, with _: Int) {}
            }
            """,
            expandedSource: """
                struct Greeting {
                    init(name: String, _ punctuation: Character, with _: Int) {}
                }

                extension Greeting: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency { (name: String, punctuation: Character, parameter2: Int) in
                        Greeting(name: name, punctuation, with: parameter2)
                    }
                }
                """)
    }

    @Test func injectedParametersAreResolvedFromTheGraph() {
        assertExpansion(
            """
            @Registerable(parameters: .injected)
            final class InvoiceService {
                init(store: any ReportStore, audit: AuditLog?, _ clock: Clock) {}
            }
            """,
            expandedSource: """
                final class InvoiceService {
                    init(store: any ReportStore, audit: AuditLog?, _ clock: Clock) {}
                }

                extension InvoiceService: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency {
                        try InvoiceService(store: DependencyGraph.inject(byType: (any ReportStore).self), audit: DependencyGraph.inject(byType: AuditLog?.self), DependencyGraph.inject(byType: Clock.self))
                    }
                }
                """)
    }

    @Test func theMarkedInitializerWithFewestParametersWins() {
        assertExpansion(
            """
            @Registerable
            final class Preferences {
                init() {}
                @PreferredInitializer
                init(path: String, fallback: String) {}
                @PreferredInitializer
                init(path: String) {}
                init(async: Bool) async {}
            }
            """,
            expandedSource: """
                final class Preferences {
                    init() {}
                    init(path: String, fallback: String) {}
                    init(path: String) {}
                    init(async: Bool) async {}
                }

                extension Preferences: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency { (path: String) in
                        Preferences(path: path)
                    }
                }
                """)
    }

    @Test func anInjectedParametersInitializerMarksItsOverload() {
        assertExpansion(
            """
            @Registerable
            final class ExportService {
                init(path: String) {}
                @InjectedParameters(ignoring: "name")
                init(name: String, store: ReportStore) {}
            }
            """,
            expandedSource: """
                final class ExportService {
                    init(path: String) {}
                    init(name: String, store: ReportStore) {}

                    @_disfavoredOverload
                    convenience init(name: String) {
                        self.init(name: name, store: _injectedParameter(byType: ReportStore.self, fileID: "TestModule/test.swift", line: 4))
                    }
                }

                extension ExportService: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency { (name: String) in
                        ExportService(name: name)
                    }
                }
                """)
    }

    @Test func theImplicitInitializerIsUsedWhenEveryStoredPropertyHasADefault() {
        assertExpansion(
            """
            @Registerable
            struct Stopwatch {
                var offset = 5
                var label: String?
                @Injected var clock: Clock
                var elapsed: Int { offset }
                static var shared: Int
            }
            """,
            expandedSource: """
                struct Stopwatch {
                    var offset = 5
                    var label: String?
                    @Injected var clock: Clock
                    var elapsed: Int { offset }
                    static var shared: Int
                }

                extension Stopwatch: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency {
                        Stopwatch()
                    }
                }
                """)
    }

    @Test func privateTypesAreNotAutoregisterable() {
        assertExpansion(
            """
            @Registerable
            private struct Secret {
                init() {}
            }
            """,
            expandedSource: """
                private struct Secret {
                    init() {}
                }

                extension Secret: RegisterableDependency {
                    fileprivate static let dependencyRegistration = Dependency {
                        Secret()
                    }
                }
                """)
    }

    // MARK: async and throwing initialisers

    @Test func anAsyncInitializerGeneratesAnAsyncRegistration() {
        // The article's `Database` (ArticleExpansionTests) has a scope; this one a value locator and public members.
        assertExpansion(
            """
            @Registerable(by: .value(FeedKind.news))
            public struct NewsFeed: Sendable {
                public init() async throws {}
            }
            """,
            expandedSource: """
                public struct NewsFeed: Sendable {
                    public init() async throws {}
                }

                extension NewsFeed: RegisterableDependency, AutoregisterableDependency {
                    public static let dependencyValue = FeedKind.news

                    public static let dependencyRegistration = Dependency { () async throws -> NewsFeed in
                        try await NewsFeed()
                    }
                    .associated(with: dependencyValue)
                }
                """)
    }

    @Test func anAsyncInitializersRuntimeParametersAreFactoryArguments() {
        assertExpansion(
            """
            @Registerable
            struct Pool {
                init(region: Region, _ size: Int) async {}
            }
            """,
            expandedSource: """
                struct Pool {
                    init(region: Region, _ size: Int) async {}
                }

                extension Pool: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency { (region: Region, size: Int) async -> Pool in
                        await Pool(region: region, size)
                    }
                }
                """)
    }

    @Test func anAsyncInitializersInjectedParametersAreLoaded() {
        assertExpansion(
            """
            @Registerable(parameters: .injected)
            actor Catalog {
                init(database: Database, cache: (any Cache)?, feeds: [Feed]) async {}
            }
            """,
            expandedSource: """
                actor Catalog {
                    init(database: Database, cache: (any Cache)?, feeds: [Feed]) async {}
                }

                extension Catalog: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency { () async throws -> Catalog in
                        try await Catalog(database: DependencyGraph.load(Database.self), cache: DependencyGraph.load((any Cache)?.self), feeds: DependencyGraph.load([Feed].self))
                    }
                }
                """)
    }

    @Test func aThrowingInitializerIsTried() {
        assertExpansion(
            """
            @Registerable
            struct Settings {
                init(path: String) throws {}
            }
            """,
            expandedSource: """
                struct Settings {
                    init(path: String) throws {}
                }

                extension Settings: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency { (path: String) in
                        try Settings(path: path)
                    }
                }
                """)
    }

    @Test func aSynchronousInitializerIsTakenBeforeAsyncAndThrowingOnes() {
        assertExpansion(
            """
            @Registerable
            final class Store {
                init(url: URL) async throws {}
                init() {}
                init(path: String) throws {}
            }
            """,
            expandedSource: """
                final class Store {
                    init(url: URL) async throws {}
                    init() {}
                    init(path: String) throws {}
                }

                extension Store: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency {
                        Store()
                    }
                }
                """)
    }

    @Test func anAsyncInjectedParametersInitializerMarksItsOverload() {
        assertExpansion(
            """
            @Registerable
            final class Exporter: Sendable {
                init(path: String) {}
                @InjectedParameters
                init(database: Database) async {}
            }
            """,
            expandedSource: """
                final class Exporter: Sendable {
                    init(path: String) {}
                    init(database: Database) async {}

                    @_disfavoredOverload
                    convenience init() async {
                        await self.init(database: _loadedParameter(byType: Database.self, fileID: "TestModule/test.swift", line: 4))
                    }
                }

                extension Exporter: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency { () async -> Exporter in
                        await Exporter()
                    }
                }
                """)
    }

    // MARK: Actor isolation

    @Test func aMainActorTypeGetsAMainActorRegistrationWithItsScopeAsAnArgument() {
        assertExpansion(
            """
            @Registerable(by: .name("profile"), scope: .singleton, eagerness: .eager)
            @MainActor
            final class ProfileViewModel {
                init() {}
            }
            """,
            expandedSource: """
                @MainActor
                final class ProfileViewModel {
                    init() {}
                }

                extension ProfileViewModel: RegisterableDependency, AutoregisterableDependency {
                    nonisolated static let dependencyName: String = "profile"

                    nonisolated static let dependencyRegistration = Dependency(isolation: MainActor.self, scope: .singleton) {
                        ProfileViewModel()
                    }
                    .named(dependencyName)
                    .eagerness(.eager)
                }
                """)
    }

    @Test func aMainActorInitializerIsolatesTheRegistrationAndInjectsOnTheActor() {
        assertExpansion(
            """
            @Registerable(parameters: .injected)
            struct Palette {
                @Swift.MainActor
                init(theme: Theme) throws {}
            }
            """,
            expandedSource: """
                struct Palette {
                    @Swift.MainActor
                    init(theme: Theme) throws {}
                }

                extension Palette: RegisterableDependency, AutoregisterableDependency {
                    nonisolated static let dependencyRegistration = Dependency(isolation: MainActor.self) {
                        try Palette(theme: DependencyGraph.inject(byType: Theme.self))
                    }
                }
                """)
    }

    @Test func aNonisolatedInitializerOfAMainActorTypeIsNotIsolated() {
        assertExpansion(
            """
            @Registerable
            @MainActor
            final class Formatter {
                nonisolated init() {}
            }
            """,
            expandedSource: """
                @MainActor
                final class Formatter {
                    nonisolated init() {}
                }

                extension Formatter: RegisterableDependency, AutoregisterableDependency {
                    nonisolated static let dependencyRegistration = Dependency {
                        Formatter()
                    }
                }
                """)
    }

    @Test func anotherGlobalActorGetsAnExplicitlyIsolatedClosure() {
        assertExpansion(
            """
            @Registerable(scope: .singleton)
            @Storage.DatabaseActor
            final class ConnectionPool {
                init() throws {}
            }
            """,
            expandedSource: """
                @Storage.DatabaseActor
                final class ConnectionPool {
                    init() throws {}
                }

                extension ConnectionPool: RegisterableDependency, AutoregisterableDependency {
                    nonisolated static let dependencyRegistration = Dependency(isolation: Storage.DatabaseActor.self) { @Storage.DatabaseActor in
                        try ConnectionPool()
                    }
                    .scope(.singleton)
                }
                """)
    }

    @Test(arguments: [("@MainActor", "MainActor"), ("@DatabaseActor", "DatabaseActor")])
    func anAsyncInitializerOfAnIsolatedTypeIsAnAsyncFactoryOnItsActor(attribute: String, actor: String) {
        assertExpansion(
            """
            @Registerable(parameters: .injected)
            \(attribute)
            final class Dashboard {
                init(store: Store) async {}
            }
            """,
            expandedSource: """
                \(attribute)
                final class Dashboard {
                    init(store: Store) async {}
                }

                extension Dashboard: RegisterableDependency, AutoregisterableDependency {
                    nonisolated static let dependencyRegistration = Dependency { @\(actor) () async throws -> Dashboard in
                        try await Dashboard(store: DependencyGraph.load(Store.self))
                    }
                }
                """)
    }

    @Test func anAsyncInitializerOnAnActorKeepsItsRuntimeParameters() {
        assertExpansion(
            """
            @Registerable
            final class IndexShard: Sendable {
                @IndexActor
                init(name: String) async {}
            }
            """,
            expandedSource: """
                final class IndexShard: Sendable {
                    @IndexActor
                    init(name: String) async {}
                }

                extension IndexShard: RegisterableDependency, AutoregisterableDependency {
                    nonisolated static let dependencyRegistration = Dependency { @IndexActor (name: String) async -> IndexShard in
                        await IndexShard(name: name)
                    }
                }
                """)
    }

    @Test func theIsolationArgumentNamesAnyActor() {
        assertExpansion(
            """
            @Registerable(isolation: Renderer.self)
            final class Canvas {
                init() {}
            }
            """,
            expandedSource: """
                final class Canvas {
                    init() {}
                }

                extension Canvas: RegisterableDependency, AutoregisterableDependency {
                    nonisolated static let dependencyRegistration = Dependency(isolation: Renderer.self) { @Renderer in
                        Canvas()
                    }
                }
                """)
    }

    @Test func anIsolationOfNilOverridesTheAttributes() {
        assertExpansion(
            """
            @Registerable(isolation: nil)
            @TracedActor
            struct Span {
                init() {}
            }
            """,
            expandedSource: """
                @TracedActor
                struct Span {
                    init() {}
                }

                extension Span: RegisterableDependency, AutoregisterableDependency {
                    nonisolated static let dependencyRegistration = Dependency {
                        Span()
                    }
                }
                """)
    }

    @Test func anActorsAttributesAreNotReadAsIsolation() {
        assertExpansion(
            """
            @Registerable
            @ModelActor
            actor Importer {
                init() {}
            }
            """,
            expandedSource: """
                @ModelActor
                actor Importer {
                    init() {}
                }

                extension Importer: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency {
                        Importer()
                    }
                }
                """)
    }

    // MARK: Diagnostics

    @Test func anIsolatedRegistrationWithRuntimeParametersAsksForInjection() {
        assertDiagnostic(
            """
            @Registerable(scope: .singleton)
            @MainActor
            final class ProfileViewModel {
                init(user: User) {}
            }
            """,
            message:
                "An isolated registration takes no factory arguments: 'init(user:)' runs on 'MainActor', and its "
                + "parameters would be runtime arguments. Resolve them from the graph with 'parameters: .injected', "
                + "or mark an initializer without parameters '@PreferredInitializer'.",
            line: 1, column: 1, fixIts: ["Resolve the parameters from the graph with 'parameters: .injected'"],
            fixedSource: """
                @Registerable(scope: .singleton, parameters: .injected)
                @MainActor
                final class ProfileViewModel {
                    init(user: User) {}
                }
                """,
            expandedSource: """
                @MainActor
                final class ProfileViewModel {
                    init(user: User) {}
                }
                """)
    }

    @Test(arguments: [
        ("parameters: .runtime, isolation: Renderer.self", "parameters: .injected, isolation: Renderer.self"),
        (
            "eagerness: .lazy, isolation: Renderer.self",
            "eagerness: .lazy, parameters: .injected, isolation: Renderer.self"
        ),
    ])
    func theInjectionFixItReplacesRuntimeAndKeepsTheArgumentOrder(arguments: String, fixed: String) {
        assertDiagnostic(
            """
            @Registerable(\(arguments))
            final class Canvas {
                init(_ size: Size) {}
            }
            """,
            message:
                "An isolated registration takes no factory arguments: 'init(_:)' runs on 'Renderer', and its "
                + "parameters would be runtime arguments. Resolve them from the graph with 'parameters: .injected', "
                + "or mark an initializer without parameters '@PreferredInitializer'.",
            line: 1, column: 1, fixIts: ["Resolve the parameters from the graph with 'parameters: .injected'"],
            fixedSource: """
                @Registerable(\(fixed))
                final class Canvas {
                    init(_ size: Size) {}
                }
                """,
            expandedSource: """
                final class Canvas {
                    init(_ size: Size) {}
                }
                """)
    }

    @Test func severalAsyncOrThrowingInitializersAreAmbiguous() {
        assertDiagnostic(
            """
            @Registerable
            final class Store {
                init(url: URL) async throws {}
                init(path: String) throws {}
                init?(name: String) {}
            }
            """,
            message:
                "Multiple supported initializers found. Please consider using the '@PreferredInitializer' attribute on "
                + "a supported initializer, to use it for initializing the dependency.",
            line: 1, column: 1,
            fixIts: [
                "Mark 'init(url:)' with '@PreferredInitializer'", "Mark 'init(path:)' with '@PreferredInitializer'",
            ],
            fixedSource: """
                @Registerable
                final class Store {
                    @PreferredInitializer
                    init(url: URL) async throws {}
                    init(path: String) throws {}
                    init?(name: String) {}
                }
                """,
            expandedSource: """
                final class Store {
                    init(url: URL) async throws {}
                    init(path: String) throws {}
                    init?(name: String) {}
                }
                """)
    }

    @Test func aMalformedIsolationIsReported() {
        assertDiagnostic(
            """
            @Registerable(isolation: "main")
            struct Service {
                init() {}
            }
            """,
            message:
                "Malformed arguments. 'isolation:' must be a global actor type followed by '.self', like "
                + "'MainActor.self', or nil.",
            line: 1, column: 26,
            expandedSource: """
                struct Service {
                    init() {}
                }
                """)
    }

    // MARK: Diagnostics of the locator, the initialiser and the type

    @Test func severalUnmarkedInitializersAreAmbiguous() {
        assertDiagnostic(
            """
            @Registerable
            final class Service {
                init() {}
                init(name: String) {}
            }
            """,
            message:
                "Multiple supported initializers found. Please consider using the '@PreferredInitializer' attribute on "
                + "a supported initializer, to use it for initializing the dependency.",
            line: 1, column: 1,
            fixIts: ["Mark 'init()' with '@PreferredInitializer'", "Mark 'init(name:)' with '@PreferredInitializer'"],
            // The fix-its are alternatives: applying "all" applies the first.
            fixedSource: """
                @Registerable
                final class Service {
                    @PreferredInitializer
                    init() {}
                    init(name: String) {}
                }
                """,
            expandedSource: """
                final class Service {
                    init() {}
                    init(name: String) {}
                }
                """)
    }

    @Test func applyingOneFixItPicksThatInitializer() {
        assertExpansion(
            """
            @Registerable
            final class Service {
                init() {}
                init(name: String) {}
            }
            """,
            expandedSource: """
                final class Service {
                    init() {}
                    init(name: String) {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "Multiple supported initializers found. Please consider using the '@PreferredInitializer' "
                        + "attribute on a supported initializer, to use it for initializing the dependency.",
                    line: 1, column: 1,
                    fixIts: [
                        FixItSpec(message: "Mark 'init()' with '@PreferredInitializer'"),
                        FixItSpec(message: "Mark 'init(name:)' with '@PreferredInitializer'"),
                    ])
            ],
            applyFixIts: ["Mark 'init(name:)' with '@PreferredInitializer'"],
            fixedSource: """
                @Registerable
                final class Service {
                    init() {}
                    @PreferredInitializer
                    init(name: String) {}
                }
                """)
    }

    @Test func noSupportedInitializerIsReported() {
        assertDiagnostic(
            """
            @Registerable
            final class Service {
                init?(name: String) {}
                init<T>(value: T) {}
            }
            """,
            message:
                "Failed to find a supported preferred initializer. Please consider using the '@PreferredInitializer' "
                + "attribute on a non-failable initializer that has no generic arguments.",
            line: 1, column: 1,
            expandedSource: """
                final class Service {
                    init?(name: String) {}
                    init<T>(value: T) {}
                }
                """)
    }

    @Test func anEnumWithoutInitializerHasNone() {
        assertDiagnostic(
            """
            @Registerable
            enum Mode {
                case fast
            }
            """,
            message:
                "Failed to find a supported preferred initializer. Please consider using the '@PreferredInitializer' "
                + "attribute on a non-failable initializer that has no generic arguments.",
            line: 1, column: 1,
            expandedSource: """
                enum Mode {
                    case fast
                }
                """)
    }

    @Test func aStoredPropertyWithoutDefaultRulesOutTheImplicitInitializer() {
        assertDiagnostic(
            """
            @Registerable
            struct Session {
                let id: Int
            }
            """,
            message:
                "Failed to find a supported preferred initializer. Please consider using the '@PreferredInitializer' "
                + "attribute on a non-failable initializer that has no generic arguments.",
            line: 1, column: 1,
            expandedSource: """
                struct Session {
                    let id: Int
                }
                """)
    }

    @Test func unrelatedLocatorTypesAreReportedWithAFixIt() {
        assertDiagnostic(
            """
            @Registerable(by: .type(Service.self, (any ServiceProtocol).self))
            final class Service: Base {
                init() {}
            }
            """,
            message:
                "Malformed arguments. The types specified in the dependency locator are not related to the attached "
                + "dependency type.",
            line: 1, column: 39, fixIts: ["Add 'ServiceProtocol' to the inheritance clause"],
            fixedSource: """
                @Registerable(by: .type(Service.self, (any ServiceProtocol).self))
                final class Service: Base, ServiceProtocol {
                    init() {}
                }
                """,
            expandedSource: """
                final class Service: Base {
                    init() {}
                }
                """)
    }

    @Test func theFixItCreatesAMissingInheritanceClause() {
        assertDiagnostic(
            """
            @Registerable(by: .type(ServiceProtocol.self))
            struct Service {
                init() {}
            }
            """,
            message:
                "Malformed arguments. The types specified in the dependency locator are not related to the attached "
                + "dependency type.",
            line: 1, column: 25, fixIts: ["Add 'ServiceProtocol' to the inheritance clause"],
            fixedSource: """
                @Registerable(by: .type(ServiceProtocol.self))
                struct Service: ServiceProtocol {
                    init() {}
                }
                """,
            expandedSource: """
                struct Service {
                    init() {}
                }
                """)
    }

    @Test func genericTypesAreRejected() {
        assertDiagnostic(
            """
            @Registerable
            struct Box<Value> {
                init() {}
            }
            """,
            message:
                "Generic types are not supported. A registerable type stores its registration in a static property, "
                + "which generic types cannot declare.",
            line: 2, column: 11,
            expandedSource: """
                struct Box<Value> {
                    init() {}
                }
                """)
    }

    @Test func protocolsAndExtensionsAreRejected() {
        assertDiagnostic(
            """
            @Registerable
            protocol Service {}
            """,
            message: "@Registerable can only be attached to a class, struct, enum or actor declaration.", line: 1,
            column: 1,
            expandedSource: """
                protocol Service {}
                """)
    }

    @Test func malformedArgumentsAreReported() {
        assertDiagnostic(
            """
            @Registerable(eagerness: .sometimes)
            struct Service {
                init() {}
            }
            """,
            message: "Malformed arguments. 'eagerness:' must be '.lazy' or '.eager'.", line: 1, column: 26,
            expandedSource: """
                struct Service {
                    init() {}
                }
                """)
    }
}
