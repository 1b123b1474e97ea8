import Foundation

/// Where the commands write what they have to say.
///
/// The commands read it from the `notesConsole` service key (`Conf[\.notesConsole]`) on every run, so a test captures
/// their output with a task-local override instead of reading the process's standard output:
///
/// ```swift
/// final class Capture: NotesConsole { … }
/// try await Conf.withValue(capture, for: \.notesConsole) {
///     try await command.run()
/// }
/// ```
public protocol NotesConsole: Sendable {
    /// Writes one line of output.
    ///
    /// Errors are not written here: commands throw them, and the executable prints them on standard error.
    ///
    /// - Parameter line: The line, without a trailing newline.
    func write(_ line: String)
}

/// Writes output to standard output, unbuffered.
///
/// The default value of `Conf[\.notesConsole]`.
///
/// ```swift
/// StandardConsole().write("1 note")
/// ```
public struct StandardConsole: NotesConsole {
    /// Creates the console.
    ///
    /// ```swift
    /// Conf.setRootValue(StandardConsole(), for: \.notesConsole)
    /// ```
    public init() {}

    /// Writes `line` and a newline to standard output.
    ///
    /// ```swift
    /// StandardConsole().write("#1 Buy milk")
    /// ```
    /// - Parameter line: The line.
    public func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
