/// One setting as `loom-demo config` prints it: its name, its value and where the value came from.
///
/// ```swift
/// let line = NotesSettingReport(name: "page size", value: "5", source: "flag --page-size")
/// print(line)   // page size: 5 (flag --page-size)
/// ```
public struct NotesSettingReport: Sendable, Equatable, CustomStringConvertible {
    /// The setting's name: `store`, `store path`, `page size` or `log level`.
    public let name: String
    /// Its value, as text.
    public let value: String
    /// Where the value came from: `flag --page-size`, `environment variable LOOM_DEMO_PAGE_SIZE`,
    /// `config file <path>` or `default`.
    public let source: String

    /// Creates a report line.
    ///
    /// ```swift
    /// let line = NotesSettingReport(name: "store", value: "file", source: "default")
    /// ```
    /// - Parameters:
    ///   - name: The setting's name.
    ///   - value: Its value.
    ///   - source: Where it came from.
    public init(name: String, value: String, source: String) {
        self.name = name
        self.value = value
        self.source = source
    }

    /// `page size: 5 (flag --page-size)`.
    ///
    /// ```swift
    /// print(line)
    /// ```
    public var description: String { "\(name): \(value) (\(source))" }
}
