import LoomDemoApp
import LoomDemoCore
import Testing

@Suite struct NotesSettingsTests {
    @Test func withNothingSetTheFileStoreLivesInTheHomeDataFolder() throws {
        let settings = try NotesSettings(store: nil, storePath: nil, verbose: false, environment: ["HOME": "/home/ada"])
        #expect(settings == NotesSettings(storeKind: .file, storePath: "/home/ada/.local/share/loom-demo/notes.json"))
    }

    @Test func anAbsoluteXDGDataHomeWinsOverHomeAndARelativeOneIsIgnored() throws {
        let absolute = try NotesSettings(
            store: nil, storePath: nil, verbose: false, environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data"])
        #expect(absolute.storePath == "/data/loom-demo/notes.json")
        let relative = try NotesSettings(
            store: nil, storePath: nil, verbose: false, environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "data"])
        #expect(relative.storePath == "/home/ada/.local/share/loom-demo/notes.json")
    }

    @Test func environmentVariablesStandInForMissingFlags() throws {
        let environment = ["HOME": "/home/ada", "LOOM_DEMO_STORE": "Memory", "LOOM_DEMO_STORE_PATH": "/tmp/n.json"]
        let settings = try NotesSettings(store: nil, storePath: nil, verbose: true, environment: environment)
        #expect(settings == NotesSettings(storeKind: .memory, storePath: "/tmp/n.json", isVerbose: true))
    }

    @Test func flagsWinOverEnvironmentVariables() throws {
        let environment = ["LOOM_DEMO_STORE": "memory", "LOOM_DEMO_STORE_PATH": "/tmp/env.json"]
        let settings = try NotesSettings(
            store: .file, storePath: "/tmp/flag.json", verbose: false, environment: environment)
        #expect(settings == NotesSettings(storeKind: .file, storePath: "/tmp/flag.json"))
    }

    @Test func emptyEnvironmentVariablesCountAsUnset() throws {
        let environment = ["HOME": "/home/ada", "LOOM_DEMO_STORE": "", "LOOM_DEMO_STORE_PATH": ""]
        let settings = try NotesSettings(store: nil, storePath: nil, verbose: false, environment: environment)
        #expect(settings == NotesSettings(storeKind: .file, storePath: "/home/ada/.local/share/loom-demo/notes.json"))
    }

    @Test func anUnknownStoreKindInTheEnvironmentIsAClearError() {
        #expect(
            throws: NotesError.invalidSetting(name: "LOOM_DEMO_STORE", value: "cloud", expected: "file or memory")
        ) {
            try NotesSettings(store: nil, storePath: nil, verbose: false, environment: ["LOOM_DEMO_STORE": "cloud"])
        }
    }

    @Test func aLeadingTildeMeansTheHomeFolder() throws {
        let flag = try NotesSettings(store: nil, storePath: "~/n.json", verbose: false, environment: ["HOME": "/h/"])
        #expect(flag.storePath == "/h/n.json")
        let environment = ["HOME": "/h", "LOOM_DEMO_STORE_PATH": "~/env.json"]
        let variable = try NotesSettings(store: nil, storePath: nil, verbose: false, environment: environment)
        #expect(variable.storePath == "/h/env.json")
        let unchanged = try NotesSettings(store: nil, storePath: "a~/n.json", verbose: false, environment: [:])
        #expect(unchanged.storePath == "a~/n.json")
    }
}
