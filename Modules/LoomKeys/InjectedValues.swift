/// Access to injected dependencies by key path, in the style of SwiftUI's `EnvironmentValues`.
///
/// Declare an ``InjectionKey`` and a computed property in an extension; `InjectedValues[\.property]` then reads the
/// current value and assigning to it sets the global (root) value. The values live in the same store as `Conf`'s:
/// `Conf.withValue(_:for:operation:)` overrides an `InjectionKey` for a task and `InjectedValues` reads see it.
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
/// InjectedValues[\.networkProvider] = MockNetworkProvider()   // every reader now sees the mock
/// ```
public struct InjectedValues: Sendable {
    /// Creates the accessor that key paths are applied to.
    ///
    /// Only needed by code that applies a key path itself, such as a property wrapper.
    ///
    /// ```swift
    /// let provider = InjectedValues()[keyPath: \.networkProvider]
    /// ```
    @inlinable
    public init() {}

    /// The current value of a key; assigning sets its root value.
    ///
    /// ```swift
    /// InjectedValues[key: NetworkProviderKey.self] = MockNetworkProvider()
    /// ```
    ///
    /// - Parameter key: The key type.
    @inlinable
    public static subscript<K: InjectionKey>(key key: K.Type) -> K.Value {
        get { KeyAccess.read(key, fileID: #fileID, line: #line) }
        set { KeyAccess.setRootValue(newValue, id: ObjectIdentifier(key)) }
    }

    /// The current value of a key, without a label; assigning sets its root value.
    ///
    /// The spelling used inside `InjectedValues` extensions.
    ///
    /// ```swift
    /// get { Self[NetworkProviderKey.self] }
    /// set { Self[NetworkProviderKey.self] = newValue }
    /// ```
    ///
    /// - Parameter key: The key type.
    @inlinable
    public static subscript<K: InjectionKey>(_ key: K.Type) -> K.Value {
        get { KeyAccess.read(key, fileID: #fileID, line: #line) }
        set { KeyAccess.setRootValue(newValue, id: ObjectIdentifier(key)) }
    }

    /// The current value behind a property of an `InjectedValues` extension; assigning sets its root value.
    ///
    /// ```swift
    /// InjectedValues[\.networkProvider].requestData()
    /// InjectedValues[\.networkProvider] = MockNetworkProvider()
    /// ```
    ///
    /// - Parameter keyPath: The property declared in an `InjectedValues` extension.
    @inlinable
    public static subscript<T>(_ keyPath: WritableKeyPath<InjectedValues, T>) -> T {
        get { InjectedValues()[keyPath: keyPath] }
        set {
            var values = InjectedValues()
            values[keyPath: keyPath] = newValue
        }
    }
}
