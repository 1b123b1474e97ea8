public import Configuration

/// An element type of arrays a configuration key can be bound to (`[String]`, `[Int]`, `[Double]`, `[Bool]`,
/// `[[UInt8]]`, and `[UInt8]` itself, read as bytes).
///
/// An enum with `String` or integer raw values gets the requirements from a one-line conformance, so arrays of it
/// can be bound too.
///
/// ```swift
/// enum Region: String, ConfBindable, ConfBindableElement { case eu, us }
/// let binding = ConfBinding(\.regions, to: "regions")   // ["eu", "us"] reads as [.eu, .us]
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public protocol ConfBindableElement: Sendable {
    /// The array type providers are asked for.
    ///
    /// ```swift
    /// Int.arrayConfigType   // .intArray
    /// ```
    static var arrayConfigType: ConfigType { get }

    /// The elements a provider's array content stands for, or `nil` when one of them stands for no value.
    ///
    /// ```swift
    /// Int.elements(from: .intArray([1, 2]))   // [1, 2]
    /// ```
    ///
    /// - Parameter content: Content of type ``arrayConfigType``.
    /// - Returns: The elements, in order.
    static func elements(from content: ConfigContent) -> [Self]?
}

// MARK: - Your own types

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfBindableElement where Self: RawRepresentable, RawValue == String {
    /// `.stringArray`: the raw values.
    public static var arrayConfigType: ConfigType { .stringArray }

    /// The cases named by `.stringArray` content, or `nil` if one names no case.
    ///
    /// - Parameter content: `.stringArray` content.
    /// - Returns: The cases.
    public static func elements(from content: ConfigContent) -> [Self]? {
        guard case .stringArray(let values) = content else { return nil }
        let cases = values.compactMap(Self.init(rawValue:))
        return cases.count == values.count ? cases : nil
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfBindableElement where Self: RawRepresentable, RawValue: BinaryInteger {
    /// `.intArray`: the raw values.
    public static var arrayConfigType: ConfigType { .intArray }

    /// The cases named by `.intArray` content, or `nil` if one names no case.
    ///
    /// - Parameter content: `.intArray` content.
    /// - Returns: The cases.
    public static func elements(from content: ConfigContent) -> [Self]? {
        guard case .intArray(let values) = content else { return nil }
        let cases = values.compactMap { RawValue(exactly: $0).flatMap(Self.init(rawValue:)) }
        return cases.count == values.count ? cases : nil
    }
}
