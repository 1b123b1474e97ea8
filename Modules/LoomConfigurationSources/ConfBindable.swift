public import Configuration

/// A value type a configuration key can be bound to: one that swift-configuration reads from its providers.
///
/// Strings, integers, doubles, booleans, byte arrays (`[UInt8]`), arrays of those, `URL`, `UUID`, `Date` (ISO 8601)
/// and `Duration` (whole seconds) conform already. Give your own type a one-line conformance: an enum with `String` or
/// integer raw values, and a type that adopts swift-configuration's `ExpressibleByConfigString` or
/// `ExpressibleByConfigInt`, get the requirements for free.
///
/// ```swift
/// enum LogLevel: String, ConfBindable { case debug, info, warning }
///
/// extension ConfKeys {
///     #declareConfKey("logLevel", LogLevel.self, defaultValue: .info)
/// }
/// let binding = ConfBinding(\.logLevel, to: "log.level")   // "warning" in a provider reads as .warning
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public protocol ConfBindable: Sendable {
    /// The type providers are asked for.
    ///
    /// ```swift
    /// Int.configType   // .int
    /// ```
    static var configType: ConfigType { get }

    /// The value a provider's content stands for, or `nil` when it does not stand for one (a raw value that names no
    /// case).
    ///
    /// ```swift
    /// let level = LogLevel(configContent: .string("debug"))   // .debug
    /// ```
    ///
    /// - Parameter configContent: Content of type ``configType``, as a provider returned it.
    init?(configContent: ConfigContent)
}

// MARK: - Your own types

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfBindable where Self: RawRepresentable, RawValue == String {
    /// `.string`: the raw value.
    public static var configType: ConfigType { .string }

    /// The case whose raw value is the string content.
    ///
    /// - Parameter configContent: `.string` content.
    public init?(configContent: ConfigContent) {
        guard case .string(let value) = configContent else { return nil }
        self.init(rawValue: value)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfBindable where Self: RawRepresentable, RawValue: BinaryInteger {
    /// `.int`: the raw value.
    public static var configType: ConfigType { .int }

    /// The case whose raw value is the integer content.
    ///
    /// - Parameter configContent: `.int` content.
    public init?(configContent: ConfigContent) {
        guard case .int(let value) = configContent, let raw = RawValue(exactly: value) else { return nil }
        self.init(rawValue: raw)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfBindable where Self: ExpressibleByConfigString {
    /// `.string`, read with `init(configString:)`.
    public static var configType: ConfigType { .string }

    /// The value the string content describes.
    ///
    /// - Parameter configContent: `.string` content.
    public init?(configContent: ConfigContent) {
        guard case .string(let value) = configContent else { return nil }
        self.init(configString: value)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfBindable where Self: ExpressibleByConfigInt {
    /// `.int`, read with `init(configInt:)`.
    public static var configType: ConfigType { .int }

    /// The value the integer content describes.
    ///
    /// - Parameter configContent: `.int` content.
    public init?(configContent: ConfigContent) {
        guard case .int(let value) = configContent else { return nil }
        self.init(configInt: value)
    }
}
