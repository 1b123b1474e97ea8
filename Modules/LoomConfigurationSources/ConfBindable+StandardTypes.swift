// The value types swift-configuration reads, bindable as they are.
public import Configuration
public import Foundation

// MARK: - Scalars

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension String: ConfBindable {
    /// `.string`.
    public static var configType: ConfigType { .string }

    /// The string content.
    ///
    /// - Parameter configContent: `.string` content.
    public init?(configContent: ConfigContent) {
        guard case .string(let value) = configContent else { return nil }
        self = value
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Int: ConfBindable {
    /// `.int`.
    public static var configType: ConfigType { .int }

    /// The integer content.
    ///
    /// - Parameter configContent: `.int` content.
    public init?(configContent: ConfigContent) {
        guard case .int(let value) = configContent else { return nil }
        self = value
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Double: ConfBindable {
    /// `.double`.
    public static var configType: ConfigType { .double }

    /// The double content.
    ///
    /// - Parameter configContent: `.double` content.
    public init?(configContent: ConfigContent) {
        guard case .double(let value) = configContent else { return nil }
        self = value
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Bool: ConfBindable {
    /// `.bool`.
    public static var configType: ConfigType { .bool }

    /// The Boolean content.
    ///
    /// - Parameter configContent: `.bool` content.
    public init?(configContent: ConfigContent) {
        guard case .bool(let value) = configContent else { return nil }
        self = value
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension URL: ConfBindable {}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension UUID: ConfBindable {}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Date: ConfBindable {}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Duration: ConfBindable {}

// MARK: - Arrays

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Array: ConfBindable where Element: ConfBindableElement {
    /// The element type's array type (`[UInt8]` reads as `.bytes`).
    public static var configType: ConfigType { Element.arrayConfigType }

    /// The array content's elements.
    ///
    /// - Parameter configContent: Content of the element type's array type.
    public init?(configContent: ConfigContent) {
        guard let elements = Element.elements(from: configContent) else { return nil }
        self = elements
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension String: ConfBindableElement {
    /// `.stringArray`.
    public static var arrayConfigType: ConfigType { .stringArray }

    /// The strings of `.stringArray` content.
    ///
    /// - Parameter content: `.stringArray` content.
    /// - Returns: The strings.
    public static func elements(from content: ConfigContent) -> [String]? {
        guard case .stringArray(let values) = content else { return nil }
        return values
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Int: ConfBindableElement {
    /// `.intArray`.
    public static var arrayConfigType: ConfigType { .intArray }

    /// The integers of `.intArray` content.
    ///
    /// - Parameter content: `.intArray` content.
    /// - Returns: The integers.
    public static func elements(from content: ConfigContent) -> [Int]? {
        guard case .intArray(let values) = content else { return nil }
        return values
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Double: ConfBindableElement {
    /// `.doubleArray`.
    public static var arrayConfigType: ConfigType { .doubleArray }

    /// The doubles of `.doubleArray` content.
    ///
    /// - Parameter content: `.doubleArray` content.
    /// - Returns: The doubles.
    public static func elements(from content: ConfigContent) -> [Double]? {
        guard case .doubleArray(let values) = content else { return nil }
        return values
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Bool: ConfBindableElement {
    /// `.boolArray`.
    public static var arrayConfigType: ConfigType { .boolArray }

    /// The Booleans of `.boolArray` content.
    ///
    /// - Parameter content: `.boolArray` content.
    /// - Returns: The Booleans.
    public static func elements(from content: ConfigContent) -> [Bool]? {
        guard case .boolArray(let values) = content else { return nil }
        return values
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension UInt8: ConfBindableElement {
    /// `.bytes`: a `[UInt8]` key reads a byte array (base64 or hex text, as the provider decodes it).
    public static var arrayConfigType: ConfigType { .bytes }

    /// The bytes of `.bytes` content.
    ///
    /// - Parameter content: `.bytes` content.
    /// - Returns: The bytes.
    public static func elements(from content: ConfigContent) -> [UInt8]? {
        guard case .bytes(let values) = content else { return nil }
        return values
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Array: ConfBindableElement where Element == UInt8 {
    /// `.byteChunkArray`: a `[[UInt8]]` key reads an array of byte arrays.
    public static var arrayConfigType: ConfigType { .byteChunkArray }

    /// The byte arrays of `.byteChunkArray` content.
    ///
    /// - Parameter content: `.byteChunkArray` content.
    /// - Returns: The byte arrays.
    public static func elements(from content: ConfigContent) -> [[UInt8]]? {
        guard case .byteChunkArray(let values) = content else { return nil }
        return values
    }
}
