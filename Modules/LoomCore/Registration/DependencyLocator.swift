internal import LoomRuntime

/// How a registration is found: by type (the default), by name, or by an associated value.
///
/// A type locator answers for the registered type and every type added with `conforms(to:)` /
/// `inherits(from:)`. Name and value locators are separate namespaces: a named registration is never found by
/// type, and names match exactly (byte for byte: case-sensitive, no trimming, no Unicode normalisation).
///
/// ```swift
/// let byType: DependencyLocator = .type(Repository.self)   // "Type[Repository]"
/// let byName: DependencyLocator = .name("repository")      // "Name[repository]"
/// let byValue: DependencyLocator = .value(Upload.avatar)   // "Value[avatar]"
/// ```
public struct DependencyLocator: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    package enum Storage: Sendable {
        case type(ObjectIdentifier, Any.Type)
        case name(String)
        // Boxed: a value locator is rare, and inline its existential would triple every locator's size.
        indirect case value(AnySendableHashable)
    }

    @usableFromInline package let storage: Storage

    package init(storage: Storage) {
        self.storage = storage
    }

    /// Locates a registration by the type it produces (or a type it declares conformance to).
    ///
    /// ```swift
    /// let locator = DependencyLocator.type(Repository.self)
    /// ```
    /// - Parameter type: The produced type.
    /// - Returns: A type locator.
    public static func type<T>(_ type: T.Type) -> DependencyLocator {
        DependencyLocator(storage: .type(ObjectIdentifier(type), type))
    }

    /// Locates a registration by an exact, case-sensitive name.
    ///
    /// ```swift
    /// let locator = DependencyLocator.name("repository")
    /// ```
    /// - Parameter name: The name, matched exactly.
    /// - Returns: A name locator.
    public static func name(_ name: String) -> DependencyLocator {
        DependencyLocator(storage: .name(name))
    }

    /// Locates a registration by a name taken from a string-backed value, such as an enum case.
    ///
    /// ```swift
    /// enum Services: String { case repository }
    /// let locator = DependencyLocator.name(Services.repository)   // "Name[repository]"
    /// ```
    /// - Parameter name: A value whose raw value is the name.
    /// - Returns: A name locator.
    public static func name<Name: RawRepresentable>(_ name: Name) -> DependencyLocator where Name.RawValue == String {
        .name(name.rawValue)
    }

    /// Locates a registration by a name taken from a value's description.
    ///
    /// Disfavoured so that `String` and `RawRepresentable` names pick their dedicated overloads.
    ///
    /// ```swift
    /// let locator = DependencyLocator.name(FeatureFlag.search)   // uses `FeatureFlag.search.description`
    /// ```
    /// - Parameter name: A value whose `description` is the name.
    /// - Returns: A name locator.
    @_disfavoredOverload
    public static func name(_ name: some CustomStringConvertible) -> DependencyLocator {
        .name(name.description)
    }

    /// Locates a registration by an associated `Hashable` value.
    ///
    /// ```swift
    /// enum UploadLocation: Hashable, Sendable { case avatar, banner }
    /// let locator = DependencyLocator.value(UploadLocation.avatar)   // "Value[avatar]"
    /// ```
    /// - Parameter value: The value; its hash must not change while registered.
    /// - Returns: A value locator.
    public static func value(_ value: some Hashable & Sendable) -> DependencyLocator {
        DependencyLocator(storage: .value(AnySendableHashable(value)))
    }

    /// The located type for type locators, otherwise `nil`.
    ///
    /// ```swift
    /// DependencyLocator.type(Int.self).locatedType == Int.self   // true
    /// ```
    public var locatedType: Any.Type? {
        if case .type(_, let type) = storage { return type }
        return nil
    }

    /// `Type[Name]`, `Name[name]` or `Value[value]`.
    ///
    /// ```swift
    /// DependencyLocator.name("repository").description   // "Name[repository]"
    /// ```
    public var description: String {
        switch storage {
        case .type(_, let type): "Type[\(typeName(type))]"
        case .name(let name): "Name[\(name)]"
        case .value(let value): "Value[\(value)]"
        }
    }

    /// Whether two locators find the same registrations: same type, same exact name, or equal value.
    ///
    /// ```swift
    /// DependencyLocator.name("a") == .name("a")   // true
    /// DependencyLocator.name("a") == .name("A")   // false
    /// ```
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.type(let left, _), .type(let right, _)): left == right
        case (.name(let left), .name(let right)): TableHash.sameName(left, right)
        case (.value(let left), .value(let right)): left == right
        default: false
        }
    }

    /// Hashes the locator's kind and identity.
    ///
    /// ```swift
    /// let seen: Set<DependencyLocator> = [.type(A.self), .name("a")]
    /// ```
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .type(let id, _):
            hasher.combine(0 as UInt8)
            hasher.combine(id)
        case .name(let name):
            hasher.combine(1 as UInt8)
            // Names are identities compared byte for byte (`==` above).
            hasher.combine(TableHash.name(name))
        case .value(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        }
    }
}

/// A readable name for a type: `MyService`, `[Int]`, `Optional<MyService>`.
package func typeName(_ type: Any.Type) -> String {
    String(describing: type)
}
