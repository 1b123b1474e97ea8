import Configuration
import Foundation
import Loom
import LoomConfigurationSources
import LoomKeys
import LoomTestSupport
import LoomTesting
import SystemPackage
import Testing

// Keys of this suite. Root values are process-wide and suites run in parallel: every test owns the keys it loads.
// Written out as `#declareConfKey` would write them (a `ConfKey_<name>` type, whose name the bindings read, and its
// accessor): `.ci/run`'s ThreadSanitizer build runs these suites and compiles no macro.
extension ConfKeys {
    enum ConfKey_sourcesTimeout: ConfKey { static let defaultValue: Int! = 60 }
    var sourcesTimeout: ConfKey_sourcesTimeout.Type { ConfKey_sourcesTimeout.self }
    enum ConfKey_sourcesHost: ConfKey { static let defaultValue: String! = "localhost" }
    var sourcesHost: ConfKey_sourcesHost.Type { ConfKey_sourcesHost.self }
    enum ConfKey_sourcesRetries: ConfKey { static let defaultValue: Int! = 3 }
    var sourcesRetries: ConfKey_sourcesRetries.Type { ConfKey_sourcesRetries.self }
    enum ConfKey_sourcesToken: ConfKey { static let defaultValue: String! = nil }
    var sourcesToken: ConfKey_sourcesToken.Type { ConfKey_sourcesToken.self }
    enum ConfKey_wrongTypeTimeout: ConfKey { static let defaultValue: Int! = 60 }
    var wrongTypeTimeout: ConfKey_wrongTypeTimeout.Type { ConfKey_wrongTypeTimeout.self }
    enum ConfKey_overriddenLimit: ConfKey { static let defaultValue: Int! = 1 }
    var overriddenLimit: ConfKey_overriddenLimit.Type { ConfKey_overriddenLimit.self }
    enum ConfKey_rebuildA: ConfKey { static let defaultValue: String! = "a" }
    var rebuildA: ConfKey_rebuildA.Type { ConfKey_rebuildA.self }
    enum ConfKey_rebuildB: ConfKey { static let defaultValue: String! = "b" }
    var rebuildB: ConfKey_rebuildB.Type { ConfKey_rebuildB.self }
    enum ConfKey_changesCounted: ConfKey { static let defaultValue: Int! = 0 }
    var changesCounted: ConfKey_changesCounted.Type { ConfKey_changesCounted.self }
    enum ConfKey_pairLeft: ConfKey { static let defaultValue: Int! = 0 }
    var pairLeft: ConfKey_pairLeft.Type { ConfKey_pairLeft.self }
    enum ConfKey_pairRight: ConfKey { static let defaultValue: Int! = 0 }
    var pairRight: ConfKey_pairRight.Type { ConfKey_pairRight.self }
    enum ConfKey_secretUser: ConfKey { static let defaultValue: String! = "nobody" }
    var secretUser: ConfKey_secretUser.Type { ConfKey_secretUser.self }
    enum ConfKey_secretPassword: ConfKey { static let defaultValue: String! = nil }
    var secretPassword: ConfKey_secretPassword.Type { ConfKey_secretPassword.self }
    enum ConfKey_secretPin: ConfKey { static let defaultValue: Int! = 0 }
    var secretPin: ConfKey_secretPin.Type { ConfKey_secretPin.self }
    enum ConfKey_scopedLevel: ConfKey { static let defaultValue: String! = "info" }
    var scopedLevel: ConfKey_scopedLevel.Type { ConfKey_scopedLevel.self }
    enum ConfKey_malformedPort: ConfKey { static let defaultValue: Int! = 80 }
    var malformedPort: ConfKey_malformedPort.Type { ConfKey_malformedPort.self }
}

@Suite struct ConfSourcesTests {
    @Test func eachKeyTakesTheFirstProviderThatHasItElseItsDefault() async throws {
        let folder = try TemporaryFolder()
        let file = try ConfigFile(
            in: folder, contents: #"{"http": {"timeout": 45, "host": "file.example.com"}}"#)
        let sources = ConfSources(
            providers: [
                EnvironmentVariablesProvider(environmentVariables: ["HTTP_TIMEOUT": "30"]),
                try await FileProvider<JSONSnapshot>(filePath: FilePath(file.path)),
            ],
            bindings: [
                ConfBinding(\.sourcesTimeout, to: "http.timeout"),
                ConfBinding(\.sourcesHost, to: "http.host"),
                ConfBinding(\.sourcesRetries, to: "http.retries"),
            ])

        let result = try sources.apply()

        #expect(Conf[\.sourcesTimeout] == 30)
        #expect(Conf[\.sourcesHost] == "file.example.com")
        #expect(Conf[\.sourcesRetries] == 3)
        #expect(result.changedKeys == ["http.timeout", "http.host"])
        #expect(
            sources.origin(of: \.sourcesTimeout)
                == .provider(name: "EnvironmentVariablesProvider", lookedUpAs: "HTTP_TIMEOUT"))
        #expect(
            sources.origin(of: \.sourcesHost) == .provider(name: "FileProvider<JSONSnapshot>", lookedUpAs: "http.host"))
        #expect(sources.origin(of: \.sourcesRetries) == .defaultValue)
        #expect(
            sources.values.map(\.description) == [
                "http.timeout = 30 (EnvironmentVariablesProvider (HTTP_TIMEOUT))",
                "http.host = file.example.com (FileProvider<JSONSnapshot> (http.host))",
                "http.retries = 3 (default)",
            ])
        #expect(try sources.apply().changedKeys.isEmpty, "applying the same values again changes nothing")
    }

    @Test func aRequiredKeyNoProviderHasIsATypedErrorNamingTheKeyAndEveryProviderSearched() async throws {
        let folder = try TemporaryFolder()
        let file = try ConfigFile(in: folder, contents: "{}")
        let logger = CapturingLogger()
        let sources = ConfSources(
            providers: [
                EnvironmentVariablesProvider(environmentVariables: [:]),
                try await FileProvider<JSONSnapshot>(filePath: FilePath(file.path)),
            ],
            bindings: [ConfBinding(\.sourcesToken, to: "api.token", isSecret: true)], logger: logger)

        #expect(
            throws: ConfSourceError.missingValue(
                key: "api.token",
                searched: ["EnvironmentVariablesProvider: API_TOKEN", "FileProvider<JSONSnapshot>: api.token"])
        ) { try sources.apply() }
        #expect(sources.values.isEmpty)
        let errors = logger.messages(at: .error)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("Configuration key api.token is required and no provider has it.") == true)
    }

    @Test func aValueOfTheWrongTypeKeepsTheLastGoodValuesAndIsLoggedOnce() throws {
        let provider = MutableInMemoryProvider(name: "settings", initialValues: ["http.timeout": 30])
        let logger = CapturingLogger()
        let sources = ConfSources(
            providers: [provider], bindings: [ConfBinding(\.wrongTypeTimeout, to: "http.timeout")], logger: logger)
        try sources.apply()

        provider.setValue("thirty", forKey: "http.timeout")
        let expected = ConfSourceError.invalidValue(
            key: "http.timeout", provider: "MutableInMemoryProvider[settings]", value: "thirty",
            expected: "Int (read as int)")
        #expect(throws: expected) { try sources.apply() }
        #expect(throws: expected) { try sources.apply() }

        #expect(Conf[\.wrongTypeTimeout] == 30)
        #expect(sources.values.first?.value == "30")
        #expect(logger.messages(at: .error).count == 1, "the same failure is logged once")
        #expect(logger.messages(at: .error).first?.contains("Found: thirty") == true)

        provider.setValue(31, forKey: "http.timeout")
        try sources.apply()
        #expect(Conf[\.wrongTypeTimeout] == 31)
    }

    @Test(.conf(\.overriddenLimit, 7)) func overridesStillWinOverLoadedValues() throws {
        let sources = ConfSources(
            providers: [InMemoryProvider(values: ["limit": 100])],
            bindings: [ConfBinding(\.overriddenLimit, to: "limit")])
        try sources.apply()

        #expect(Conf[\.overriddenLimit] == 7, "the .conf trait wins")
        #expect(Conf.rootValue(for: \.overriddenLimit) == 100)
        Conf.withValue(5, for: \.overriddenLimit) {
            #expect(Conf[\.overriddenLimit] == 5)
            #expect(Conf.snapshot()[\.overriddenLimit] == 5, "a snapshot keeps the task's overrides")
        }
        withTestDependencies { _ in
            Conf.setRootValue(9, for: \.overriddenLimit)
        } operation: {
            #expect(Conf.rootValue(for: \.overriddenLimit) == 9, "a test scope's root value wins")
        }
    }

    @Test func onlyTheCachedInstancesWhoseFactoriesReadAChangedKeyAreRebuilt() throws {
        let provider = MutableInMemoryProvider(initialValues: ["a": "a1", "b": "b1"])
        let sources = ConfSources(
            providers: [provider],
            bindings: [ConfBinding(\.rebuildA, to: "a"), ConfBinding(\.rebuildB, to: "b")])
        try sources.apply()
        let builds = Collected<String>()
        let container = Container(name: "rebuilds")
        container.register(Built.self, alternative: "readsA", scope: .singleton) {
            builds.append("readsA")
            return Built(Conf[\.rebuildA])
        }
        container.register(Built.self, alternative: "readsB", scope: .singleton) {
            builds.append("readsB")
            return Built(Conf[\.rebuildB])
        }
        container.register(Built.self, alternative: "readsNothing", scope: .singleton) {
            builds.append("readsNothing")
            return Built("constant")
        }
        // A transient factory's read counts for the cached instance it is built into.
        container.register(String.self, alternative: "transientA") { Conf[\.rebuildA] }
        container.register(Built.self, alternative: "holdsTransientA", scope: .singleton) {
            builds.append("holdsTransientA")
            return Built(try container.resolve(String.self, alternative: "transientA"))
        }
        func resolveAll() throws -> [String] {
            try ["readsA", "readsB", "readsNothing", "holdsTransientA"].map {
                try container.resolve(Built.self, alternative: RegistrationAlternative($0)).value
            }
        }
        #expect(try resolveAll() == ["a1", "b1", "constant", "a1"])
        #expect(builds.all.count == 4)

        provider.setValue("a2", forKey: "a")
        let result = try sources.apply()

        #expect(result == ConfLoadResult(changedKeys: ["a"], rebuiltInstances: 2, containers: ["Container(rebuilds)"]))
        #expect(try resolveAll() == ["a2", "b1", "constant", "a2"])
        #expect(
            builds.all.sorted() == ["holdsTransientA", "holdsTransientA", "readsA", "readsA", "readsB", "readsNothing"])
    }

    @Test func eachLoadThatChangesSomethingEmitsOneGraphChange() async throws {
        let provider = MutableInMemoryProvider(initialValues: ["counted": 0])
        let sources = ConfSources(provider: provider, binding: ConfBinding(\.changesCounted, to: "counted"))
        try sources.apply()
        let changes = DependencyGraph.changes
        let collected = Task {
            var seen: [DependencyGraphChange] = []
            for await change in changes where change.keys == ["counted"] {
                seen.append(change)
                if seen.count == 2 { break }
            }
            return seen
        }

        provider.setValue(1, forKey: "counted")
        try sources.apply()
        try sources.apply()  // nothing changed: no element
        provider.setValue(2, forKey: "counted")
        try sources.apply()

        let seen = await collected.value
        #expect(seen.map(\.kind) == [.configurationChanged, .configurationChanged])
        #expect(seen.first?.description == "configuration changed: counted")
    }

    @Test func readersOfTwoLinkedKeysNeverSeeHalfAReloadWhileTheFileIsRewrittenAHundredTimes() async throws {
        let folder = try TemporaryFolder()
        func pair(_ version: Int) -> String { #"{"pair": {"left": \#(version), "right": \#(version)}}"# }
        let file = try ConfigFile(in: folder, contents: pair(0))
        let provider = try await ReloadingFileProvider<JSONSnapshot>(filePath: FilePath(file.path))
        let sources = ConfSources(
            providers: [provider],
            bindings: [ConfBinding(\.pairLeft, to: "pair.left"), ConfBinding(\.pairRight, to: "pair.right")])
        try sources.apply()

        let readers = 4
        let seen = (0..<readers).map { _ in Counter() }  // the highest version each reader has seen
        let mixed = Collected<String>()
        let done = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for reader in 0..<readers {
                group.addTask {
                    while done.value == 0 {
                        let snapshot = Conf.snapshot()
                        let (left, right) = (snapshot[\.pairLeft], snapshot[\.pairRight])
                        if left != right { mixed.append("\(left)/\(right)") }
                        while seen[reader].value < left { seen[reader].increment() }
                        await Task.yield()
                    }
                }
            }
            for version in 1...100 {
                try file.write(pair(version))
                try await sources.reload()
                // Every reader reads the new version before the next rewrite, so each reload lands among reads.
                while seen.contains(where: { $0.value < version }) { await Task.yield() }
            }
            done.increment()
            try await group.waitForAll()
        }

        #expect(mixed.all.isEmpty)
        #expect(Conf[\.pairLeft] == 100 && Conf[\.pairRight] == 100)
    }

    @Test func aSecretValueAppearsInNoLogLineErrorOrPrintedValue() async throws {
        let folder = try TemporaryFolder()
        let password = "hunter2-\(UUID().uuidString)"
        let file = try ConfigFile(in: folder, contents: #"{"db": {"password": "\#(password)", "pin": 1234}}"#)
        let provider = try await ReloadingFileProvider<JSONSnapshot>(filePath: FilePath(file.path))
        let logger = CapturingLogger()
        let sources = ConfSources(
            providers: [
                EnvironmentVariablesProvider(
                    environmentVariables: ["DB_USER": "ada"], secretsSpecifier: .specific(["DB_USER"])),
                provider,
            ],
            bindings: [
                ConfBinding(\.secretUser, to: "db.user"),
                ConfBinding(\.secretPassword, to: "db.password", isSecret: true),
                ConfBinding(\.secretPin, to: "db.pin", isSecret: true),
            ],
            logger: logger)
        try sources.apply()
        #expect(Conf[\.secretPassword] == password)
        #expect(sources.values.map(\.value) == ["<redacted>", "<redacted>", "<redacted>"])

        // A secret of the wrong type, then a file that no longer parses (and still holds the secret).
        try file.write(#"{"db": {"password": "\#(password)", "pin": "\#(password)"}}"#)
        await #expect(throws: ConfSourceError.self) { try await sources.reload() }
        try file.write(#"{"db": {"password": "\#(password)", "#)
        let error = await #expect(throws: ConfSourceError.self) { try await sources.reload() }

        let printed =
            logger.entries.map(\.message) + [String(describing: error)] + sources.values.map(\.description)
            + [String(describing: DependencyGraph.verify())]
        #expect(logger.messages(at: .error).count == 2)
        #expect(!printed.contains { $0.contains(password) || $0.contains("ada") || $0.contains("1234") })
        #expect(Conf[\.secretPassword] == password && Conf[\.secretPin] == 1234, "the last good values stay")
    }

    @Test func insideATestScopeALoadSetsOnlyThatScopesRootValues() throws {
        let sources = ConfSources(
            providers: [InMemoryProvider(values: ["level": "debug"])],
            bindings: [ConfBinding(\.scopedLevel, to: "level")])
        try withTestDependencies { _ in
        } operation: {
            try sources.apply()
            #expect(Conf[\.scopedLevel] == "debug")
        }
        #expect(Conf[\.scopedLevel] == "info")
    }

    @Test func aMalformedRewriteKeepsTheOldValuesAndLogsOneError() async throws {
        let folder = try TemporaryFolder()
        let file = try ConfigFile(in: folder, contents: #"{"port": 8080}"#)
        let provider = try await ReloadingFileProvider<JSONSnapshot>(filePath: FilePath(file.path))
        let logger = CapturingLogger()
        let sources = ConfSources(
            providers: [provider], bindings: [ConfBinding(\.malformedPort, to: "port")], logger: logger)
        try sources.apply()

        try file.write(#"{"port": 90"#)
        await #expect {
            try await sources.reload()
        } throws: { error in
            guard case .providerFailed(let name, _) = error as? ConfSourceError else { return false }
            return name == "ReloadingFileProvider<JSONSnapshot>"
        }

        #expect(Conf[\.malformedPort] == 8080)
        #expect(logger.messages(at: .error).count == 1)
        #expect(logger.messages(at: .error).first?.contains("ReloadingFileProvider<JSONSnapshot> failed") == true)
    }
}

extension ConfSources {
    /// Sources of one provider and one binding.
    convenience init(provider: any ConfigProvider, binding: ConfBinding) {
        self.init(providers: [provider], bindings: [binding])
    }
}

/// A provider whose fetch fails with a message that quotes the source line it choked on, as YAML parsers do; its
/// snapshot serves the last good values.
final class QuotingFailureProvider: ConfigProvider {
    struct ParseFailure: Error, CustomStringConvertible {
        let line: String
        var description: String { "line 3: cannot parse '\(line)'" }
    }

    let inner: InMemoryProvider
    let quoted: LoomTestSupport.Collected<String>

    init(values: [AbsoluteConfigKey: ConfigValue]) {
        inner = InMemoryProvider(values: values)
        quoted = LoomTestSupport.Collected()
    }

    var providerName: String { "QuotingFailureProvider" }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try inner.value(forKey: key, type: type)
    }

    // swift-configuration's requirements are `nonisolated(nonsending)` (it builds with that default).
    nonisolated(nonsending) func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws
        -> LookupResult
    {
        if let line = quoted.all.last { throw ParseFailure(line: line) }
        return try await inner.fetchValue(forKey: key, type: type)
    }

    nonisolated(nonsending) func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey, type: ConfigType,
        updatesHandler:
            nonisolated(nonsending) (ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>)
            async throws -> Return
    ) async throws -> Return {
        try await inner.watchValue(forKey: key, type: type, updatesHandler: updatesHandler)
    }

    func snapshot() -> any ConfigSnapshot { inner.snapshot() }

    nonisolated(nonsending) func watchSnapshot<Return: ~Copyable>(
        updatesHandler:
            nonisolated(nonsending) (ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws
            -> Return
    ) async throws -> Return {
        try await inner.watchSnapshot(updatesHandler: updatesHandler)
    }
}

extension ConfKeys {
    enum ConfKey_rotatedPassword: ConfKey { static let defaultValue: String! = nil }
    var rotatedPassword: ConfKey_rotatedPassword.Type { ConfKey_rotatedPassword.self }
}

/// A provider's failure text may quote a secret Loom never loaded (a rotated password in the line that no longer
/// parses): with a secret key bound, the text is withheld — its type and provider name say enough.
@Suite struct ProviderFailureSecrecyTests {
    @Test func aProviderFailureQuotingANewSecretPrintsItNowhere() async throws {
        let provider = QuotingFailureProvider(values: ["db.password": "old-password"])
        let logger = CapturingLogger()
        let sources = ConfSources(
            providers: [provider], bindings: [ConfBinding(\.rotatedPassword, to: "db.password", isSecret: true)],
            logger: logger)
        try sources.apply()
        let rotated = "rotated-\(UUID().uuidString)"
        provider.quoted.append("password: \(rotated)")
        let error = await #expect(throws: ConfSourceError.self) { try await sources.reload() }
        guard case .providerFailed(let name, let reason) = error else {
            Issue.record("expected providerFailed, got \(String(describing: error))")
            return
        }
        #expect(name == "QuotingFailureProvider")
        #expect(reason.contains("ParseFailure"))
        let printed = logger.entries.map(\.message) + [String(describing: error), reason]
        #expect(!printed.contains { $0.contains(rotated) })
        #expect(Conf[\.rotatedPassword] == "old-password")
    }
}
