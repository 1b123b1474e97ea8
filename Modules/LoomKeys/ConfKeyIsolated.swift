/// A configuration or service key isolated to a global actor, for values that are not `Sendable`.
///
/// The generalisation of ``ConfKeyMainActor`` to any global actor: a key for a database actor's connection cache, a
/// render actor's scene, or main-actor state declared generically. Its values need not be `Sendable`, and only code
/// isolated to `Isolation` can read or write them: every ``Conf``, ``ConfContext`` and ``InjectedConf`` API for
/// these keys uses the key's conformance, and the conformance is *isolated* to the actor
/// (`: @DatabaseActor ConfKeyIsolated`), which Swift lets only code isolated to that actor use. Reading the key
/// anywhere else is a compile-time error: "global actor 'DatabaseActor'-isolated conformance of '…' to
/// 'ConfKeyIsolated' cannot be used in nonisolated context". `#declareConfKey(…, on: DatabaseActor.self, …)` (in
/// `LoomMacros`) declares one.
///
/// ```swift
/// @globalActor actor DatabaseActor { static let shared = DatabaseActor() }
/// final class ConnectionCache { var open: [String] = [] }   // not Sendable
///
/// @DatabaseActor enum ConnectionCacheKey: @DatabaseActor ConfKeyIsolated {
///     typealias Isolation = DatabaseActor
///     typealias Value = ConnectionCache
///     static let defaultValue: ConnectionCache! = ConnectionCache()
/// }
/// extension ConfKeys {
///     var connectionCache: ConnectionCacheKey.Type { ConnectionCacheKey.self }
/// }
/// @DatabaseActor func connect(_ name: String) { Conf[\.connectionCache].open.append(name) }
/// ```
///
/// > Important: Declare the conformance isolated, `: @YourActor ConfKeyIsolated`, with `Isolation` naming the same
/// > actor; the macros always do. A conformance without the attribute still compiles (Swift cannot require it), and
/// > then only a run-time check protects the values: every access checks that it runs on `Isolation`, and the Swift
/// > runtime stops the process if not ("Incorrect actor executor assumption; expected '…' executor.").
public protocol ConfKeyIsolated {
    /// The global actor the key's values belong to.
    associatedtype Isolation: GlobalActor

    /// The type of the key's values (need not be `Sendable`).
    associatedtype Value

    /// The value used while no root value or override is set, or `nil` when the key must be set before use.
    ///
    /// Built on the key's actor, at most once, on the first read that finds no root value and no override.
    ///
    /// ```swift
    /// static let defaultValue: ConnectionCache! = ConnectionCache()
    /// ```
    static var defaultValue: Value! { get }
}
