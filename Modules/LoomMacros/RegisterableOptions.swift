/// How a `@Registerable` type's registration is found: the `by:` argument of the macro.
///
/// The macro reads the argument's source, so write it literally: `.type()`, `.type(A.self, (any P).self)`,
/// `.name("service")` or `.value(UploadLocation.avatar)`.
///
/// ```swift
/// @Registerable(by: .type(AccountService.self, (any PrincipalAware).self))
/// final class AccountService: PrincipalAware, Sendable {
///     init() {}
/// }
/// ```
public struct RegisterableLocator: Sendable {
    enum Kind: Sendable {
        case types([Any.Type])
        case name(String)
        case value(AnySendableHashable)
    }

    let kind: Kind

    /// Located by the attached type, which also answers for every other listed type (each must be the attached
    /// type itself or appear in its inheritance clause).
    ///
    /// ```swift
    /// @Registerable(by: .type(Service.self, (any ServiceProtocol).self))
    /// final class Service: ServiceProtocol, Sendable { init() {} }
    /// ```
    /// - Parameter types: The types the registration answers for; none means the attached type.
    /// - Returns: A type locator.
    public static func type(_ types: Any.Type...) -> RegisterableLocator {
        RegisterableLocator(kind: .types(types))
    }

    /// Located by an exact, case-sensitive name; also generates `static let dependencyName`.
    ///
    /// ```swift
    /// @Registerable(by: .name("service"))
    /// final class Service: Sendable { init() {} }
    /// ```
    /// - Parameter name: The name.
    /// - Returns: A name locator.
    public static func name(_ name: String) -> RegisterableLocator {
        RegisterableLocator(kind: .name(name))
    }

    /// Located by a string-backed name, such as an enum case; also generates `static let dependencyName`.
    ///
    /// ```swift
    /// @Registerable(by: .name(Services.repository))
    /// final class Repository: Sendable { init() {} }
    /// ```
    /// - Parameter name: A value whose raw value is the name.
    /// - Returns: A name locator.
    public static func name<Name: RawRepresentable>(_ name: Name) -> RegisterableLocator
    where Name.RawValue == String {
        RegisterableLocator(kind: .name(name.rawValue))
    }

    /// Located by an associated `Hashable` value; also generates `static let dependencyValue`.
    ///
    /// ```swift
    /// @Registerable(by: .value(UploadLocation.avatar))
    /// final class AvatarUploadService: Sendable { init() {} }
    /// ```
    /// - Parameter value: The value, written with its type (`UploadLocation.avatar`, not `.avatar`).
    /// - Returns: A value locator.
    public static func value(_ value: some Hashable & Sendable) -> RegisterableLocator {
        RegisterableLocator(kind: .value(AnySendableHashable(value)))
    }
}

/// How long a `@Registerable` type's instances are reused: the `scope:` argument of the macro.
///
/// It spells the `DependencyScope` cases, plus `.automatic` for the attached type's automatic scope (the default).
///
/// ```swift
/// @Registerable(scope: .singleton)
/// final class EventTracker: Sendable { init() {} }
/// ```
public struct RegisterableScope: Sendable {
    /// The scope, or `nil` for the attached type's automatic scope.
    let scope: DependencyScope?

    /// The attached type's automatic scope, `Dependency`'s default: `DependencyScope.automatic(for:)` (`.shared`
    /// for classes, `.instance` for value types) for a `Sendable` type, `.instance` for any other.
    ///
    /// ```swift
    /// @Registerable(scope: .automatic)
    /// final class Service: Sendable { init() {} }
    /// ```
    public static let automatic = RegisterableScope(scope: nil)

    /// A new instance on every resolve.
    ///
    /// ```swift
    /// @Registerable(scope: .instance)
    /// final class RequestBuilder: Sendable { init() {} }
    /// ```
    public static let instance = RegisterableScope(scope: .instance)

    /// The same instance while someone holds it strongly.
    ///
    /// ```swift
    /// @Registerable(scope: .shared)
    /// final class ImageCache: Sendable { init() {} }
    /// ```
    public static let shared = RegisterableScope(scope: .shared)

    /// The same instance until its container is deactivated or cleaned up.
    ///
    /// ```swift
    /// @Registerable(scope: .singleton)
    /// final class Database: Sendable { init() {} }
    /// ```
    public static let singleton = RegisterableScope(scope: .singleton)

    /// One instance per request scope (`container.withScope { … }`).
    ///
    /// ```swift
    /// @Registerable(scope: .scoped)
    /// final class RequestContext: Sendable { init() {} }
    /// ```
    public static let scoped = RegisterableScope(scope: .scoped)

    /// The same instance until `provider` invalidates it.
    ///
    /// ```swift
    /// enum Sessions { static let current = ManagedScope() }
    /// @Registerable(scope: .managed(Sessions.current))
    /// final class UserSession: Sendable { init() {} }
    /// ```
    /// - Parameter provider: The invalidation provider, such as a `ManagedScope`.
    /// - Returns: A managed scope.
    public static func managed(_ provider: any ManagedDependencyScopeProviding) -> RegisterableScope {
        RegisterableScope(scope: .managed(provider))
    }

    /// The same instance until `sequence` produces an element.
    ///
    /// ```swift
    /// @Registerable(scope: .managed(by: Principal.changes))
    /// final class AccountManager: Sendable { init() {} }
    /// ```
    /// - Parameter sequence: Each element invalidates the cached instance.
    /// - Returns: A managed scope.
    public static func managed(by sequence: some AsyncSequence & Sendable) -> RegisterableScope {
        RegisterableScope(scope: .managed(by: sequence))
    }
}

/// Where the arguments of a `@Registerable` type's initialiser come from: the `parameters:` argument of the macro.
///
/// ```swift
/// @Registerable(parameters: .injected)
/// final class UploadService: Sendable {
///     init(session: NetworkingSession) {}
/// }
/// // resolved as `try DependencyGraph.inject(byType: UploadService.self)`; the session comes from the graph
/// ```
public enum RegisterableParameters: Sendable, Hashable, CaseIterable {
    /// The initialiser's parameters are the registration's factory arguments, passed at injection time:
    /// `try DependencyGraph.inject(byType: UploadService.self, session)`. Their types must be `Hashable & Sendable`.
    case runtime
    /// Each parameter is resolved by type from the `DependencyGraph` when the factory runs; a failure is thrown
    /// to the resolver like any factory error.
    case injected
}
