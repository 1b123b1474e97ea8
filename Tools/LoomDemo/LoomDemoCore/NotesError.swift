public import Foundation

/// What can go wrong with notes, worded for the person at the command line.
///
/// Every case says what happened and what to do about it. `loom-demo` prints the ``description`` on standard error
/// and exits with status 1.
///
/// ```swift
/// do {
///     try await notebook.remove(id: 42)
/// } catch let error as NotesError {
///     print(error)   // No note has id 42. `loom-demo list` shows every note with its id.
/// }
/// ```
public enum NotesError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The note's text was empty or only white space.
    case emptyText
    /// The search query was empty or only white space.
    case emptyQuery
    /// No note has this id.
    case unknownNote(id: Int)
    /// The store exists but cannot be read, or does not hold notes; it is left untouched.
    case unreadableStore(path: String, reason: String)
    /// The store could not be written; the notes it held are unchanged.
    case unwritableStore(path: String, reason: String)
    /// The container chain a feature resolves from has no `any NoteStore` registration (a set-up mistake).
    case missingStore(container: String)
    /// A setting (from a flag, the environment or the config file) has a value the demo does not understand.
    case invalidSetting(name: String, value: String, expected: String)
    /// The config file exists but is not valid JSON (or was asked for with `--config` and is missing).
    case unreadableConfigFile(path: String, reason: String)

    /// The message for the person at the command line.
    ///
    /// ```swift
    /// NotesError.emptyText.description   // "A note needs some text, for example: loom-demo add \"Buy milk\""
    /// ```
    public var description: String {
        switch self {
        case .emptyText:
            "A note needs some text, for example: loom-demo add \"Buy milk\""
        case .emptyQuery:
            "Search for at least one word, for example: loom-demo search milk"
        case .unknownNote(let id):
            "No note has id \(id). `loom-demo list` shows every note with its id."
        case .unreadableStore(let path, let reason):
            "Cannot read the notes in \(path): \(reason). The file was left as it is: repair or move it, "
                + "or use another file with --store-path."
        case .unwritableStore(let path, let reason):
            "Cannot save the notes to \(path): \(reason). Nothing was changed."
        case .missingStore(let container):
            "\(container) has no note store: register `any NoteStore` in it or in one of its parents."
        case .invalidSetting(let name, let value, let expected):
            "\(name) is \"\(value)\", but it must be \(expected)."
        case .unreadableConfigFile(let path, let reason):
            "Cannot read the config file \(path): \(reason). Fix it, or name another with --config."
        }
    }

    /// The same text as ``description``, for code that shows `localizedDescription`.
    ///
    /// ```swift
    /// NotesError.emptyQuery.errorDescription == NotesError.emptyQuery.description   // true
    /// ```
    public var errorDescription: String? { description }
}
