public import LoomDemoCore

/// The settings given on the command line, each `nil` when its flag was not given.
///
/// ```swift
/// let flags = NotesFlags(storePath: "/tmp/notes.json", pageSize: 5)
/// ```
public struct NotesFlags: Sendable, Equatable {
    /// `--store`.
    public var store: NoteStoreKind?
    /// `--store-path`.
    public var storePath: String?
    /// `--page-size`.
    public var pageSize: Int?
    /// `--log-level` (or `debug` for `--verbose`).
    public var logLevel: NotesLogLevel?
    /// `--config`: the config file to read instead of the default one; it must exist.
    public var configFile: String?

    /// Creates the flags of one run.
    ///
    /// ```swift
    /// let flags = NotesFlags(store: .memory, logLevel: .debug)
    /// ```
    /// - Parameters:
    ///   - store: `--store`.
    ///   - storePath: `--store-path`.
    ///   - pageSize: `--page-size`.
    ///   - logLevel: `--log-level`.
    ///   - configFile: `--config`.
    public init(
        store: NoteStoreKind? = nil, storePath: String? = nil, pageSize: Int? = nil, logLevel: NotesLogLevel? = nil,
        configFile: String? = nil
    ) {
        self.store = store
        self.storePath = storePath
        self.pageSize = pageSize
        self.logLevel = logLevel
        self.configFile = configFile
    }
}
