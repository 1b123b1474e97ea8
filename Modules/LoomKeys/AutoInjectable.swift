/// A service type with one main instance, injectable with `@InjectedConf()` without naming a key.
///
/// Conform the service type and name its key; `@InjectedConf() var service: MyService` then reads
/// `Conf[key: MyService.AutoInjectionKey.self]`. Protocol types cannot be auto-injected (a protocol cannot name its
/// own key); use a key path for them.
///
/// ```swift
/// final class Clock: Sendable { func now() -> Double { 0 } }
/// extension ConfKeys {
///     #declareServiceKey("clock", Clock.self, "ClockKey", defaultValue: Clock())
/// }
/// extension Clock: AutoInjectable {
///     typealias AutoInjectionKey = ConfKeys.ClockKey
/// }
/// struct Scheduler {
///     @InjectedConf() var clock: Clock
/// }
/// ```
public protocol AutoInjectable: Sendable {
    /// The key holding the main instance.
    associatedtype AutoInjectionKey: ConfKey where AutoInjectionKey.Value == Self
}

/// A main-actor service type with one main instance, injectable with `@InjectedConf()` from main-actor code.
///
/// The main-actor counterpart of ``AutoInjectable``: its key is a ``ConfKeyMainActor``, so the service need not be
/// `Sendable` and is only reachable on the main actor.
///
/// ```swift
/// @MainActor final class Router { var path: [String] = [] }
/// extension ConfKeys {
///     #declareServiceKey("router", Router.self, on: MainActor.self, "RouterKey", defaultValue: Router())
/// }
/// extension Router: AutoInjectableMainActor {
///     typealias AutoInjectionKey = ConfKeys.RouterKey
/// }
/// @MainActor struct Screen {
///     @InjectedConf() var router: Router
/// }
/// ```
@MainActor
public protocol AutoInjectableMainActor {
    /// The key holding the main instance.
    associatedtype AutoInjectionKey: ConfKeyMainActor where AutoInjectionKey.Value == Self
}

/// A service type with one main instance isolated to a global actor, injectable with `@InjectedConf()` from code on
/// that actor.
///
/// The counterpart of ``AutoInjectableMainActor`` for any global actor: its key is a ``ConfKeyIsolated``, so the
/// service need not be `Sendable`. Declare the conformance isolated to the key's actor, like the key's own, so only
/// code on that actor can use it.
///
/// ```swift
/// final class ConnectionCache { var open: [String] = [] }
/// extension ConfKeys {
///     #declareServiceKey(
///         "connectionCache", ConnectionCache.self, on: DatabaseActor.self, "ConnectionCacheKey",
///         defaultValue: ConnectionCache())
/// }
/// extension ConnectionCache: @DatabaseActor AutoInjectableIsolated {
///     typealias AutoInjectionKey = ConfKeys.ConnectionCacheKey
/// }
/// @DatabaseActor final class Pool {
///     @InjectedConf() var cache: ConnectionCache
/// }
/// ```
public protocol AutoInjectableIsolated {
    /// The key holding the main instance.
    associatedtype AutoInjectionKey: ConfKeyIsolated where AutoInjectionKey.Value == Self
}
