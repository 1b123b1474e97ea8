import ArgumentParser
import Foundation
import Loom
import LoomDemoApp
import LoomDemoCore

/// `loom-demo config`: prints each setting, its value and where the value came from.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show each setting, its value and where it came from.",
        discussion: """
            Each setting comes from, highest first: its flag, its LOOM_DEMO_* environment variable, the JSON config \
            file (--config, else $XDG_CONFIG_HOME/loom-demo/config.json, else ~/.config/loom-demo/config.json), \
            and the default. A config file looks like:
            {"store": "file", "storePath": "~/notes.json", "pageSize": 10, "logLevel": "info"}
            """)

    @OptionGroup var options: StoreOptions

    func run() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            throw ValidationError("loom-demo reads its settings with swift-configuration, which needs macOS 15.")
        }
        let configuration = try await NotesConfiguration.resolve(
            flags: options.flags, environment: ProcessInfo.processInfo.environment)
        let console = Conf[\.notesConsole]
        for line in configuration.report { console.write(line.description) }
        console.write(
            "config file: \(configuration.configFile) (\(configuration.configFileExists ? "read" : "not found"))")
    }
}
