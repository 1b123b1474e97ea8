public import Configuration
public import LoomConfigurationSources

// The store kind is read from configuration as its name, ignoring case (`LOOM_DEMO_STORE=Memory` works).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension NoteStoreKind: ConfBindable {
    /// The kind named by the string content, ignoring case.
    ///
    /// ```swift
    /// NoteStoreKind(configContent: .string("Memory"))   // .memory
    /// ```
    ///
    /// - Parameter configContent: `.string` content.
    public init?(configContent: ConfigContent) {
        guard case .string(let name) = configContent else { return nil }
        self.init(rawValue: name.lowercased())
    }
}
