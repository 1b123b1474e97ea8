import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Registerable` expansions (SMAC-12, -13, -14, -16) and diagnostics (SMAC-14, -15).
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

    // MARK: Diagnostics

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
                init() async {}
                init?(name: String) {}
                init<T>(value: T) {}
                init(id: Int) throws {}
            }
            """,
            message:
                "Failed to find a supported preferred initializer. Please consider using the '@PreferredInitializer' "
                + "attribute on a synchronous, non-failable initializer that has no generic arguments.",
            line: 1, column: 1,
            expandedSource: """
                final class Service {
                    init() async {}
                    init?(name: String) {}
                    init<T>(value: T) {}
                    init(id: Int) throws {}
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
                + "attribute on a synchronous, non-failable initializer that has no generic arguments.",
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
                + "attribute on a synchronous, non-failable initializer that has no generic arguments.",
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
