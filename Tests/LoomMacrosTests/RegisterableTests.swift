public import LoomMacros
import LoomTestSupport
import Testing

// Runtime checks of `@Registerable` (Documentation/Design/graph-macros.md#registerable): generated registrations
// resolve from a graph.

@Registerable
final class ReportStore: Sendable {
    init() {}
}

@Registerable(by: .name("audit-log"), scope: .singleton)
final class AuditLog: Sendable {
    init() {}
}

enum UploadTarget: Hashable, Sendable { case avatar, banner }

@Registerable(by: .value(UploadTarget.avatar))
struct AvatarUploader: Sendable {}

protocol Notifying: Sendable {
    func notify() -> String
}

// Listing the attached type itself (`.type(PushNotifier.self, …)`) is accepted by the macro but makes the compiler
// report a circular reference: the attribute's arguments would name the type being declared. It is implied.
@Registerable(by: .type((any Notifying).self), scope: .singleton, eagerness: .eager)
final class PushNotifier: Notifying {
    static let made = Counter()
    init() { Self.made.increment() }
    func notify() -> String { "push" }
}

/// The initialiser's parameters are runtime factory arguments.
@Registerable
struct Greeting: Sendable {
    let text: String
    init(name: String, punctuation: Character) { text = "Hello, \(name)\(punctuation)" }
}

/// The initialiser's parameters are resolved from the graph.
@Registerable(parameters: .injected)
final class InvoiceService: Sendable {
    let store: ReportStore
    let audit: AuditLog?
    init(store: ReportStore, audit: AuditLog?) {
        self.store = store
        self.audit = audit
    }
}

/// Among marked initialisers the one with the fewest parameters wins.
@Registerable
final class Preferences: Sendable {
    let source: String
    @PreferredInitializer
    init() { source = "preferred" }
    init(path: String) { source = path }
    @PreferredInitializer
    init(path: String, fallback: String) { source = fallback }
}

/// An `@InjectedParameters` initialiser marks its generated overload as preferred.
@Registerable
final class ExportService: Sendable {
    let store: ReportStore
    @InjectedParameters
    init(store: ReportStore) { self.store = store }
}

/// No declared initialiser and every stored property has a default: the implicit `init()`.
@Registerable(scope: .instance)
struct Stopwatch: Sendable {
    var offset = 5
    var label: String?
}

/// A public type's members are public, so other modules can list its registration.
@Registerable
public final class PublicCatalog: Sendable {
    /// A fixture of the test (public to check the generated access level).
    public init() {}
}

/// A private type cannot be named by the autoregistration plugin: it is registerable, not autoregisterable.
@Registerable
private final class HiddenCache: Sendable {
    init() {}
}

/// Dynamic conformance checks (a static `is` on a known type is decided, and warned about, at compile time).
func isRegisterable(_ type: Any.Type) -> Bool { type is any RegisterableDependency.Type }
func isAutoregisterable(_ type: Any.Type) -> Bool { type is any AutoregisterableDependency.Type }

// Serialized: several tests activate containers registering the same types in the one process-wide graph.
@Suite(.serialized) struct RegisterableTests {
    @Test func aRegistrationWithDefaultsResolvesByTypeWithTheAutomaticScope() async throws {
        let container = Container(name: "registerable-defaults", logger: DisabledLogger()) {
            ReportStore.dependencyRegistration
        }
        try await withActive(container) {
            let first: ReportStore = try DependencyGraph.inject()
            let second: ReportStore = try DependencyGraph.inject()
            #expect(first === second)  // automatic scope of a class: shared while held
        }
        let registration = ReportStore.dependencyRegistration
        let generic: Dependency<ReportStore> = registration
        _ = generic
        #expect(isAutoregisterable(ReportStore.self))
    }

    @Test func nameAndValueLocatorsGenerateTheirStaticMembers() async throws {
        #expect(AuditLog.dependencyName == "audit-log")
        #expect(AvatarUploader.dependencyValue == .avatar)
        let container = Container(name: "registerable-locators", logger: DisabledLogger()) {
            AuditLog.dependencyRegistration
            AvatarUploader.dependencyRegistration
        }
        try await withActive(container) {
            let audit: AuditLog = try DependencyGraph.inject(byName: "audit-log")
            #expect(try DependencyGraph.inject(byName: AuditLog.dependencyName) as AuditLog === audit)  // singleton
            _ = try DependencyGraph.inject(byValue: UploadTarget.avatar) as AvatarUploader
            #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: AuditLog.self) }
        }
    }

    @Test func extraLocatorTypesAnswerAndEagerSingletonsAreBuiltOnActivation() async throws {
        let before = PushNotifier.made.value
        let container = Container(name: "registerable-types", logger: DisabledLogger()) {
            PushNotifier.dependencyRegistration
        }
        try await withActive(container) {
            #expect(PushNotifier.made.value > before)  // eager: built by the activation
            let notifier: any Notifying = try DependencyGraph.inject(byType: (any Notifying).self)
            #expect(notifier.notify() == "push")
            #expect(try DependencyGraph.inject(byType: PushNotifier.self) === notifier as? PushNotifier)
        }
    }

    @Test func initializerParametersAreRuntimeArgumentsByDefault() async throws {
        let container = Container(name: "registerable-runtime", logger: DisabledLogger()) {
            Greeting.dependencyRegistration
        }
        try await withActive(container) {
            let greeting: Greeting = try DependencyGraph.inject(byType: Greeting.self, "Ada", Character("!"))
            #expect(greeting.text == "Hello, Ada!")
            #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: Greeting.self) }
        }
    }

    @Test func injectedParametersAreResolvedFromTheGraph() async throws {
        let container = Container(name: "registerable-injected", logger: DisabledLogger()) {
            ReportStore.dependencyRegistration
            InvoiceService.dependencyRegistration
        }
        try await withActive(container) {
            let invoices: InvoiceService = try DependencyGraph.inject()
            #expect(invoices.store === (try DependencyGraph.inject() as ReportStore))
            #expect(invoices.audit == nil)  // Optional parameter, nothing registered
        }
        // Without the store the factory throws instead of stopping the process.
        let alone = Container(name: "registerable-injected-missing", logger: DisabledLogger()) {
            InvoiceService.dependencyRegistration
        }
        await withActive(alone) {
            #expect(throws: InjectionError.self) { try DependencyGraph.inject(byType: InvoiceService.self) }
        }
    }

    @Test func thePreferredInitializerWithFewestParametersIsChosen() async throws {
        let container = Container(name: "registerable-preferred", logger: DisabledLogger()) {
            Preferences.dependencyRegistration
        }
        try await withActive(container) {
            let preferences: Preferences = try DependencyGraph.inject()
            #expect(preferences.source == "preferred")
        }
    }

    @Test func anInjectedParametersInitializerIsUsedWithoutArguments() async throws {
        let container = Container(name: "registerable-injected-init", logger: DisabledLogger()) {
            ReportStore.dependencyRegistration
            ExportService.dependencyRegistration
        }
        try await withActive(container) {
            let export: ExportService = try DependencyGraph.inject()
            #expect(export.store === (try DependencyGraph.inject() as ReportStore))
        }
    }

    @Test func theImplicitInitializerIsUsedWhenNoneIsDeclared() throws {
        let container = Container(name: "registerable-implicit", logger: DisabledLogger()) {
            Stopwatch.dependencyRegistration
        }
        #expect(try container.resolve(Stopwatch.self).offset == 5)
    }

    @Test func accessLevelsFollowTheType() {
        let catalog: Dependency<PublicCatalog> = PublicCatalog.dependencyRegistration
        _ = catalog
        #expect(isAutoregisterable(PublicCatalog.self))
        #expect(isRegisterable(HiddenCache.self))
        #expect(!isAutoregisterable(HiddenCache.self))
    }
}
