public import Loom

/// The root of the demo's container chain: services every feature shares.
///
/// Each feature module owns a container whose parent chain ends here, so a feature resolves its own registrations
/// first and falls back to these. The app module activates it, with the feature containers, in the
/// `DependencyGraph`.
///
/// ```swift
/// let clock: any NoteClock = try NotesCore.container.resolve()
/// ```
public enum NotesCore {
    /// The shared container, named `notes`: the system clock (`any NoteClock`), or a fixed one in previews.
    ///
    /// ```swift
    /// let storage = Container(name: "storage", parent: NotesCore.container) { … }
    /// ```
    public static let container = Container(name: "notes") {
        Dependency { () -> any NoteClock in SystemNoteClock() }
            .preview { FixedNoteClock() }
    }
}
