public import Loom
public import LoomDemoCore

/// The storage feature's settings: which store holds the notes and where the file store keeps them.
///
/// Read through `@InjectedConf` on every access, so the `Conf` root values the app sets at start-up (and a
/// `Conf.withValue` override) apply to the next store resolved. The storage container registers it; its store
/// registration resolves it, which is how `loom-demo graph` shows the storage feature depending on its settings.
///
/// ```swift
/// let settings: StoreSettings = try NotesStorage.container.resolve()
/// print(settings.kind, settings.path)
/// ```
public struct StoreSettings: Sendable {
    /// Which store holds the notes (`Conf[\.notesStoreKind]`).
    @InjectedConf(\.notesStoreKind) public var kind: NoteStoreKind
    /// The file store's notes file (`Conf[\.notesStorePath]`).
    @InjectedConf(\.notesStorePath) public var path: String

    /// Creates settings reading the current configuration.
    ///
    /// ```swift
    /// let settings = StoreSettings()
    /// ```
    public init() {}
}
