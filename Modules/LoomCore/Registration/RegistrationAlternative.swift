public import LoomRuntime

/// A qualifier that lets one type have several independent registrations in a container.
///
/// The default registration and each alternative are separate slots: they never fall back to each other.
/// Build one from a string literal, from `RegistrationAlternative("name")`, or make a unique one with
/// `RegistrationAlternative()`.
///
/// ```swift
/// extension RegistrationAlternative {
///     static let another: RegistrationAlternative = "another"
/// }
/// container.register(alternative: .another) { () -> MyService in AnotherService() }
/// let service: MyService = try container.resolve(alternative: .another)
/// ```
public struct RegistrationAlternative: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name; `nil` for a unique alternative, which `tableHash` identifies.
    ///
    /// A unique alternative's hash mixes its number with a bijection, so equal hashes are equal numbers. Two words
    /// instead of an enum's three: every registration stores an optional alternative.
    @usableFromInline let name: String?
    /// The alternative's part of a registration key's table hash, computed once, so resolving with an alternative
    /// never hashes its name.
    @usableFromInline package let tableHash: UInt
    private static let uniqueCounter = AtomicCounter()

    /// Creates an alternative identified by `name`; equal names are the same alternative.
    ///
    /// ```swift
    /// let staging = RegistrationAlternative("staging")
    /// ```
    /// - Parameter name: The alternative's name.
    public init(_ name: String) {
        self.name = name
        tableHash = TableHash.name(name)
    }

    /// Creates an alternative equal to no other.
    ///
    /// ```swift
    /// let privateSlot = RegistrationAlternative()
    /// ```
    public init() {
        let number = Self.uniqueCounter.increment()
        name = nil
        tableHash = TableHash.word(number)
    }

    /// Creates an alternative from a string literal: `let another: RegistrationAlternative = "another"`.
    ///
    /// - Parameter value: The alternative's name.
    ///
    /// ```swift
    /// let another: RegistrationAlternative = "another"
    /// ```
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Whether two alternatives are the same: names with the same bytes, or the same unique alternative.
    ///
    /// ```swift
    /// RegistrationAlternative("blue") == "blue"   // true
    /// ```
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        // Equal alternatives have equal precomputed hashes: one word settles most comparisons.
        guard lhs.tableHash == rhs.tableHash else { return false }
        return switch (lhs.name, rhs.name) {
        case (.some(let left), .some(let right)): TableHash.sameName(left, right)
        // Unique alternatives: equal hashes are equal numbers (`TableHash.word` is a bijection).
        case (nil, nil): true
        default: false
        }
    }

    /// Whether two optional alternatives are the same (both absent, or equal), without copying either.
    @inlinable @inline(__always)
    package static func same(_ left: Self?, _ right: Self?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (.some(let left), .some(let right)): left == right
        default: false
        }
    }

    /// Hashes the alternative's identity.
    ///
    /// ```swift
    /// let set: Set<RegistrationAlternative> = ["blue", "green"]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tableHash)
    }

    /// The name, or `#N` for a unique alternative.
    ///
    /// ```swift
    /// RegistrationAlternative("blue").description   // "blue"
    /// ```
    public var description: String {
        name ?? "#\(TableHash.unmixedWord(tableHash))"
    }
}
