/// The namespace in which configuration and service keys are declared, so they can be named by key path.
///
/// Extend it with one property per key, returning the key's type; `Conf[\.myConf]` then finds the key from the
/// key path's *type* alone (the key path is never evaluated). The `#declareConfKey` family of macros in
/// `LoomMacros` writes both the key type and the property for you.
///
/// ```swift
/// extension ConfKeys {
///     #declareConfKey("retryCount", Int.self, defaultValue: 3)
/// }
/// let retries = Conf[\.retryCount]   // 3 until a root value or an override says otherwise
/// ```
///
/// Libraries keep their keys apart in a nested namespace: a `Sendable` struct with an accessor on `ConfKeys`.
///
/// ```swift
/// extension ConfKeys {
///     public struct MyLib: Sendable {}
///     public var myLib: MyLib { MyLib() }
/// }
/// extension ConfKeys.MyLib {
///     #declareConfKey("verbose", Bool.self, defaultValue: false)
/// }
/// let verbose = Conf[\.myLib.verbose]
/// ```
public enum ConfKeys: Sendable {}
