/// A key for `InjectedValues`, in the style of SwiftUI's `EnvironmentKey`.
///
/// Declare the key with a `static let defaultValue` and a computed property in an `InjectedValues` extension;
/// `InjectedValues[\.property]` then reads and writes it. The values live in the same store as `ConfKey` values:
/// `InjectedValues[\.networkProvider] = mock` and `Conf.setRootValue(mock, for: NetworkProviderKey.self)` set the
/// same root value, and `Conf.withValue(_:for:operation:)` overrides it for a task. The default is read at most once,
/// even when `defaultValue` is a computed property.
///
/// ```swift
/// private struct NetworkProviderKey: InjectionKey {
///     static let defaultValue: any NetworkProviding = NetworkProvider()
/// }
/// extension InjectedValues {
///     var networkProvider: any NetworkProviding {
///         get { Self[NetworkProviderKey.self] }
///         set { Self[NetworkProviderKey.self] = newValue }
///     }
/// }
/// ```
public protocol InjectionKey {
    /// The type of the key's values.
    associatedtype Value: Sendable

    /// The value used while no root value or override is set.
    ///
    /// ```swift
    /// static let defaultValue: any NetworkProviding = NetworkProvider()
    /// ```
    static var defaultValue: Value { get }
}
