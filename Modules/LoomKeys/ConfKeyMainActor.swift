/// A configuration or service key isolated to the main actor, for values that are not `Sendable`.
///
/// The key type itself is `Sendable` (an empty enum is), so it can be named anywhere; its *values* are not.
///
/// Use it for main-actor services (view models, UI state) that cannot cross isolation domains. The key, its
/// default, its storage, and every `Conf` and `InjectedConf` API that reads or writes it are `@MainActor`, so
/// touching such a key from other isolation is a compile-time error. Its values live in a main-actor store of
/// their own, never in the `Sendable` root store. `#declareConfKey(…, on: MainActor.self, …)` declares one.
///
/// ```swift
/// @MainActor final class Router { var path: [String] = [] }
/// @MainActor enum RouterKey: ConfKeyMainActor {
///     typealias Value = Router
///     static let defaultValue: Router! = Router()
/// }
/// extension ConfKeys {
///     var router: RouterKey.Type { RouterKey.self }
/// }
/// @MainActor func show(_ screen: String) { Conf[\.router].path.append(screen) }
/// ```
@MainActor
public protocol ConfKeyMainActor: Sendable {
    /// The type of the key's values (need not be `Sendable`).
    associatedtype Value

    /// The value used while no root value or override is set, or `nil` when the key must be set before use.
    ///
    /// ```swift
    /// static let defaultValue: Router! = Router()
    /// ```
    static var defaultValue: Value! { get }
}
