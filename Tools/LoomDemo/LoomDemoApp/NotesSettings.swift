public import LoomDemoCore

/// The demo's configuration for one run, from the command line, the environment and the defaults, in that order.
///
/// The executable builds one from its flags and the process environment and hands it to
/// ``NotesApp/start(_:)``, which turns it into `Conf` root values.
///
/// ```swift
/// let settings = try NotesSettings(
///     store: nil, storePath: nil, verbose: false, environment: ["LOOM_DEMO_STORE": "memory"])
/// settings.storeKind   // .memory
/// ```
public struct NotesSettings: Sendable, Equatable {
    /// `LOOM_DEMO_STORE`: the store kind when `--store` is not given (`file` or `memory`).
    public static let storeVariable = "LOOM_DEMO_STORE"
    /// `LOOM_DEMO_STORE_PATH`: the notes file when `--store-path` is not given.
    public static let storePathVariable = "LOOM_DEMO_STORE_PATH"

    /// Which store holds the notes.
    public var storeKind: NoteStoreKind
    /// The file store's notes file (resolved even when the memory store is chosen).
    public var storePath: String
    /// Whether Loom's events are logged to standard error (`--verbose`).
    public var isVerbose: Bool

    /// Creates settings from known values.
    ///
    /// ```swift
    /// let settings = NotesSettings(storeKind: .file, storePath: "/tmp/notes.json")
    /// ```
    /// - Parameters:
    ///   - storeKind: Which store holds the notes.
    ///   - storePath: The file store's notes file.
    ///   - isVerbose: Whether to log Loom's events.
    public init(storeKind: NoteStoreKind, storePath: String, isVerbose: Bool = false) {
        self.storeKind = storeKind
        self.storePath = storePath
        self.isVerbose = isVerbose
    }

    /// Resolves each setting from its flag, else its environment variable, else its default.
    ///
    /// Empty environment variables count as unset. A leading `~` in a path means the home folder (`HOME`), so a
    /// path written in the environment or as `--store-path=~/notes.json` works like one the shell expanded.
    ///
    /// ```swift
    /// let settings = try NotesSettings(
    ///     store: .memory, storePath: nil, verbose: true, environment: ProcessInfo.processInfo.environment)
    /// ```
    /// - Parameters:
    ///   - store: The `--store` value, if given.
    ///   - storePath: The `--store-path` value, if given.
    ///   - verbose: Whether `--verbose` was given.
    ///   - environment: The environment variables to read.
    /// - Throws: ``LoomDemoCore/NotesError/invalidSetting(name:value:expected:)`` if `LOOM_DEMO_STORE` is neither
    ///   `file` nor `memory`.
    public init(store: NoteStoreKind?, storePath: String?, verbose: Bool, environment: [String: String]) throws {
        func variable(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        if let store {
            storeKind = store
        } else if let value = variable(Self.storeVariable) {
            guard let kind = NoteStoreKind(rawValue: value.lowercased()) else {
                throw NotesError.invalidSetting(
                    name: Self.storeVariable, value: value,
                    expected: NoteStoreKind.allCases.map(\.rawValue).joined(separator: " or "))
            }
            storeKind = kind
        } else {
            storeKind = .file
        }
        let path = storePath ?? variable(Self.storePathVariable) ?? NotesDefaults.storePath(environment: environment)
        self.storePath = Self.expandingTilde(in: path, environment: environment)
        isVerbose = verbose
    }

    /// `path` with a leading `~` or `~/` replaced by the home folder.
    private static func expandingTilde(in path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return NotesDefaults.homeDirectory(environment: environment) + path.dropFirst()
    }
}
