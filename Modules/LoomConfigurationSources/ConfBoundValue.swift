/// A bound key's value as last applied, ready to print: the value (redacted when secret) and where it came from.
///
/// ```swift
/// for value in sources.values {
///     print(value)   // http.timeout = 30 (EnvironmentVariablesProvider (HTTP_TIMEOUT))
/// }
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct ConfBoundValue: Sendable, Equatable, CustomStringConvertible {
    /// The configuration key (`http.timeout`).
    ///
    /// ```swift
    /// sources.values.map(\.key)   // ["http.timeout", "api.token"]
    /// ```
    public let key: String
    /// The value as text, or `<redacted>` when it is secret.
    ///
    /// ```swift
    /// sources.values.first?.value   // "30"
    /// ```
    public let value: String
    /// Where the value came from.
    ///
    /// ```swift
    /// sources.values.first?.origin   // .provider(name: "EnvironmentVariablesProvider", lookedUpAs: "HTTP_TIMEOUT")
    /// ```
    public let origin: ConfValueOrigin
    /// Whether the binding or the provider marked the value secret.
    ///
    /// ```swift
    /// sources.values.filter(\.isSecret).map(\.key)   // ["api.token"]
    /// ```
    public let isSecret: Bool

    /// Creates a printable value.
    ///
    /// ```swift
    /// let value = ConfBoundValue(key: "http.timeout", value: "30", origin: .defaultValue, isSecret: false)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The configuration key.
    ///   - value: The value as text (already redacted if secret).
    ///   - origin: Where it came from.
    ///   - isSecret: Whether it is secret.
    public init(key: String, value: String, origin: ConfValueOrigin, isSecret: Bool) {
        self.key = key
        self.value = value
        self.origin = origin
        self.isSecret = isSecret
    }

    /// `http.timeout = 30 (EnvironmentVariablesProvider (HTTP_TIMEOUT))`.
    ///
    /// ```swift
    /// print(sources.values[0])
    /// ```
    public var description: String { "\(key) = \(value) (\(origin))" }
}
