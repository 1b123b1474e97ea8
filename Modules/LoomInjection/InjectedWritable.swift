public import LoomKeys

/// Reads and writes an `InjectedValues` key path: assigning through the property changes the value every other
/// consumer sees (kingnight/Injection's behaviour, opt-in in Loom; ``Injected`` with a key path is read-only).
///
/// Assignment sets the key's root value, so it is visible to all tasks; inside a
/// `Conf.withValue(_:for:operation:)` override, reads see the override.
///
/// ```swift
/// struct DataController {
///     @InjectedWritable(\.networkProvider) var networkProvider: any NetworkProviding
/// }
/// var controller = DataController()
/// controller.networkProvider = MockNetworkProvider()   // every @Injected(\.networkProvider) now sees the mock
/// ```
@propertyWrapper
public struct InjectedWritable<Value>: Sendable {
    private let keyPath: any WritableKeyPath<InjectedValues, Value> & Sendable

    /// Reads and writes `keyPath`.
    ///
    /// ```swift
    /// @InjectedWritable(\.networkProvider) var networkProvider: any NetworkProviding
    /// ```
    /// - Parameter keyPath: The `InjectedValues` property.
    public init(_ keyPath: any WritableKeyPath<InjectedValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    /// The current value; setting it sets the key's root value.
    ///
    /// ```swift
    /// controller.networkProvider = MockNetworkProvider()
    /// ```
    public var wrappedValue: Value {
        get { InjectedValues[keyPath] }
        nonmutating set { InjectedValues[keyPath] = newValue }
    }
}
