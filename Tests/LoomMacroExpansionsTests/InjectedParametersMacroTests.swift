import SwiftDiagnostics
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@InjectedParameters` expansions (effects kept, ignored parameters, strategies, initialisers, `async` overloads that
/// load, nothing for no parameters) and diagnostics; the rules are in Documentation/Design/graph-macros.md.
@Suite struct InjectedParametersMacroTests {
    /// Where a generated overload reports failures: the attribute's line in the test's source.
    static func location(_ line: Int) -> String { "fileID: \"TestModule/test.swift\", line: \(line)" }

    @Test func aFunctionGetsAParameterlessDisfavoredOverload() {
        assertExpansion(
            """
            struct Calculator {
                @InjectedParameters
                func foo(one: One) {}
            }
            """,
            expandedSource: """
                struct Calculator {
                    func foo(one: One) {}

                    @_disfavoredOverload
                    func foo() {
                        foo(one: _injectedParameter(byType: One.self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func effectsAreKeptAndAwaitedOrTried() {
        assertExpansion(
            """
            struct Worker {
                @InjectedParameters
                func a(one: One) async {}
                @InjectedParameters
                func b(one: One) throws -> Int { 1 }
                @InjectedParameters
                func c(one: One) async throws {}
                @InjectedParameters
                mutating func d(one: One) {}
            }
            """,
            expandedSource: """
                struct Worker {
                    func a(one: One) async {}

                    @_disfavoredOverload
                    func a() async {
                        await a(one: _loadedParameter(byType: One.self, \(Self.location(2))))
                    }
                    func b(one: One) throws -> Int { 1 }

                    @_disfavoredOverload
                    func b() throws -> Int {
                        try b(one: _injectedParameter(byType: One.self, \(Self.location(4))))
                    }
                    func c(one: One) async throws {}

                    @_disfavoredOverload
                    func c() async throws {
                        try await c(one: _loadedParameter(byType: One.self, \(Self.location(6))))
                    }
                    mutating func d(one: One) {}

                    @_disfavoredOverload
                    mutating func d() {
                        d(one: _injectedParameter(byType: One.self, \(Self.location(8))))
                    }
                }
                """)
    }

    @Test func ignoredParametersKeepLabelsAndDefaultsAndAreForwarded() {
        assertExpansion(
            """
            final class Service {
                @InjectedParameters(ignoring: "imageData", "attributes")
                func upload(
                    imageData: Data,
                    convertedWith attributes: ImageAttributes = [],
                    processingService: ImageProcessingService
                ) async throws {}
            }
            """,
            expandedSource: """
                final class Service {
                    func upload(
                        imageData: Data,
                        convertedWith attributes: ImageAttributes = [],
                        processingService: ImageProcessingService
                    ) async throws {}

                    @_disfavoredOverload
                    func upload(imageData: Data, convertedWith attributes: ImageAttributes = []) async throws {
                        try await upload(imageData: imageData, convertedWith: attributes, processingService: _loadedParameter(byType: ImageProcessingService.self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func ignoredNamesMatchLabelsAsWellAsInternalNames() {
        assertExpansion(
            """
            struct Service {
                @InjectedParameters(ignoring: "convertedWith")
                func convert(convertedWith attributes: Attributes, _ other: Other, _: Third) {}
            }
            """,
            expandedSource: """
                struct Service {
                    func convert(convertedWith attributes: Attributes, _ other: Other, _: Third) {}

                    @_disfavoredOverload
                    func convert(convertedWith attributes: Attributes) {
                        convert(convertedWith: attributes, _injectedParameter(byType: Other.self, \(Self.location(2))), _injectedParameter(byType: Third.self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func existentialAndFunctionTypesAreParenthesised() {
        assertExpansion(
            """
            struct Screen {
                @InjectedParameters
                func show(renderer: any Renderer, onClose: @escaping @Sendable () -> Void, cache: Cache?, all: [any Plugin]) {}
            }
            """,
            expandedSource: """
                struct Screen {
                    func show(renderer: any Renderer, onClose: @escaping @Sendable () -> Void, cache: Cache?, all: [any Plugin]) {}

                    @_disfavoredOverload
                    func show() {
                        show(renderer: _injectedParameter(byType: (any Renderer).self, \(Self.location(2))), onClose: _injectedParameter(byType: (@Sendable () -> Void).self, \(Self.location(2))), cache: _injectedParameter(byType: Cache?.self, \(Self.location(2))), all: _injectedParameter(byType: [any Plugin].self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func byNameInjectsByTheInternalNameAndFallsBackToTypeForWildcards() {
        assertExpansion(
            """
            final class Service {
                @InjectedParameters(strategy: .byName)
                func findAll(in repository: EntityRepository, _: Clock) -> [Entity] { [] }
            }
            """,
            expandedSource: """
                final class Service {
                    func findAll(in repository: EntityRepository, _: Clock) -> [Entity] { [] }

                    @_disfavoredOverload
                    func findAll() -> [Entity] {
                        findAll(in: _injectedParameter(byName: "repository", as: EntityRepository.self, \(Self.location(2))), _injectedParameter(byType: Clock.self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func stitcherMacrosStrategyNamesExpandAsTheirLoomNames() {
        assertExpansion(
            """
            final class Service {
                @InjectedParameters(strategy: .stitcherByName)
                func findAll(in repository: EntityRepository) -> [Entity] { [] }
                @InjectedParameters(strategy: InjectedParametersStrategy.stitcherByType)
                func clear(_ repository: EntityRepository) {}
            }
            """,
            expandedSource: """
                final class Service {
                    func findAll(in repository: EntityRepository) -> [Entity] { [] }

                    @_disfavoredOverload
                    func findAll() -> [Entity] {
                        findAll(in: _injectedParameter(byName: "repository", as: EntityRepository.self, \(Self.location(2))))
                    }
                    func clear(_ repository: EntityRepository) {}

                    @_disfavoredOverload
                    func clear() {
                        clear(_injectedParameter(byType: EntityRepository.self, \(Self.location(4))))
                    }
                }
                """)
    }

    @Test func aClassInitializerGetsAPreferredConvenienceInitializer() {
        assertExpansion(
            """
            class UploadService {
                @InjectedParameters
                public init(networkingSession: NetworkingSession) {}
            }
            """,
            expandedSource: """
                class UploadService {
                    public init(networkingSession: NetworkingSession) {}

                    @_disfavoredOverload
                    @PreferredInitializer
                    public convenience init() {
                        self.init(networkingSession: _injectedParameter(byType: NetworkingSession.self, \(Self.location(2))))
                    }
                }
                """,
            macroSpecs: Self.withoutPreferredInitializer)
    }

    @Test(arguments: ["struct", "enum", "actor"])
    func valueTypeAndActorInitializersGetAPlainInitializer(kind: String) {
        assertExpansion(
            """
            \(kind) Service {
                @InjectedParameters
                init(repository: EntityRepository) {}
            }
            """,
            expandedSource: """
                \(kind) Service {
                    init(repository: EntityRepository) {}

                    @_disfavoredOverload
                    @PreferredInitializer
                    init() {
                        self.init(repository: _injectedParameter(byType: EntityRepository.self, \(Self.location(2))))
                    }
                }
                """,
            macroSpecs: Self.withoutPreferredInitializer)
    }

    @Test func anExplicitParentOverridesTheInference() {
        assertExpansion(
            """
            extension Service {
                @InjectedParameters(parent: .classParent)
                init(repository: EntityRepository) {}
            }
            """,
            expandedSource: """
                extension Service {
                    init(repository: EntityRepository) {}

                    @_disfavoredOverload
                    @PreferredInitializer
                    convenience init() {
                        self.init(repository: _injectedParameter(byType: EntityRepository.self, \(Self.location(2))))
                    }
                }
                """,
            macroSpecs: Self.withoutPreferredInitializer)
    }

    @Test func aConvenienceInitializerInAnExtensionIsTakenForAClass() {
        assertExpansion(
            """
            extension Service {
                @InjectedParameters(ignoring: "name")
                convenience init(name: String, repository: EntityRepository) {}
            }
            """,
            expandedSource: """
                extension Service {
                    convenience init(name: String, repository: EntityRepository) {}

                    @_disfavoredOverload
                    @PreferredInitializer
                    convenience init(name: String) {
                        self.init(name: name, repository: _injectedParameter(byType: EntityRepository.self, \(Self.location(2))))
                    }
                }
                """,
            macroSpecs: Self.withoutPreferredInitializer)
    }

    @Test func failableInitializersAreNotPreferredButAsyncAndThrowingOnesAre() {
        assertExpansion(
            """
            struct Service {
                @InjectedParameters
                init?(repository: EntityRepository) {}
                @InjectedParameters
                init(clock: Clock) async throws {}
                @InjectedParameters
                init(calendar: Calendar) throws {}
            }
            """,
            expandedSource: """
                struct Service {
                    init?(repository: EntityRepository) {}

                    @_disfavoredOverload
                    init?() {
                        self.init(repository: _injectedParameter(byType: EntityRepository.self, \(Self.location(2))))
                    }
                    init(clock: Clock) async throws {}

                    @_disfavoredOverload
                    init() async throws {
                        try await self.init(clock: _loadedParameter(byType: Clock.self, \(Self.location(4))))
                    }
                    init(calendar: Calendar) throws {}

                    @_disfavoredOverload
                    init() throws {
                        try self.init(calendar: _injectedParameter(byType: Calendar.self, \(Self.location(6))))
                    }
                }
                """)
    }

    @Test func anAsyncInitializerLoadsItsParametersInEveryForm() {
        assertExpansion(
            """
            final class Repository {
                @InjectedParameters(ignoring: "name")
                @MainActor
                init(name: String, pool: ConnectionPool, audit: AuditLog?, observers: [any Observer], _ clock: any Clock) async {}
            }
            """,
            expandedSource: """
                final class Repository {
                    @MainActor
                    init(name: String, pool: ConnectionPool, audit: AuditLog?, observers: [any Observer], _ clock: any Clock) async {}

                    @_disfavoredOverload
                    @PreferredInitializer
                    @MainActor
                    convenience init(name: String) async {
                        await self.init(name: name, pool: _loadedParameter(byType: ConnectionPool.self, \(Self.location(2))), audit: _loadedParameter(byType: AuditLog?.self, \(Self.location(2))), observers: _loadedParameter(byType: [any Observer].self, \(Self.location(2))), _loadedParameter(byType: (any Clock).self, \(Self.location(2))))
                    }
                }
                """,
            macroSpecs: Self.withoutPreferredInitializer)
    }

    @Test func anAsyncFunctionLoadsByNameAndFallsBackToTypeForWildcards() {
        assertExpansion(
            """
            enum Archiver {
                @InjectedParameters(strategy: .byName)
                static func archive(to destination: Archive, _: Clock, analytics: Analytics?) async throws {}
            }
            """,
            expandedSource: """
                enum Archiver {
                    static func archive(to destination: Archive, _: Clock, analytics: Analytics?) async throws {}

                    @_disfavoredOverload
                    static func archive() async throws {
                        try await archive(to: _loadedParameter(byName: "destination", as: Archive.self, \(Self.location(2))), _loadedParameter(byType: Clock.self, \(Self.location(2))), analytics: _loadedParameter(byName: "analytics", as: Analytics?.self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func synchronousLoadingInjectsInAnAsyncOverload() {
        assertExpansion(
            """
            @MainActor
            final class ProfileScreen {
                @InjectedParameters(strategy: .byName, loading: .synchronous)
                func present(viewModel: ProfileViewModel) async {}
                @InjectedParameters(loading: InjectedParametersLoading.synchronous)
                func refresh(viewModel: ProfileViewModel) {}
            }
            """,
            expandedSource: """
                @MainActor
                final class ProfileScreen {
                    func present(viewModel: ProfileViewModel) async {}

                    @_disfavoredOverload
                    func present() async {
                        await present(viewModel: _injectedParameter(byName: "viewModel", as: ProfileViewModel.self, \(Self.location(3))))
                    }
                    func refresh(viewModel: ProfileViewModel) {}

                    @_disfavoredOverload
                    func refresh() {
                        refresh(viewModel: _injectedParameter(byType: ProfileViewModel.self, \(Self.location(5))))
                    }
                }
                """)
    }

    @Test func theGeneratedPreferredInitializerPassesItsOwnCheck() {
        // With @PreferredInitializer expanded too, the generated initialiser raises no diagnostic.
        assertExpansion(
            """
            struct Service {
                @InjectedParameters
                init(repository: EntityRepository) {}
            }
            """,
            expandedSource: """
                struct Service {
                    init(repository: EntityRepository) {}

                    @_disfavoredOverload
                    init() {
                        self.init(repository: _injectedParameter(byType: EntityRepository.self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func genericParametersThatAreIgnoredKeepTheGenericClause() {
        assertExpansion(
            """
            struct Store {
                @InjectedParameters(ignoring: "value")
                public static func save<Value: Codable>(_ value: Value, encoder: Encoder) where Value: Sendable {}
            }
            """,
            expandedSource: """
                struct Store {
                    public static func save<Value: Codable>(_ value: Value, encoder: Encoder) where Value: Sendable {}

                    @_disfavoredOverload
                    public static func save<Value: Codable>(_ value: Value) where Value: Sendable {
                        save(value, encoder: _injectedParameter(byType: Encoder.self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func otherAttributesAreKeptButOverridesAndObjectiveCAreNot() {
        assertExpansion(
            """
            class Screen: Base {
                @discardableResult @MainActor @objc
                @InjectedParameters
                override func reload(using loader: Loader) -> Bool { true }
            }
            """,
            expandedSource: """
                class Screen: Base {
                    @discardableResult @MainActor @objc
                    override func reload(using loader: Loader) -> Bool { true }

                    @_disfavoredOverload
                    @discardableResult
                    @MainActor
                    func reload() -> Bool {
                        reload(using: _injectedParameter(byType: Loader.self, \(Self.location(3))))
                    }
                }
                """)
    }

    @Test func ignoredInoutAndAutoclosureParametersAreForwarded() {
        assertExpansion(
            """
            struct Counter {
                @InjectedParameters(ignoring: "count", "message")
                func bump(count: inout Int, message: @autoclosure () -> String, clock: Clock) {}
            }
            """,
            expandedSource: """
                struct Counter {
                    func bump(count: inout Int, message: @autoclosure () -> String, clock: Clock) {}

                    @_disfavoredOverload
                    func bump(count: inout Int, message: @autoclosure () -> String) {
                        bump(count: &count, message: message(), clock: _injectedParameter(byType: Clock.self, \(Self.location(2))))
                    }
                }
                """)
    }

    @Test func aDeclarationWithoutParametersGeneratesNothing() {
        assertExpansion(
            """
            struct Service {
                @InjectedParameters
                func run() {}
            }
            """,
            expandedSource: """
                struct Service {
                    func run() {}
                }
                """)
    }

    @Test func ignoringEveryParameterWarnsAndGeneratesNothing() {
        assertExpansion(
            """
            struct Service {
                @InjectedParameters(ignoring: "a")
                func run(a: Int) {}
            }
            """,
            expandedSource: """
                struct Service {
                    func run(a: Int) {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "Every parameter is ignored, so @InjectedParameters generates nothing.", line: 2,
                    column: 5, severity: .warning)
            ])
    }

    // MARK: Diagnostics

    @Test func anUnknownIgnoredNameIsReportedAtItsLiteral() {
        assertDiagnostic(
            """
            struct Service {
                @InjectedParameters(ignoring: "file", "other")
                func upload(file: URL, session: Session) {}
            }
            """,
            message: "Malformed arguments. Ignored parameter 'other' does not match a known parameter name.",
            line: 2, column: 43, fixIts: ["Remove 'other' from the ignored parameters"],
            fixedSource: """
                struct Service {
                    @InjectedParameters(ignoring: "file")
                    func upload(file: URL, session: Session) {}
                }
                """,
            expandedSource: """
                struct Service {
                    func upload(file: URL, session: Session) {}
                }
                """)
    }

    @Test func removingTheFirstUnknownNameMovesTheLabel() {
        assertDiagnostic(
            """
            struct Service {
                @InjectedParameters(ignoring: "other", "file")
                func upload(file: URL, session: Session) {}
            }
            """,
            message: "Malformed arguments. Ignored parameter 'other' does not match a known parameter name.",
            line: 2, column: 35, fixIts: ["Remove 'other' from the ignored parameters"],
            fixedSource: """
                struct Service {
                    @InjectedParameters(ignoring: "file")
                    func upload(file: URL, session: Session) {}
                }
                """,
            expandedSource: """
                struct Service {
                    func upload(file: URL, session: Session) {}
                }
                """)
    }

    @Test func aGenericParameterMustBeIgnored() {
        assertDiagnostic(
            """
            struct Store {
                @InjectedParameters
                func save<Value>(value: Value, encoder: Encoder) {}
            }
            """,
            message: "Malformed arguments. Cannot inject generic parameter 'value'. Explicitly ignore the parameter.",
            line: 3, column: 22, fixIts: ["Ignore 'value'"],
            fixedSource: """
                struct Store {
                    @InjectedParameters(ignoring: "value")
                    func save<Value>(value: Value, encoder: Encoder) {}
                }
                """,
            expandedSource: """
                struct Store {
                    func save<Value>(value: Value, encoder: Encoder) {}
                }
                """)
    }

    @Test func anOpaqueParameterMustBeIgnoredTooAndTheFixItExtendsTheList() {
        assertDiagnostic(
            """
            struct Store {
                @InjectedParameters(ignoring: "encoder")
                func save(value: some Codable, encoder: Encoder, clock: Clock) {}
            }
            """,
            message: "Malformed arguments. Cannot inject generic parameter 'value'. Explicitly ignore the parameter.",
            line: 3, column: 15, fixIts: ["Ignore 'value'"],
            fixedSource: """
                struct Store {
                    @InjectedParameters(ignoring: "encoder", "value")
                    func save(value: some Codable, encoder: Encoder, clock: Clock) {}
                }
                """,
            expandedSource: """
                struct Store {
                    func save(value: some Codable, encoder: Encoder, clock: Clock) {}
                }
                """)
    }

    @Test func anInoutParameterMustBeIgnored() {
        assertDiagnostic(
            """
            struct Counter {
                @InjectedParameters
                func bump(count: inout Int) {}
            }
            """,
            message: "Malformed arguments. Cannot inject inout parameter 'count'. Explicitly ignore the parameter.",
            line: 3, column: 15, fixIts: ["Ignore 'count'"],
            expandedSource: """
                struct Counter {
                    func bump(count: inout Int) {}
                }
                """)
    }

    @Test func aVariadicParameterCannotBeForwarded() {
        assertDiagnostic(
            """
            struct Logger {
                @InjectedParameters(ignoring: "items")
                func log(items: Any..., sink: Sink) {}
            }
            """,
            message: "Variadic parameter 'items' cannot be forwarded by a generated overload.",
            line: 3, column: 14,
            expandedSource: """
                struct Logger {
                    func log(items: Any..., sink: Sink) {}
                }
                """)
    }

    @Test func onlyFunctionsAndInitializersAreSupported() {
        assertDiagnostic(
            """
            struct Service {
                @InjectedParameters
                var value: Int
            }
            """,
            message: "This macro can only be used on function or initializer declarations.", line: 2, column: 5,
            fixIts: ["Remove '@InjectedParameters'"],
            fixedSource: """
                struct Service {
                    var value: Int
                }
                """,
            expandedSource: """
                struct Service {
                    var value: Int
                }
                """)
    }

    @Test func malformedArgumentsAreReported() {
        assertDiagnostic(
            """
            struct Service {
                @InjectedParameters(strategy: .byLabel)
                func run(a: A) {}
            }
            """,
            message: "Malformed arguments. 'strategy:' must be '.byType' or '.byName'.", line: 2, column: 35,
            expandedSource: """
                struct Service {
                    func run(a: A) {}
                }
                """)
    }

    @Test func anArgumentMayNameItsEnumWithOrWithoutTheModule() {
        assertExpansion(
            """
            final class Service {
                @InjectedParameters(strategy: LoomMacros.InjectedParametersStrategy.byName, ignoring: "clock")
                func run(repository: EntityRepository, clock: Clock) {}
                @InjectedParameters(loading: InjectedParametersLoading.synchronous)
                func stop(repository: EntityRepository) {}
            }
            """,
            expandedSource: """
                final class Service {
                    func run(repository: EntityRepository, clock: Clock) {}

                    @_disfavoredOverload
                    func run(clock: Clock) {
                        run(repository: _injectedParameter(byName: "repository", as: EntityRepository.self, \(Self.location(2))), clock: clock)
                    }
                    func stop(repository: EntityRepository) {}

                    @_disfavoredOverload
                    func stop() {
                        stop(repository: _injectedParameter(byType: EntityRepository.self, \(Self.location(4))))
                    }
                }
                """)
    }

    @Test func anArgumentNamingAnotherEnumIsReported() {
        assertDiagnostic(
            """
            struct Service {
                @InjectedParameters(strategy: Strategy.byName)
                func run(a: A) {}
            }
            """,
            message: "Malformed arguments. 'strategy:' must be '.byType' or '.byName'.", line: 2, column: 35,
            expandedSource: """
                struct Service {
                    func run(a: A) {}
                }
                """)
    }

    @Test func anUnlabelledArgumentContinuesOnlyTheIgnoringList() {
        assertDiagnostic(
            """
            struct Service {
                @InjectedParameters(ignoring: "a", strategy: .byName, "b")
                func run(a: A, b: B) {}
            }
            """,
            message: "Malformed arguments. Unexpected argument.", line: 2, column: 59,
            expandedSource: """
                struct Service {
                    func run(a: A, b: B) {}
                }
                """)
    }

    @Test func aMalformedLoadingIsReported() {
        assertDiagnostic(
            """
            struct Service {
                @InjectedParameters(loading: .eventually)
                func run(a: A) async {}
            }
            """,
            message: "Malformed arguments. 'loading:' must be '.automatic' or '.synchronous'.", line: 2, column: 34,
            expandedSource: """
                struct Service {
                    func run(a: A) async {}
                }
                """)
    }

    static var withoutPreferredInitializer: [String: MacroSpec] {
        loomMacroSpecs.filter { $0.key != "PreferredInitializer" }
    }
}
