import Foundation
import Testing

// The "expands to" (and "the macro generates") blocks of the documentation articles, compared with what the macros really generate:
// "Declaring keys with macros" and "Generating injection code" (Modules/LoomMacros/LoomMacros.docc/Articles/) and
// "Configuration keys" (Modules/LoomKeys/LoomKeys.docc/Articles/). Each test expands the article's source and
// also checks that the article still shows the expected text, so the two cannot drift apart. The snippets
// themselves run in LoomMacrosTests/Documentation and LoomKeysTests/Documentation.

/// The text of a documentation article, read from the repository.
private func article(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

private let declaringKeys = "Modules/LoomMacros/LoomMacros.docc/Articles/DeclaringKeysWithMacros.md"
private let configurationKeys = "Modules/LoomKeys/LoomKeys.docc/Articles/ConfigurationKeys.md"
private let generatingCode = "Modules/LoomMacros/LoomMacros.docc/Articles/GeneratingInjectionCode.md"

@Suite struct ArticleExpansionTests {
    @Test func theRetryCountKeyExpansion() throws {
        let expansion = """
            extension ConfKeys {
                public enum ConfKey_retryCount: ConfKey {
                    public typealias Value = Int
                    public static let defaultValue: Value! = .some(3)
                }
                public var retryCount: ConfKey_retryCount.Type {
                    ConfKey_retryCount.self
                }
            }
            """
        assertExpansion(
            """
            extension ConfKeys {
                #declareConfKey("retryCount", Int.self, defaultValue: 3)
            }
            """,
            expandedSource: expansion)
        #expect(try article(declaringKeys).contains("// expands to\n" + expansion))
        #expect(try article(configurationKeys).contains("// expands to\n" + expansion))
    }

    @Test func theGlobalActorKeyExpansion() throws {
        let expansion = """
            extension ConfKeys {
                @DatabaseActor public enum ConfKey_connectionCache: @DatabaseActor ConfKeyIsolated {
                    public typealias Isolation = DatabaseActor
                    public typealias Value = ConnectionCache
                    public static let defaultValue: Value! = .some(ConnectionCache())
                }
                public var connectionCache: ConfKey_connectionCache.Type {
                    ConfKey_connectionCache.self
                }
            }
            """
        assertExpansion(
            """
            extension ConfKeys {
                #declareConfKey("connectionCache", ConnectionCache.self, on: DatabaseActor.self, defaultValue: ConnectionCache())
            }
            """,
            expandedSource: expansion)
        #expect(try article(declaringKeys).contains("// expands to\n" + expansion))
    }

    @Test func theInjectedParametersInitialiserOverload() throws {
        let overload = """
            @_disfavoredOverload
            @PreferredInitializer
            convenience init() {
                self.init(networkingSession: _injectedParameter(byType: NetworkingSession.self, fileID: "TestModule/test.swift", line: 2))
            }
            """
        assertExpansion(
            """
            final class UploadService {
                @InjectedParameters
                init(networkingSession: NetworkingSession) {
                    self.networkingSession = networkingSession
                }
            }
            """,
            expandedSource: """
                final class UploadService {
                    init(networkingSession: NetworkingSession) {
                        self.networkingSession = networkingSession
                    }

                \(overload.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                }
                """,
            // `@PreferredInitializer` generates nothing; left out, the expansion keeps the attribute as written.
            macroSpecs: loomMacroSpecs.filter { $0.key != "PreferredInitializer" })
        // The article places the class in a file of an app module: only the reported location differs.
        let inArticle = overload.replacing(
            "\"TestModule/test.swift\", line: 2", with: "\"MyApp/UploadService.swift\", line: 4")
        #expect(
            try article(generatingCode).contains(
                "For the initialiser above the macro generates:\n\n```swift\n" + inArticle))
    }

    @Test func theRegisterableExpansions() throws {
        let plain = """
            @Registerable
            final class Service: Sendable {
                init() {}
            }
            """
        let plainExtension = """
            extension Service: RegisterableDependency, AutoregisterableDependency {
                static let dependencyRegistration = Dependency {
                    Service()
                }
            }
            """
        assertExpansion(
            plain,
            expandedSource: """
                final class Service: Sendable {
                    init() {}
                }

                \(plainExtension)
                """)
        #expect(try article(generatingCode).contains(plain + "\n\n// expands to\n" + plainExtension))

        let named = """
            @Registerable(by: .name("service"), scope: .singleton, eagerness: .eager)
            public final class Service: Sendable {
                public init() {}
            }
            """
        let namedExtension = """
            extension Service: RegisterableDependency, AutoregisterableDependency {
                public static let dependencyName: String = "service"

                public static let dependencyRegistration = Dependency {
                    Service()
                }
                .named(dependencyName)
                .scope(.singleton)
                .eagerness(.eager)
            }
            """
        assertExpansion(
            named,
            expandedSource: """
                public final class Service: Sendable {
                    public init() {}
                }

                \(namedExtension)
                """)
        #expect(try article(generatingCode).contains(named + "\n\n// expands to\n" + namedExtension))
    }

    @Test func theInjectedInitialiserParametersComment() throws {
        assertExpansion(
            """
            @Registerable(parameters: .injected)
            final class InvoiceService: Sendable {
                init(store: any ReportStore, audit: AuditLog?) {}
            }
            """,
            expandedSource: """
                final class InvoiceService: Sendable {
                    init(store: any ReportStore, audit: AuditLog?) {}
                }

                extension InvoiceService: RegisterableDependency, AutoregisterableDependency {
                    static let dependencyRegistration = Dependency {
                        try InvoiceService(store: DependencyGraph.inject(byType: (any ReportStore).self), audit: DependencyGraph.inject(byType: AuditLog?.self))
                    }
                }
                """)
        // The article shows the factory as a comment, wrapped after the first argument.
        #expect(
            try article(generatingCode).contains(
                """
                // Dependency { try InvoiceService(store: DependencyGraph.inject(byType: (any ReportStore).self),
                //                                 audit: DependencyGraph.inject(byType: AuditLog?.self)) }
                """))
    }

    @Test func theAsyncFunctionOverload() throws {
        let overload = """
            @_disfavoredOverload
            func migrate() async throws {
                try await migrate(database: _loadedParameter(byType: Database.self, fileID: "TestModule/test.swift", line: 2))
            }
            """
        assertExpansion(
            """
            final class Migrator {
                @InjectedParameters
                func migrate(database: Database) async throws {}
            }
            """,
            expandedSource: """
                final class Migrator {
                    func migrate(database: Database) async throws {}

                \(overload.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                }
                """)
        // The article places the class in a file of an app module: only the reported location differs.
        let inArticle = overload.replacing("\"TestModule/test.swift\"", with: "\"MyApp/Migrator.swift\"")
        #expect(
            try article(generatingCode).contains(
                "For `migrate(database:)` the macro generates:\n\n```swift\n" + inArticle))
    }

    @Test(arguments: [
        (
            """
            @Registerable(scope: .singleton)
            final class Database: Sendable {
                init() async throws {}
            }
            """,
            """
            extension Database: RegisterableDependency, AutoregisterableDependency {
                static let dependencyRegistration = Dependency { () async throws -> Database in
                    try await Database()
                }
                .scope(.singleton)
            }
            """
        ),
        (
            """
            @Registerable(scope: .singleton)
            @MainActor
            final class ProfileViewModel {
                init() {}
            }
            """,
            """
            extension ProfileViewModel: RegisterableDependency, AutoregisterableDependency {
                nonisolated static let dependencyRegistration = Dependency(isolation: MainActor.self, scope: .singleton) {
                    ProfileViewModel()
                }
            }
            """
        ),
        (
            """
            @Registerable(scope: .singleton)
            @DatabaseActor
            final class ConnectionPool {
                init() throws {}
            }
            """,
            """
            extension ConnectionPool: RegisterableDependency, AutoregisterableDependency {
                nonisolated static let dependencyRegistration = Dependency(isolation: DatabaseActor.self) { @DatabaseActor in
                    try ConnectionPool()
                }
                .scope(.singleton)
            }
            """
        ),
    ])
    func theAsyncAndIsolatedRegisterableExpansions(source: String, expansion: String) throws {
        // The declaration without its `@Registerable` line, then the generated extension.
        let declaration = source.split(separator: "\n").dropFirst().joined(separator: "\n")
        assertExpansion(source, expandedSource: declaration + "\n\n" + expansion)
        #expect(try article(generatingCode).contains(source + "\n\n// expands to\n" + expansion))
    }
}
