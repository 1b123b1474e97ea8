public import Loom
import LoomDemoCore
import LoomDemoStorage

/// The search feature: its container and how to build one.
///
/// Search builds on storage, so its container's parent is the storage feature's: a search resolves the store that
/// storage provides (and, further up, the shared services), while the matcher it registers stays its own.
///
/// ```swift
/// let search = NoteSearch()   // resolves from NotesSearch.container
/// ```
public enum NotesSearch {
    /// The search feature's container, named `search`, below ``LoomDemoStorage/NotesStorage/container``.
    ///
    /// Registers ``TermMatcher`` (a new value each time) and ``NoteSearch``, the feature's entry point, whose
    /// properties resolve the storage feature's store, the matcher and the result limit; and, for `watch`, the
    /// ``NoteIndex`` and the ``IndexRefresher`` service that keeps it fresh (both singletons, the refresher built from
    /// the index and the storage feature's auto-saver, injected from the dependency graph, where the app activates
    /// this container).
    ///
    /// ```swift
    /// let matcher: TermMatcher = try NotesSearch.container.resolve()
    /// ```
    public static let container = makeContainer(parent: NotesStorage.container)

    /// Builds a search container with the feature's registrations below `parent`.
    ///
    /// Use it to run the search feature over another store: make a child of the storage container that registers
    /// the store, and build the search container below it.
    ///
    /// ```swift
    /// let storage = Container(name: "scratch", parent: NotesStorage.container) {
    ///     Dependency { () -> any NoteStore in MemoryNoteStore() }.scope(.singleton)
    /// }
    /// let search = NoteSearch(container: NotesSearch.makeContainer(parent: storage))
    /// ```
    /// - Parameter parent: The container that provides `any NoteStore`.
    /// - Returns: A new container named `search`.
    public static func makeContainer(parent: Container) -> Container {
        let container = Container(name: "search", parent: parent) {
            TermMatcher.dependencyRegistration
        }
        // The entry point resolves from this very container (held unowned: the registration lives inside it). Its
        // factory writes its type, so the build-time graph check knows what it provides.
        container.add {
            Dependency { [unowned container] () -> NoteSearch in NoteSearch(container: container) }
            // `watch`'s index: refreshed by a service that LoomServiceLifecycle starts after the auto-saver it is
            // built from (and stops before it).
            NoteIndex.dependencyRegistration
                .onRelease { index async in
                    if await index.isLoaded { Conf[\.notesConsole].write("Closed the note index.") }
                }
            // Its generated factory injects the index and the storage feature's auto-saver from the graph.
            IndexRefresher.dependencyRegistration
        }
        return container
    }
}
