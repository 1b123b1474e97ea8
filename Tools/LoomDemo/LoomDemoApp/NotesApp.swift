public import Logging
public import Loom
import LoomConfigurationSources
public import LoomDemoCore
public import LoomDemoSearch
public import LoomDemoStorage
import LoomLogging

/// The app module: composes the feature modules and starts the app.
///
/// It owns no feature of its own. It lists the app's containers, turns the run's settings into configuration, picks
/// the lookup policy that gives each feature type its own container, activates the containers in the dependency
/// graph, and hands out each feature's entry point. The executable's commands call ``start(_:)`` first.
///
/// ```swift
/// try NotesApp.start(try await NotesConfiguration.resolve(flags: NotesFlags(store: .memory), environment: [:]))
/// let note = try await NotesApp.notebook().add("Buy milk")
/// let matches = try await NotesApp.search().search("milk")
/// ```
public enum NotesApp {
    /// Every container of the app, parents before children: `notes` (shared services), `storage`, `search`.
    ///
    /// Iterate it to inspect the app, for example to print each container's registrations and parent edges.
    ///
    /// ```swift
    /// for container in NotesApp.containers {
    ///     print(container.name, container.parent?.name ?? "-")
    /// }
    /// ```
    public static let containers: [Container] = [NotesCore.container, NotesStorage.container, NotesSearch.container]

    /// The swift-log label of the demo's logger.
    public static let loggerLabel = "loom-demo"

    /// Starts the app with `configuration`; safe to call again, each call applying its settings.
    ///
    /// 1. With a log level other than `warning`, installs a ``LoomLogging/SwiftLogLogger`` writing Loom's events at
    ///    that level to standard error as `LoomConfiguration.logger`.
    /// 2. Applies the configuration (`ConfSources.apply()`): the `Conf` root values `notesStoreKind`, `notesStorePath`,
    ///    `notesPageSize` and `notesLogLevel`, which the features read when they resolve and run.
    /// 3. Sets `Container.lookupPolicy` to `.enclosingType()`: `@Injected` properties of `Containerable` types (every
    ///    feature entry point) resolve from their own feature's container.
    /// 4. Activates ``containers`` in the `DependencyGraph` (activating an active container does nothing).
    ///
    /// ```swift
    /// let configuration = try await NotesConfiguration.resolve(flags: NotesFlags(), environment: [:])
    /// try NotesApp.start(configuration)
    /// ```
    ///
    /// > Important: Everything it sets is process-wide. Tests that call it must not run in parallel with each
    /// > other; tests of one feature can instead build the feature over their own containers.
    /// - Parameter configuration: The run's configuration.
    /// - Throws: ``LoomDemoCore/NotesError`` if the configuration no longer applies (a file changed meanwhile).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    public static func start(_ configuration: NotesConfiguration) throws {
        let settings = configuration.settings
        if settings.logLevel != .warning {
            let logger = logger(at: settings.logLevel)
            LoomConfiguration.logger = SwiftLogLogger(logger)
            switch settings.storeKind {
            case .file: logger.info("Using the file store at \(settings.storePath)")
            case .memory: logger.info("Using the memory store")
            }
        }
        do throws(ConfSourceError) {
            try configuration.sources.apply()
        } catch {
            throw configuration.notesError(for: error)
        }
        Container.lookupPolicy = .enclosingType()
        for container in containers {
            DependencyGraph.activate(container)
        }
    }

    /// Verifies the app's own registrations: the search container's chain (search → storage → notes) holds every
    /// container of the app.
    ///
    /// Verifying the app rather than the whole `DependencyGraph` keeps the answer about this app even in a process
    /// that activates other containers too (a test runner). Registrations of a test's `withTestDependencies` scope
    /// are included, as every resolution inside it would see them.
    ///
    /// ```swift
    /// let report = NotesApp.verify()
    /// print(report.isHealthy ? "healthy" : "\(report)")
    /// ```
    /// - Returns: The verification report.
    public static func verify() -> VerificationReport { NotesSearch.container.verify() }

    /// A new notebook (the storage feature's entry point) over the configured store.
    ///
    /// ```swift
    /// let note = try await NotesApp.notebook().add("Buy milk")
    /// ```
    /// - Returns: A notebook resolving from the storage container.
    public static func notebook() -> Notebook { Notebook() }

    /// A new search (the search feature's entry point) over the configured store.
    ///
    /// ```swift
    /// let result = try await NotesApp.search().search("milk")
    /// ```
    /// - Returns: A search resolving from the search container.
    public static func search() -> NoteSearch { NoteSearch() }

    /// The logger `--verbose` installs: swift-log's stream handler on standard error, at `debug`.
    ///
    /// Standard error keeps the log apart from the commands' output, which goes to standard output. The handler is
    /// passed to the logger directly instead of through `LoggingSystem.bootstrap`, which may run only once per
    /// process.
    ///
    /// ```swift
    /// LoomConfiguration.logger = SwiftLogLogger(NotesApp.verboseLogger())
    /// ```
    /// - Returns: A logger labelled ``loggerLabel``.
    public static func verboseLogger() -> Logger {
        logger(at: .debug)
    }

    /// A logger like ``verboseLogger()`` at `level`: what `--log-level` installs.
    ///
    /// ```swift
    /// LoomConfiguration.logger = SwiftLogLogger(NotesApp.logger(at: .info))
    /// ```
    /// - Parameter level: The lowest level written.
    /// - Returns: A logger labelled ``loggerLabel``.
    public static func logger(at level: NotesLogLevel) -> Logger {
        var logger = Logger(label: loggerLabel) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel =
            switch level {
            case .trace: .trace
            case .debug: .debug
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        return logger
    }
}
