/// Which kind of store holds the notes: the `--store` option and `LOOM_DEMO_STORE`.
///
/// ```swift
/// Conf.setRootValue(.memory, for: \.notesStoreKind)
/// ```
public enum NoteStoreKind: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A JSON file (the default): notes survive between runs.
    case file
    /// The process's memory: notes last until the process ends. For trying things out, and for tests.
    case memory

    /// `file` or `memory`, as written on the command line.
    ///
    /// ```swift
    /// NoteStoreKind.memory.description   // "memory"
    /// ```
    public var description: String { rawValue }
}
