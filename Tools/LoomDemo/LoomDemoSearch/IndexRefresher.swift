import Loom
import LoomDemoCore
public import LoomDemoStorage
public import LoomMacros
public import ServiceLifecycle

/// Keeps the ``NoteIndex`` in step with the store: first saves the auto-saver's drafts, then reads the notes and
/// prints what changed — at start, then every `notesWatchInterval` seconds until a graceful shutdown.
///
/// Built from the auto-saver and the index, so LoomServiceLifecycle starts it after the auto-saver and stops it
/// before: the auto-saver is still running while the refresher saves its last drafts.
///
/// Its registration is generated (`@Registerable`): a singleton whose factory injects the index and the auto-saver
/// from the dependency graph. The build-time graph check (the LoomAutoregistration plugin) sees those two needs and
/// the registrations that meet them — the index in this module, the auto-saver in the storage module.
///
/// ```swift
/// let refresher = IndexRefresher(index: NoteIndex(), autoSaver: AutoSaver())
/// try await ServiceGroup(services: [refresher], logger: logger).run()
/// ```
@Registerable(scope: .singleton, parameters: .injected)
public final class IndexRefresher: Service {
    /// The index it refreshes.
    public let index: NoteIndex
    /// The auto-saver whose drafts it saves before each refresh.
    public let autoSaver: AutoSaver
    private let notebook: @Sendable () -> Notebook

    /// Creates a refresher of `index` that saves `autoSaver`'s drafts first and reads through the notebooks `notebook`
    /// makes.
    ///
    /// ```swift
    /// let refresher = IndexRefresher(index: index, autoSaver: autoSaver) { Notebook(container: storage) }
    /// ```
    /// - Parameters:
    ///   - index: The index to refresh.
    ///   - autoSaver: The auto-saver to flush before each refresh.
    ///   - notebook: Makes the notebook a refresh reads through.
    public init(index: NoteIndex, autoSaver: AutoSaver, notebook: @escaping @Sendable () -> Notebook) {
        self.index = index
        self.autoSaver = autoSaver
        self.notebook = notebook
    }

    /// Creates a refresher of `index` that saves `autoSaver`'s drafts first and reads through the storage feature's
    /// notebook; the generated registration builds it with this initialiser.
    ///
    /// ```swift
    /// let refresher = IndexRefresher(index: index, autoSaver: autoSaver)
    /// ```
    /// - Parameters:
    ///   - index: The index to refresh.
    ///   - autoSaver: The auto-saver to flush before each refresh.
    @PreferredInitializer
    public convenience init(index: NoteIndex, autoSaver: AutoSaver) {
        self.init(index: index, autoSaver: autoSaver) { Notebook() }
    }

    /// Refreshes the index once: saves the drafts, reads the notes, and prints the change (nothing if none).
    ///
    /// ```swift
    /// try await refresher.refresh()   // "Index: 3 notes (+1)."
    /// ```
    /// - Throws: The store's error.
    public func refresh() async throws {
        try await autoSaver.flush()
        let change = await index.update(with: try await notebook().notes())
        guard change.added + change.removed > 0 else { return }
        let count = await index.count
        var parts: [String] = []
        if change.added > 0 { parts.append("+\(change.added)") }
        if change.removed > 0 { parts.append("-\(change.removed)") }
        Conf[\.notesConsole].write(
            "Index: \(count) note\(count == 1 ? "" : "s") (\(parts.joined(separator: ", "))).")
    }

    /// Refreshes at start and every `notesWatchInterval` seconds until a graceful shutdown (or cancellation).
    ///
    /// ```swift
    /// try await ServiceGroup(services: [refresher], logger: logger).run()
    /// ```
    public func run() async throws {
        let interval = Conf[\.notesWatchInterval]
        Conf[\.notesConsole].write("Index refresh started (every \(NotesDefaults.seconds(interval))).")
        try await refresh()
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard !Task.isCancelled else { break }
                try? await self.refresh()
            }
        }
        Conf[\.notesConsole].write("Index refresh stopped.")
    }
}
