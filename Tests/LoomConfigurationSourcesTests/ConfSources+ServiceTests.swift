import Configuration
import Foundation
import Logging
import Loom
import LoomConfigurationSources
import LoomKeys
import LoomTestSupport
import LoomTesting
import ServiceLifecycle
import SystemPackage
import Testing

// Written out as `#declareConfKey` would write them: `.ci/run`'s ThreadSanitizer build runs this suite and compiles no
// macro.
extension ConfKeys {
    enum ConfKey_followedLimit: ConfKey { static let defaultValue: Int! = 10 }
    var followedLimit: ConfKey_followedLimit.Type { ConfKey_followedLimit.self }
    enum ConfKey_followedName: ConfKey { static let defaultValue: String! = "none" }
    var followedName: ConfKey_followedName.Type { ConfKey_followedName.self }
    enum ConfKey_polledPort: ConfKey { static let defaultValue: Int! = 80 }
    var polledPort: ConfKey_polledPort.Type { ConfKey_polledPort.self }
    enum ConfKey_shutdownFlag: ConfKey { static let defaultValue: Bool! = false }
    var shutdownFlag: ConfKey_shutdownFlag.Type { ConfKey_shutdownFlag.self }
}

@Suite struct ConfSourcesServiceTests {
    @Test func runLoadsWhatAMutableProviderIsSetTo() async throws {
        let provider = MutableInMemoryProvider(initialValues: ["followed.limit": 20])
        let sources = ConfSources(provider: provider, binding: ConfBinding(\.followedLimit, to: "followed.limit"))
        try sources.apply()
        let changed = configurationChange(of: "followed.limit")
        let running = Task { try await sources.run() }

        provider.setValue(30, forKey: "followed.limit")
        let change = await changed.value

        #expect(change?.keys == ["followed.limit"])
        #expect(Conf[\.followedLimit] == 30)
        running.cancel()
        try await running.value
    }

    @Test func runLoadsWhatAReloadingFileProviderReReads() async throws {
        let folder = try TemporaryFolder()
        let file = try ConfigFile(in: folder, contents: #"{"name": "first"}"#)
        let provider = try await ReloadingFileProvider<JSONSnapshot>(filePath: FilePath(file.path))
        let sources = ConfSources(provider: provider, binding: ConfBinding(\.followedName, to: "name"))
        try sources.apply()
        let changed = configurationChange(of: "name")
        let running = Task { try await sources.run() }

        try file.write(#"{"name": "second"}"#)
        // What the provider's own poll (its `run()`) does on its next tick: re-read the changed file.
        _ = try await provider.fetchValue(forKey: "name", type: .string)
        _ = await changed.value

        #expect(Conf[\.followedName] == "second")
        running.cancel()
        try await running.value
    }

    @Test func pollingReportsAFileThatStaysMalformedOnceAndKeepsTheLastGoodValue() async throws {
        let folder = try TemporaryFolder()
        let file = try ConfigFile(in: folder, contents: #"{"port": 8080}"#)
        let provider = try await ReloadingFileProvider<JSONSnapshot>(filePath: FilePath(file.path))
        let logger = CapturingLogger(minimumLevel: .error)
        let sources = ConfSources(
            providers: [provider], bindings: [ConfBinding(\.polledPort, to: "port")], pollInterval: .milliseconds(5),
            logger: logger)
        try sources.apply()
        try file.write(#"{"port": "#)
        let running = Task { try await sources.run() }

        #expect(await eventually { logger.entries.count == 1 })
        // Later polls find the same failure: one more reload proves it is not logged again.
        await #expect(throws: ConfSourceError.self) { try await sources.reload() }
        #expect(logger.entries.count == 1)
        #expect(Conf[\.polledPort] == 8080)

        try file.write(#"{"port": 8081}"#)
        #expect(await eventually { Conf[\.polledPort] == 8081 })
        running.cancel()
        try await running.value
    }

    @Test func aGracefulShutdownEndsRun() async throws {
        let sources = ConfSources(
            provider: MutableInMemoryProvider(initialValues: [:]), binding: ConfBinding(\.shutdownFlag, to: "flag"))
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [.init(service: sources)], logger: .init(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}
