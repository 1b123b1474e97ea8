/// Where a bound key's current value came from: a provider, or the key's default.
///
/// ```swift
/// switch sources.origin(of: \.httpTimeout) {
/// case .provider(let name, let lookedUpAs): print("from \(name) (\(lookedUpAs))")
/// case .defaultValue: print("the default")
/// case nil: print("not applied yet")
/// }
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public enum ConfValueOrigin: Sendable, Equatable, CustomStringConvertible {
    /// The first provider, in precedence order, that has the key; `lookedUpAs` is the key as that provider spells it
    /// (`HTTP_TIMEOUT` for environment variables).
    case provider(name: String, lookedUpAs: String)
    /// No provider has the key: its default from the key's declaration.
    case defaultValue

    /// `EnvironmentVariablesProvider (HTTP_TIMEOUT)`, or `default`.
    ///
    /// ```swift
    /// print(ConfValueOrigin.defaultValue)   // default
    /// ```
    public var description: String {
        switch self {
        case .provider(let name, let lookedUpAs): "\(name) (\(lookedUpAs))"
        case .defaultValue: "default"
        }
    }
}
