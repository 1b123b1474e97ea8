internal import Configuration
import Foundation
public import LoomConfigurationSources
public import LoomDemoCore
import SystemPackage

/// Where the demo's settings come from, highest precedence first: command-line flags, `LOOM_DEMO_*` environment
/// variables, a JSON config file, and the defaults.
///
/// Each setting is a `ConfKeys` key bound to a configuration key through `LoomConfigurationSources`; ``resolve(flags:environment:)``
/// reads them all without changing anything (so it can be called, and tested, anywhere), and
/// ``NotesApp/start(_:)`` applies them as the keys' root values. `loom-demo config` prints ``report``.
///
/// | setting | flag | environment variable | config file key |
/// |---|---|---|---|
/// | store kind | `--store` | `LOOM_DEMO_STORE` | `store` |
/// | store path | `--store-path` | `LOOM_DEMO_STORE_PATH` | `storePath` |
/// | page size | `--page-size` | `LOOM_DEMO_PAGE_SIZE` | `pageSize` |
/// | log level | `--log-level` | `LOOM_DEMO_LOG_LEVEL` | `logLevel` |
///
/// The config file is `--config`'s, else `$XDG_CONFIG_HOME/loom-demo/config.json`, else
/// `~/.config/loom-demo/config.json`; only a file named with `--config` must exist.
///
/// ```swift
/// let configuration = try await NotesConfiguration.resolve(
///     flags: NotesFlags(pageSize: 5), environment: ProcessInfo.processInfo.environment)
/// configuration.settings.pageSize   // 5
/// for line in configuration.report { print(line) }   // page size: 5 (flag --page-size)
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class NotesConfiguration: Sendable {
    /// One setting: its name in reports, its configuration key, its flag and what it accepts.
    struct Setting {
        let name: String
        let key: String
        let flag: String
        let expected: String
        var variable: String { "LOOM_DEMO_" + EnvironmentName.encode(key) }
    }

    static let storeKind = Setting(name: "store", key: "store", flag: "--store", expected: "file or memory")
    static let storePath = Setting(
        name: "store path", key: "storePath", flag: "--store-path", expected: "a path")
    static let pageSize = Setting(
        name: "page size", key: "pageSize", flag: "--page-size", expected: "a whole number of at least 1")
    static let logLevel = Setting(
        name: "log level", key: "logLevel", flag: "--log-level",
        expected: NotesLogLevel.allCases.map(\.rawValue).joined(separator: ", "))
    static let all = [storeKind, storePath, pageSize, logLevel]

    /// The resolved settings.
    ///
    /// ```swift
    /// configuration.settings.storeKind   // .file
    /// ```
    public let settings: NotesSettings
    /// The config file read (or looked for).
    ///
    /// ```swift
    /// configuration.configFile   // "/home/ada/.config/loom-demo/config.json"
    /// ```
    public let configFile: String
    /// Whether ``configFile`` exists.
    ///
    /// ```swift
    /// if !configuration.configFileExists { print("no config file") }
    /// ```
    public let configFileExists: Bool
    /// Each setting's value and where it came from, in the table's order.
    ///
    /// ```swift
    /// configuration.report.map(\.description)   // ["store: file (default)", …]
    /// ```
    public let report: [NotesSettingReport]
    /// The providers and bindings; ``NotesApp/start(_:)`` applies them.
    ///
    /// ```swift
    /// try configuration.sources.apply()
    /// ```
    public let sources: ConfSources

    private let providerLabels: [String: String]

    private init(
        settings: NotesSettings, configFile: String, configFileExists: Bool, report: [NotesSettingReport],
        sources: ConfSources, providerLabels: [String: String]
    ) {
        self.settings = settings
        self.configFile = configFile
        self.configFileExists = configFileExists
        self.report = report
        self.sources = sources
        self.providerLabels = providerLabels
    }

    /// Reads every setting from the flags, the environment, the config file and the defaults, without changing
    /// anything.
    ///
    /// Empty environment variables count as unset. A leading `~` in a path means the home folder (`HOME`).
    ///
    /// ```swift
    /// let configuration = try await NotesConfiguration.resolve(
    ///     flags: NotesFlags(), environment: ["HOME": "/home/ada", "LOOM_DEMO_PAGE_SIZE": "5"])
    /// ```
    /// - Parameters:
    ///   - flags: The command line's settings.
    ///   - environment: The environment variables to read.
    /// - Returns: The configuration.
    /// - Throws: ``LoomDemoCore/NotesError/invalidSetting(name:value:expected:)`` for a value the demo does not
    ///   understand, naming where it was set; ``LoomDemoCore/NotesError/unreadableConfigFile(path:reason:)`` for a
    ///   config file that is not JSON, or a `--config` file that does not exist.
    public static func resolve(flags: NotesFlags, environment: [String: String]) async throws -> NotesConfiguration {
        let flagProvider = InMemoryProvider(name: "command line", values: flagValues(flags, environment: environment))
        var variables = environment.filter { $0.key.hasPrefix("LOOM_DEMO_") && !$0.value.isEmpty }
        if let path = variables[storePath.variable] {
            variables[storePath.variable] = NotesDefaults.expandingTilde(in: path, environment: environment)
        }
        let environmentProvider = EnvironmentVariablesProvider(environmentVariables: variables)
            .prefixKeys(with: "loom.demo")
        let configFile = NotesDefaults.expandingTilde(
            in: flags.configFile ?? NotesDefaults.configFilePath(environment: environment), environment: environment)
        let fileProvider: FileProvider<JSONSnapshot>
        do {
            fileProvider = try await FileProvider<JSONSnapshot>(
                filePath: FilePath(configFile), allowMissing: flags.configFile == nil)
        } catch {
            throw NotesError.unreadableConfigFile(path: configFile, reason: reason(error))
        }
        // The default store path depends on the environment given, so it is a provider of its own, below the file.
        let defaults = InMemoryProvider(
            name: "defaults",
            values: [
                AbsoluteConfigKey(ConfigKey(storePath.key)): .init(
                    .string(NotesDefaults.storePath(environment: environment)), isSecret: false)
            ])
        let sources = ConfSources(
            providers: [flagProvider, environmentProvider, fileProvider, defaults],
            bindings: [
                ConfBinding(\.notesStoreKind, to: ConfigKey(storeKind.key)),
                ConfBinding(\.notesStorePath, to: ConfigKey(storePath.key)),
                ConfBinding(\.notesPageSize, to: ConfigKey(pageSize.key)),
                ConfBinding(\.notesLogLevel, to: ConfigKey(logLevel.key)),
            ])
        let labels = [
            flagProvider.providerName: "flag", environmentProvider.providerName: "environment variable",
            fileProvider.providerName: "config file \(configFile)", defaults.providerName: "default",
        ]
        let preview: ConfPreview
        do throws(ConfSourceError) {
            preview = try sources.preview()
        } catch {
            throw notesError(for: error, labels: labels, configFile: configFile)
        }
        let settings = NotesSettings(
            storeKind: preview.value(for: \.notesStoreKind) ?? .file,
            storePath: NotesDefaults.expandingTilde(
                in: preview.value(for: \.notesStorePath) ?? NotesDefaults.storePath(environment: environment),
                environment: environment),
            pageSize: preview.value(for: \.notesPageSize) ?? NotesDefaults.pageSize,
            logLevel: preview.value(for: \.notesLogLevel) ?? .warning)
        if settings.pageSize < 1 {
            let origin = preview.origin(of: \.notesPageSize) ?? .defaultValue
            throw NotesError.invalidSetting(
                name: place(pageSize, origin, labels: labels), value: String(settings.pageSize),
                expected: pageSize.expected)
        }
        let report = zip(all, preview.values).map { setting, value in
            NotesSettingReport(
                name: setting.name, value: setting.key == storePath.key ? settings.storePath : value.value,
                source: source(of: setting, value.origin, labels: labels))
        }
        return NotesConfiguration(
            settings: settings, configFile: configFile,
            configFileExists: FileManager.default.fileExists(atPath: configFile), report: report, sources: sources,
            providerLabels: labels)
    }

    /// The demo's error for a failed update from these sources.
    ///
    /// ```swift
    /// do { try configuration.sources.apply() } catch { throw configuration.notesError(for: error) }
    /// ```
    /// - Parameter error: What `ConfSources` threw.
    /// - Returns: The error to show.
    public func notesError(for error: ConfSourceError) -> NotesError {
        Self.notesError(for: error, labels: providerLabels, configFile: configFile)
    }

    private static func notesError(for error: ConfSourceError, labels: [String: String], configFile: String)
        -> NotesError
    {
        switch error.problems.first {
        case .invalidValue(let key, let provider, let value, _):
            let setting = all.first { $0.key == key } ?? storePath
            let origin = ConfValueOrigin.provider(name: provider, lookedUpAs: key)
            return .invalidSetting(
                name: Self.place(setting, origin, labels: labels), value: value, expected: setting.expected)
        case .providerFailed(_, let reason):
            return .unreadableConfigFile(path: configFile, reason: reason)
        case .missingValue(let key, _):
            return .invalidSetting(name: key, value: "", expected: "set")
        case .several, nil:
            return .invalidSetting(name: "a setting", value: "", expected: "valid")
        }
    }

    /// The command line's settings as configuration values.
    private static func flagValues(_ flags: NotesFlags, environment: [String: String]) -> [AbsoluteConfigKey:
        ConfigValue]
    {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        if let store = flags.store {
            values[AbsoluteConfigKey(ConfigKey(storeKind.key))] = .init(.string(store.rawValue), isSecret: false)
        }
        if let path = flags.storePath {
            values[AbsoluteConfigKey(ConfigKey(storePath.key))] = .init(
                .string(NotesDefaults.expandingTilde(in: path, environment: environment)), isSecret: false)
        }
        if let size = flags.pageSize {
            values[AbsoluteConfigKey(ConfigKey(pageSize.key))] = .init(.int(size), isSecret: false)
        }
        if let level = flags.logLevel {
            values[AbsoluteConfigKey(ConfigKey(logLevel.key))] = .init(.string(level.rawValue), isSecret: false)
        }
        return values
    }

    /// Where a setting was set, as an error names it: `--page-size`, `LOOM_DEMO_PAGE_SIZE`, `pageSize in <file>`.
    private static func place(_ setting: Setting, _ origin: ConfValueOrigin, labels: [String: String]) -> String {
        guard case .provider(let name, _) = origin else { return setting.name }
        switch labels[name] {
        case "flag": return setting.flag
        case "environment variable": return setting.variable
        case "default": return setting.name
        case let label?: return "\(setting.key) in the \(label)"
        case nil: return setting.name
        }
    }

    /// Where a setting came from, as `loom-demo config` prints it.
    private static func source(of setting: Setting, _ origin: ConfValueOrigin, labels: [String: String]) -> String {
        guard case .provider(let name, _) = origin, let label = labels[name] else { return "default" }
        switch label {
        case "flag": return "flag \(setting.flag)"
        case "environment variable": return "environment variable \(setting.variable)"
        default: return label
        }
    }

    /// A file error's reason, without the error's type.
    private static func reason(_ error: any Error) -> String {
        let bridged = error as NSError
        if bridged.domain == NSCocoaErrorDomain, let detail = bridged.userInfo["NSDebugDescription"] as? String {
            return "it is not valid JSON (\(detail))"
        }
        if let error = error as? any LocalizedError, let description = error.errorDescription { return description }
        return String(describing: error)
    }
}

/// How environment variables spell a configuration key (swift-configuration's rule): camel-case words split by `_`,
/// upper-cased.
enum EnvironmentName {
    static func encode(_ key: String) -> String {
        var name = ""
        var previousIsLower = false
        for character in key {
            if character.isUppercase, previousIsLower { name.append("_") }
            name.append(character.isLetter || character.isNumber ? Character(character.uppercased()) : "_")
            previousIsLower = character.isLowercase
        }
        return name
    }
}
