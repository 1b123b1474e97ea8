// The snippets of the article "Configuration from files and the environment"
// (Modules/LoomConfigurationSources/LoomConfigurationSources.docc/Articles/ConfigurationFromFilesAndTheEnvironment.md),
// compiled and run. Keep the two in step. Where the tests depart from the snippets: the environment variables
// provider reads a dictionary instead of the process environment, the files are in a temporary folder instead of
// /etc/myapp, the service group runs in a task that a graceful shutdown ends, the rewritten file comes with an
// explicit reload, and printed values are checked instead of printed.
import Configuration
import Foundation
import Logging
import Loom
import LoomConfigurationSources
public import LoomKeys
import LoomMacros
import LoomTestSupport
import LoomTesting
import ServiceLifecycle
import SystemPackage
import Testing

extension ConfKeys {
    #declareConfKey("httpTimeout", Int.self, defaultValue: 60)
    #declareConfKey("databaseHost", String.self, defaultValue: "localhost")
    #declareServiceKey("apiToken", String.self, defaultValue: nil)
}

enum LogLevel: String, ConfBindable {
    case debug, info, warning, error
}

extension ConfKeys {
    #declareConfKey(visibility: .internal, "logLevel", LogLevel.self, defaultValue: .info)
}

final class HTTPClient: Sendable {
    let timeout: Int
    init(timeout: Int) { self.timeout = timeout }
}

// The article's keys are process-wide: its tests run one after the other.
@Suite(.serialized) struct ConfigurationFromFilesAndTheEnvironmentTests {
    @Test func bindKeysAndApplyTheirValues() async throws {
        let folder = try TemporaryFolder()
        let file = try ConfigFile(
            in: folder, contents: #"{"database": {"host": "db.internal"}, "api": {"token": "t0k"}}"#)
        let sources = ConfSources(
            providers: [
                EnvironmentVariablesProvider(environmentVariables: ["HTTP_TIMEOUT": "30"]),
                try await FileProvider<JSONSnapshot>(filePath: FilePath(file.path)),
            ],
            bindings: [
                ConfBinding(\.httpTimeout, to: "http.timeout"),
                ConfBinding(\.databaseHost, to: "database.host"),
                ConfBinding(\.apiToken, to: "api.token", isSecret: true),
            ]
        )
        try sources.apply()
        #expect(Conf[\.httpTimeout] == 30 && Conf[\.databaseHost] == "db.internal" && Conf[\.apiToken] == "t0k")

        let withoutToken = ConfSources(
            providers: [EnvironmentVariablesProvider(environmentVariables: [:])],
            bindings: [ConfBinding(\.apiToken, to: "api.token", isSecret: true)])
        #expect(
            throws: ConfSourceError.missingValue(
                key: "api.token", searched: ["EnvironmentVariablesProvider: API_TOKEN"])
        ) { try withoutToken.apply() }
    }

    @Test func valueTypes() throws {
        let logging = ConfBinding(\.logLevel, to: "log.level")  // "warning" reads as .warning
        try ConfSources(providers: [InMemoryProvider(values: ["log.level": "warning"])], bindings: [logging]).apply()
        #expect(Conf[\.logLevel] == .warning)
    }

    @Test func reloadAndRebuildWhatReadTheChange() async throws {
        let folder = try TemporaryFolder()
        let config = try ConfigFile(in: folder, contents: #"{"http": {"timeout": 20}}"#)
        let logger = Logger(label: "app")

        let file = try await ReloadingFileProvider<JSONSnapshot>(filePath: FilePath(config.path))
        let reloading = ConfSources(
            providers: [EnvironmentVariablesProvider(environmentVariables: [:]), file],
            bindings: [ConfBinding(\.httpTimeout, to: "http.timeout")],
            pollInterval: .seconds(15)
        )
        try reloading.apply()
        let services = ServiceGroup(services: [file, reloading], logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }

            let app = Container(name: "app")
            app.register(scope: .singleton) { HTTPClient(timeout: Conf[\.httpTimeout]) }

            let before: HTTPClient = try app.resolve()  // built with the applied timeout
            try config.write(#"{"http": {"timeout": 25}}"#)
            try await reloading.reload()  // http.timeout changed in the file
            let after: HTTPClient = try app.resolve()  // a new client, built with the new timeout
            #expect(before.timeout == 20 && after.timeout == 25 && before !== after)

            let snapshot = Conf.snapshot()
            let endpoint = "\(snapshot[\.databaseHost]):\(snapshot[\.httpTimeout])"
            #expect(endpoint.hasSuffix(":25"))

            try config.write(#"{"http": {"timeout": "soon"}}"#)
            do {
                try await reloading.reload()
                Issue.record("a value of the wrong type must fail the reload")
            } catch {
                #expect("\(error)".contains("Configuration key http.timeout has a value of the wrong type in"))
                #expect("\(error)".contains("Found: soon"))
            }
            #expect(Conf[\.httpTimeout] == 25)

            Conf.withValue(1, for: \.httpTimeout) {
                #expect(Conf[\.httpTimeout] == 1)  // 1, whatever the providers say
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
        }
    }

    @Test func whereEachValueCameFrom() throws {
        let sources = ConfSources(
            providers: [EnvironmentVariablesProvider(environmentVariables: ["HTTP_TIMEOUT": "30"])],
            bindings: [ConfBinding(\.httpTimeout, to: "http.timeout")])
        try sources.apply()
        var printed: [String] = []
        for value in sources.values {
            printed.append("\(value)")
        }
        #expect(printed == ["http.timeout = 30 (EnvironmentVariablesProvider (HTTP_TIMEOUT))"])
    }
}
