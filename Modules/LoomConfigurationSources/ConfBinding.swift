public import Configuration
internal import Foundation
internal import LoomCore
public import LoomKeys

/// Ties a Loom configuration key to a key in swift-configuration's providers.
///
/// A binding says where a ``ConfSources`` finds a key's value: the configuration key to look up (`http.timeout`,
/// which an environment variables provider reads as `HTTP_TIMEOUT` and a JSON file as `{"http": {"timeout": …}}`),
/// the type to read it as (the key's value type, which must be ``ConfBindable``), and whether the value is secret.
/// When no provider has the key, the key's default from its declaration is used; a key declared without a default is
/// required, and an update fails without it.
///
/// ```swift
/// extension ConfKeys {
///     #declareConfKey("httpTimeout", Int.self, defaultValue: 60)
///     #declareConfKey("apiToken", String.self, defaultValue: nil)   // required
/// }
/// let bindings = [
///     ConfBinding(\.httpTimeout, to: "http.timeout"),
///     ConfBinding(\.apiToken, to: "api.token", isSecret: true),
/// ]
/// ```
///
/// > Important: A key bound in a ``ConfSources`` gets its root value from them: each update replaces what
/// > `Conf.setRootValue` set. `Conf.withValue` overrides and test overrides still win inside their scopes.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct ConfBinding: Sendable, CustomStringConvertible {
    /// What a binding holds: one reference, so an update walking a thousand bindings copies a pointer each.
    final class Storage: Sendable {
        /// The Loom key's identity.
        let id: ObjectIdentifier
        /// The key as Loom names it (`ConfKeys.httpTimeout`).
        let keyName: String
        /// The type providers are asked for.
        let type: ConfigType
        /// The value type, as errors name it: `Int (read as int)`.
        let expected: String
        /// Boxes the value that `content` stands for (a tracked box), or `nil` when it stands for none.
        let box: @Sendable (ConfigContent) -> KeyValueBox?
        /// A tracked box for the key's default, or `nil` when the key was declared without one.
        let defaultBox: @Sendable () -> KeyValueBox?
        /// How a boxed value prints (before redaction).
        let describe: @Sendable (KeyValueBox) -> String
        let configKey: AbsoluteConfigKey
        let isSecret: Bool

        init<K: ConfKey>(_ key: K.Type, configKey: AbsoluteConfigKey, isSecret: Bool) where K.Value: ConfBindable {
            id = ObjectIdentifier(key)
            keyName = ConfBinding.name(of: key)
            type = K.Value.configType
            expected = "\(K.Value.self) (read as \(K.Value.configType.rawValue))"
            self.configKey = configKey
            self.isSecret = isSecret
            box = { content in K.Value(configContent: content).map { BoundKeys.trackedBox($0, for: K.self) } }
            defaultBox = { BoundKeys.defaultValue(of: K.self).map { BoundKeys.trackedBox($0, for: K.self) } }
            describe = { box in String(describing: box.unboxed(as: K.Value.self)) }
        }
    }

    let storage: Storage

    var id: ObjectIdentifier { storage.id }
    var keyName: String { storage.keyName }
    var type: ConfigType { storage.type }
    var expected: String { storage.expected }
    var box: @Sendable (ConfigContent) -> KeyValueBox? { storage.box }
    var defaultBox: @Sendable () -> KeyValueBox? { storage.defaultBox }
    var describe: @Sendable (KeyValueBox) -> String { storage.describe }

    /// The configuration key providers are asked for.
    ///
    /// ```swift
    /// ConfBinding(\.httpTimeout, to: "http.timeout").configKey.description   // "http.timeout"
    /// ```
    public var configKey: AbsoluteConfigKey { storage.configKey }
    /// Whether the value is secret.
    ///
    /// Loom never prints a secret value (in logs, errors or ``ConfSources/values``), whatever the provider says. A
    /// provider can also mark values secret itself (an environment variables provider's `secretsSpecifier`).
    ///
    /// ```swift
    /// ConfBinding(\.apiToken, to: "api.token", isSecret: true).isSecret   // true
    /// ```
    public var isSecret: Bool { storage.isSecret }

    /// Binds the key named by a key path to a configuration key.
    ///
    /// ```swift
    /// let binding = ConfBinding(\.httpTimeout, to: "http.timeout")
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The key's path in `ConfKeys`.
    ///   - configKey: The configuration key, dot-separated (`"http.timeout"`).
    ///   - isSecret: Whether the value must never be printed.
    public init<K: ConfKey>(_ keyPath: KeyPath<ConfKeys, K.Type>, to configKey: ConfigKey, isSecret: Bool = false)
    where K.Value: ConfBindable {
        self.init(K.self, to: configKey, isSecret: isSecret)
    }

    /// Binds a key, named by its type, to a configuration key.
    ///
    /// ```swift
    /// let binding = ConfBinding(HTTPTimeoutKey.self, to: "http.timeout")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key type.
    ///   - configKey: The configuration key, dot-separated (`"http.timeout"`).
    ///   - isSecret: Whether the value must never be printed.
    public init<K: ConfKey>(_ key: K.Type, to configKey: ConfigKey, isSecret: Bool = false)
    where K.Value: ConfBindable {
        storage = Storage(key, configKey: AbsoluteConfigKey(configKey), isSecret: isSecret)
    }

    /// How messages name a key: `ConfKeys.httpTimeout` for one `#declareConfKey` wrote, else its type's name.
    static func name(of key: Any.Type) -> String {
        let name = String(reflecting: key)
        guard let range = name.range(of: "ConfKeys.ConfKey_") else { return name }
        return "ConfKeys." + name[range.upperBound...]
    }

    /// `http.timeout → ConfKeys.httpTimeout (int)`.
    ///
    /// ```swift
    /// print(ConfBinding(\.httpTimeout, to: "http.timeout"))
    /// ```
    public var description: String {
        "\(configKey) → \(keyName) (\(type.rawValue)\(isSecret ? ", secret" : ""))"
    }
}
