internal import LoomCore
public import LoomKeys

/// The values a ``ConfSources`` would apply, read without setting anything (``ConfSources/preview()``).
///
/// ```swift
/// let preview = try sources.preview()
/// if preview.value(for: \.httpTimeout) == 0 { print("a timeout of 0 disables timeouts") }
/// for value in preview.values { print(value) }
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct ConfPreview: Sendable {
    let resolved: [ObjectIdentifier: ConfSources.Resolved]

    /// Every bound key's value as text (secrets redacted) and its origin, in binding order.
    ///
    /// ```swift
    /// try sources.preview().values.map(\.description)   // ["http.timeout = 30 (default)"]
    /// ```
    public let values: [ConfBoundValue]

    /// The value the key named by `keyPath` would get, or `nil` if these sources do not bind it.
    ///
    /// ```swift
    /// let timeout = try sources.preview().value(for: \.httpTimeout) ?? 60
    /// ```
    ///
    /// - Parameter keyPath: The key's path in `ConfKeys`.
    /// - Returns: The value.
    public func value<K: ConfKey>(for keyPath: KeyPath<ConfKeys, K.Type>) -> K.Value? {
        resolved[ObjectIdentifier(K.self)]?.box.unboxed(as: K.Value.self)
    }

    /// Where the value of the key named by `keyPath` would come from, or `nil` if these sources do not bind it.
    ///
    /// ```swift
    /// try sources.preview().origin(of: \.httpTimeout)   // .defaultValue
    /// ```
    ///
    /// - Parameter keyPath: The key's path in `ConfKeys`.
    /// - Returns: The origin.
    public func origin<K: ConfKey>(of keyPath: KeyPath<ConfKeys, K.Type>) -> ConfValueOrigin? {
        resolved[ObjectIdentifier(K.self)]?.origin
    }
}
