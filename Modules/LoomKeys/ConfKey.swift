/// A configuration or service key whose values are `Sendable` and readable from any isolation domain.
///
/// Declare one with `#declareConfKey` / `#declareServiceKey` (from `LoomMacros`), or by hand: a type (usually an
/// enum) naming the value type and a default. The default is read at most once, on the first read that finds no
/// root value and no override. A `nil` default declares a key that must be set before it is read (a service key
/// without a default); reading it unset stops the process through `LoomConfiguration.logger.die`.
///
/// ```swift
/// enum RequestTimeoutKey: ConfKey {
///     typealias Value = Double
///     static let defaultValue: Double! = 30
/// }
/// extension ConfKeys {
///     var requestTimeout: RequestTimeoutKey.Type { RequestTimeoutKey.self }
/// }
/// let timeout = Conf[\.requestTimeout]
/// ```
public protocol ConfKey: Sendable {
    /// The type of the key's values.
    associatedtype Value: Sendable

    /// The value used while no root value or override is set, or `nil` when the key must be set before use.
    ///
    /// Prefer a `static let`, so the default is built lazily and once.
    ///
    /// ```swift
    /// static let defaultValue: Double! = 30
    /// ```
    static var defaultValue: Value! { get }
}
