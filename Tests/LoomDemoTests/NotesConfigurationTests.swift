import Foundation
import LoomDemoApp
import LoomDemoCore
import Testing

/// Resolving reads the flags, the environment and the config file without changing any process-wide state, so these
/// tests run in parallel with everything else.
@Suite struct NotesConfigurationTests {
    func settings(_ flags: NotesFlags, _ environment: [String: String]) async throws -> NotesSettings {
        try await NotesConfiguration.resolve(flags: flags, environment: environment).settings
    }

    func settings(_ environment: [String: String]) async throws -> NotesSettings {
        try await settings(NotesFlags(), environment)
    }

    @Test func withNothingSetEverySettingIsItsDefault() async throws {
        let configuration = try await NotesConfiguration.resolve(
            flags: NotesFlags(), environment: ["HOME": "/home/ada"])
        #expect(
            configuration.settings
                == NotesSettings(storeKind: .file, storePath: "/home/ada/.local/share/loom-demo/notes.json"))
        #expect(
            configuration.report.map(\.description) == [
                "store: file (default)", "store path: /home/ada/.local/share/loom-demo/notes.json (default)",
                "page size: 20 (default)", "log level: warning (default)",
            ])
        #expect(configuration.configFile == "/home/ada/.config/loom-demo/config.json")
        #expect(!configuration.configFileExists)
    }

    @Test func anAbsoluteXDGFolderWinsOverHomeAndARelativeOneIsIgnored() async throws {
        let absolute = try await NotesConfiguration.resolve(
            flags: NotesFlags(), environment: ["HOME": "/h", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/conf"])
        #expect(absolute.settings.storePath == "/data/loom-demo/notes.json")
        #expect(absolute.configFile == "/conf/loom-demo/config.json")
        let relative = try await NotesConfiguration.resolve(
            flags: NotesFlags(), environment: ["HOME": "/h", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "conf"])
        #expect(relative.settings.storePath == "/h/.local/share/loom-demo/notes.json")
        #expect(relative.configFile == "/h/.config/loom-demo/config.json")
    }

    @Test func flagsWinOverTheEnvironmentWhichWinsOverTheConfigFileWhichWinsOverTheDefaults() async throws {
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: home.path(".config/loom-demo"), withIntermediateDirectories: true)
        try Data(#"{"store": "memory", "storePath": "~/file.json", "pageSize": 7, "logLevel": "info"}"#.utf8)
            .write(to: URL(fileURLWithPath: home.path(".config/loom-demo/config.json")))
        let environment = ["HOME": home.url.path, "LOOM_DEMO_PAGE_SIZE": "5", "LOOM_DEMO_LOG_LEVEL": "DEBUG"]

        let configuration = try await NotesConfiguration.resolve(
            flags: NotesFlags(logLevel: .trace), environment: environment)

        #expect(
            configuration.settings
                == NotesSettings(
                    storeKind: .memory, storePath: home.path("file.json"), pageSize: 5, logLevel: .trace))
        let file = "config file \(home.path(".config/loom-demo/config.json"))"
        #expect(
            configuration.report.map(\.source) == [
                file, file, "environment variable LOOM_DEMO_PAGE_SIZE", "flag --log-level",
            ])
        #expect(configuration.configFileExists)
    }

    @Test func environmentVariablesIgnoreCaseAndEmptyOnesCountAsUnset() async throws {
        let environment = ["HOME": "/home/ada", "LOOM_DEMO_STORE": "Memory", "LOOM_DEMO_STORE_PATH": "/tmp/n.json"]
        #expect(try await settings(environment) == NotesSettings(storeKind: .memory, storePath: "/tmp/n.json"))
        let empty = ["HOME": "/home/ada", "LOOM_DEMO_STORE": "", "LOOM_DEMO_STORE_PATH": ""]
        #expect(
            try await settings(empty)
                == NotesSettings(storeKind: .file, storePath: "/home/ada/.local/share/loom-demo/notes.json"))
    }

    @Test func aFileNamedWithConfigIsReadAndMustExist() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.json")
        try Data(#"{"pageSize": 3}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try await settings(NotesFlags(configFile: path), ["HOME": "/h"]).pageSize == 3)

        let missing = folder.path("missing.json")
        await #expect {
            try await settings(NotesFlags(configFile: missing), ["HOME": "/h"])
        } throws: { error in
            guard case .unreadableConfigFile(let reported, _) = error as? NotesError else { return false }
            return reported == missing
        }
    }

    @Test func badValuesAreClearErrorsNamingWhereTheyWereSet() async throws {
        await #expect(
            throws: NotesError.invalidSetting(name: "LOOM_DEMO_STORE", value: "cloud", expected: "file or memory")
        ) { try await settings(["LOOM_DEMO_STORE": "cloud"]) }
        await #expect(
            throws: NotesError.invalidSetting(
                name: "LOOM_DEMO_PAGE_SIZE", value: "0", expected: "a whole number of at least 1")
        ) { try await settings(["LOOM_DEMO_PAGE_SIZE": "0"]) }

        let folder = try TemporaryDirectory()
        let path = folder.path("demo.json")
        try Data(#"{"logLevel": "loud"}"#.utf8).write(to: URL(fileURLWithPath: path))
        await #expect(
            throws: NotesError.invalidSetting(
                name: "logLevel in the config file \(path)", value: "loud",
                expected: "trace, debug, info, warning, error")
        ) { try await settings(NotesFlags(configFile: path), [:]) }

        try Data(#"{"logLevel": "#.utf8).write(to: URL(fileURLWithPath: path))
        await #expect {
            try await settings(NotesFlags(configFile: path), [:])
        } throws: { error in
            guard case .unreadableConfigFile(_, let reason) = error as? NotesError else { return false }
            return reason.hasPrefix("it is not valid JSON")
        }
    }

    @Test func aLeadingTildeMeansTheHomeFolder() async throws {
        #expect(try await settings(NotesFlags(storePath: "~/n.json"), ["HOME": "/h/"]).storePath == "/h/n.json")
        let environment = ["HOME": "/h", "LOOM_DEMO_STORE_PATH": "~/env.json"]
        #expect(try await settings(environment).storePath == "/h/env.json")
        #expect(try await settings(NotesFlags(storePath: "a~/n.json"), [:]).storePath == "a~/n.json")
    }
}
