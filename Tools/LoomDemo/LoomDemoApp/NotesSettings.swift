public import LoomDemoCore

/// The demo's settings for one run, as resolved from the command line, the environment, the config file and the
/// defaults (``NotesConfiguration``).
///
/// ```swift
/// let settings = NotesSettings(storeKind: .file, storePath: "/tmp/notes.json")
/// settings.pageSize   // 20
/// ```
public struct NotesSettings: Sendable, Equatable {
    /// Which store holds the notes.
    public var storeKind: NoteStoreKind
    /// The file store's notes file, with a leading `~` expanded (resolved even when the memory store is chosen).
    public var storePath: String
    /// How many notes `list` and `search` show at most.
    public var pageSize: Int
    /// What Loom logs to standard error.
    public var logLevel: NotesLogLevel

    /// Creates settings from known values.
    ///
    /// ```swift
    /// let settings = NotesSettings(storeKind: .memory, storePath: "/tmp/notes.json", logLevel: .debug)
    /// ```
    /// - Parameters:
    ///   - storeKind: Which store holds the notes.
    ///   - storePath: The file store's notes file.
    ///   - pageSize: How many notes `list` and `search` show at most.
    ///   - logLevel: What Loom logs.
    public init(
        storeKind: NoteStoreKind, storePath: String, pageSize: Int = NotesDefaults.pageSize,
        logLevel: NotesLogLevel = .warning
    ) {
        self.storeKind = storeKind
        self.storePath = storePath
        self.pageSize = pageSize
        self.logLevel = logLevel
    }
}
