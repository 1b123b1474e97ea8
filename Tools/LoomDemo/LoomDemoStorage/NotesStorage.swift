public import Loom
import LoomDemoCore

/// The storage feature: its container, and the store it provides to the rest of the app.
///
/// The container's parent is ``LoomDemoCore/NotesCore/container``, so the feature sees the shared services (the
/// clock) and keeps its own registrations to itself and to containers below it (the search feature's).
///
/// ```swift
/// let store: any NoteStore = try NotesStorage.container.resolve()
/// ```
public enum NotesStorage {
    /// The storage feature's container, named `storage`.
    ///
    /// Registers:
    /// - `any NoteStore`: the store chosen by the ``StoreSettings``, read on every resolution, so a change of
    ///   configuration takes effect for the next resolution: a ``FileNoteStore`` for the settings' path (a leading `~`
    ///   meaning the home folder), or the process's ``MemoryNoteStore``. A new value each time (`.instance`): the
    ///   store's state is in the file or in the memory store.
    /// - ``MemoryNoteStore``: one per process (`.singleton`).
    /// - ``StoreSettings``: the feature's settings, read from `Conf` on every access.
    /// - ``Notebook``: the feature's entry point, whose `@Injected` properties resolve the store and the clock.
    /// - ``AutoSaver``: the service saving `watch`'s drafts, one per process until released (`.singleton`); its
    ///   release hook saves any draft left.
    ///
    /// To use another store, register it as `any NoteStore` in a child of this container:
    ///
    /// ```swift
    /// let storage = Container(name: "storage-under-test", parent: NotesStorage.container) {
    ///     Dependency { () -> any NoteStore in MemoryNoteStore() }.scope(.singleton)
    /// }
    /// let notebook = Notebook(container: storage)
    /// ```
    public static let container = Container(name: "storage", parent: NotesCore.container) {
        // Each factory writes its type (`-> AutoSaver`), so the build-time graph check knows what the container
        // provides: the search feature's `IndexRefresher` needs the auto-saver.
        Dependency { () -> MemoryNoteStore in MemoryNoteStore() }.scope(.singleton)
        Dependency { () -> StoreSettings in StoreSettings() }
        Dependency { () -> any NoteStore in try configuredStore() }.scope(.instance)
        Dependency { () -> Notebook in Notebook() }
        // Saves `watch`'s drafts; a service LoomServiceLifecycle runs. Released (at the end of `watch`), it saves
        // what is left.
        Dependency { () -> AutoSaver in AutoSaver() }.scope(.singleton)
            .onRelease { autoSaver async throws in
                try await autoSaver.flush()
                if await autoSaver.hasRun { Conf[\.notesConsole].write("Closed the auto-saver.") }
            }
    }

    /// The store the settings ask for.
    private static func configuredStore() throws -> any NoteStore {
        let settings = try container.resolve(StoreSettings.self)
        return switch settings.kind {
        case .file: FileNoteStore(path: NotesDefaults.expandingTilde(in: settings.path))
        case .memory: try container.resolve(MemoryNoteStore.self)
        }
    }
}
