import Foundation
import Loom
import LoomDemoCore
public import ServiceLifecycle

/// Saves drafts — notes queued while the app runs — to the configured store: every `notesWatchInterval` seconds, and
/// once more when it stops, so a shutdown never loses a draft.
///
/// A `Service` registered as a singleton in the storage container: `loom-demo watch` runs it (through
/// LoomServiceLifecycle, with the other services, in dependency order) and queues the `--add` notes on it.
///
/// ```swift
/// let autoSaver = try NotesStorage.container.resolve(AutoSaver.self)
/// await autoSaver.queue("Buy milk")
/// try await autoSaver.flush()   // 1
/// ```
public actor AutoSaver: Service {
    private var drafts: [String] = []
    private var saved = 0
    /// Whether `run()` has started; a copy that was only built (by `verify()`, say) has not.
    public private(set) var hasRun = false
    private let notebook: @Sendable () -> Notebook

    /// Creates an auto-saver writing through the notebooks `notebook` makes (a new one per save, so each save uses
    /// the store configured at that moment).
    ///
    /// ```swift
    /// let autoSaver = AutoSaver { Notebook(container: storage) }
    /// ```
    /// - Parameter notebook: Makes the notebook a save writes through.
    public init(notebook: @escaping @Sendable () -> Notebook = { Notebook() }) {
        self.notebook = notebook
    }

    /// Queues `text` to be saved at the next auto-save.
    ///
    /// ```swift
    /// await autoSaver.queue("Call Ada")
    /// ```
    /// - Parameter text: The note's text.
    public func queue(_ text: String) {
        drafts.append(text)
    }

    private func markRun() { hasRun = true }

    /// How many drafts wait to be saved.
    ///
    /// ```swift
    /// await autoSaver.pendingCount   // 0 after a flush
    /// ```
    public var pendingCount: Int { drafts.count }

    /// Saves every queued draft now, in the order queued.
    ///
    /// ```swift
    /// let count = try await autoSaver.flush()
    /// ```
    /// - Returns: How many drafts were saved.
    /// - Throws: The store's error; the drafts not yet saved stay queued.
    @discardableResult
    public func flush() async throws -> Int {
        // An actor runs another call at each `await`: two flushes (the timer's and the final one at shutdown) would
        // both save the first draft and both remove it. Each flush waits for the one before it instead.
        let previous = lastFlush
        let flush = Task {
            _ = try? await previous?.value
            return try await self.saveDrafts()
        }
        lastFlush = flush
        return try await flush.value
    }

    /// The most recent flush, which the next one waits for.
    private var lastFlush: Task<Int, any Error>?

    /// Saves the queued drafts in order; only one runs at a time (see ``flush()``).
    private func saveDrafts() async throws -> Int {
        var count = 0
        let notebook = notebook()
        while let text = drafts.first {
            _ = try await notebook.add(text)
            drafts.removeFirst()
            count += 1
            saved += 1
        }
        return count
    }

    /// Saves the drafts every `notesWatchInterval` seconds until a graceful shutdown (or cancellation), then saves the
    /// rest.
    ///
    /// ```swift
    /// try await ServiceGroup(services: [autoSaver], logger: logger).run()
    /// ```
    public nonisolated func run() async throws {
        let interval = Conf[\.notesWatchInterval]
        Conf[\.notesConsole].write("Auto-save started (every \(NotesDefaults.seconds(interval))).")
        await markRun()
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                _ = try? await self.flush()
            }
        }
        try await flush()
        let total = await saved
        Conf[\.notesConsole].write("Auto-save stopped: saved \(total) note\(total == 1 ? "" : "s").")
    }
}
