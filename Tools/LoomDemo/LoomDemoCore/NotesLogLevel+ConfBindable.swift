public import Configuration
public import LoomConfigurationSources

// The log level is read from configuration as its name, ignoring case.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension NotesLogLevel: ConfBindable {
    /// The level named by the string content, ignoring case.
    ///
    /// ```swift
    /// NotesLogLevel(configContent: .string("DEBUG"))   // .debug
    /// ```
    ///
    /// - Parameter configContent: `.string` content.
    public init?(configContent: ConfigContent) {
        guard case .string(let name) = configContent else { return nil }
        self.init(rawValue: name.lowercased())
    }
}
