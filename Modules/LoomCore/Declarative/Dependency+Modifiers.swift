extension Dependency {
    /// Locates the dependency by an exact, case-sensitive name instead of its type.
    ///
    /// ```swift
    /// Dependency { Service() }.named("service")
    /// ```
    /// - Parameter name: The name.
    /// - Returns: The dependency, located by `name`.
    public func named(_ name: String) -> Dependency {
        var copy = self
        copy.locator = .name(name)
        return copy
    }

    /// Locates the dependency by a string-backed name, such as an enum case.
    ///
    /// ```swift
    /// Dependency { Repository() }.named(Services.repository)
    /// ```
    /// - Parameter name: A value whose raw value is the name.
    /// - Returns: The dependency, located by `name.rawValue`.
    public func named<Name: RawRepresentable>(_ name: Name) -> Dependency where Name.RawValue == String {
        named(name.rawValue)
    }

    /// Locates the dependency by a name taken from a value's description.
    ///
    /// Disfavoured so that `String` and string-backed names pick their dedicated overloads.
    ///
    /// ```swift
    /// Dependency { SearchIndex() }.named(FeatureName.search)
    /// ```
    /// - Parameter name: A value whose `description` is the name.
    /// - Returns: The dependency, located by `name.description`.
    @_disfavoredOverload
    public func named(_ name: some CustomStringConvertible) -> Dependency {
        named(name.description)
    }

    /// Locates the dependency by an associated `Hashable` value instead of its type.
    ///
    /// ```swift
    /// Dependency { ProfileAvatarUploadService() }.associated(with: UploadLocation.avatar)
    /// ```
    /// - Parameter value: The associated value; its hash must not change while registered.
    /// - Returns: The dependency, located by `value`.
    public func associated(with value: some Hashable & Sendable) -> Dependency {
        var copy = self
        copy.locator = .value(value)
        return copy
    }

    /// Registers the dependency under an alternative of its type (Macaroni's qualifier).
    ///
    /// ```swift
    /// Dependency { () -> any Greeter in PirateGreeter() }.alternative("pirate")
    /// ```
    /// - Parameter alternative: The alternative.
    /// - Returns: The dependency, registered under `alternative`.
    public func alternative(_ alternative: RegistrationAlternative) -> Dependency {
        var copy = self
        copy.alternative = alternative
        return copy
    }

    /// Also answers type lookups for a protocol the value conforms to; chainable.
    ///
    /// A value that turns out not to conform is reported with the declaration's file and line the first time
    /// an instance is built (Swift cannot test a protocol conformance without an instance).
    ///
    /// ```swift
    /// Dependency { AccountRepository() }
    ///     .conforms(to: PrincipalAware.self)
    ///     .conforms(to: Resettable.self)
    /// ```
    /// - Parameter protocolType: The protocol (existential) type, e.g. `PrincipalAware.self`.
    /// - Returns: The dependency, also located by `protocolType`.
    public func conforms<Protocol>(to protocolType: Protocol.Type) -> Dependency {
        var copy = self
        copy.aliases.append(RegistrationAlias(protocolType))
        return copy
    }

    /// Also answers type lookups for a superclass of the value; chainable.
    ///
    /// An unrelated class is reported when the dependency is registered.
    ///
    /// ```swift
    /// Dependency { Service() }.inherits(from: ServiceSuperclass.self)
    /// ```
    /// - Parameter superclass: The superclass.
    /// - Returns: The dependency, also located by `superclass`.
    public func inherits<Superclass>(from superclass: Superclass.Type) -> Dependency {
        var copy = self
        copy.aliases.append(RegistrationAlias(superclass))
        if Value.self is AnyClass, Superclass.self is AnyClass, !((Value.self as Any.Type) is Superclass.Type) {
            copy.problems.append(
                "\(typeName(Value.self)) does not inherit from \(typeName(Superclass.self)); "
                    + "resolving it as \(typeName(Superclass.self)) will fail"
            )
        }
        return copy
    }
}

extension Dependency where Value: Sendable {
    /// Sets how long resolved instances are reused.
    ///
    /// ```swift
    /// Dependency { Repository() }.scope(.singleton)
    /// Dependency { UserAccountManager() }.scope(.managed(by: principalChanges))
    /// ```
    /// - Parameter scope: The scope; see ``DependencyScope``.
    /// - Returns: The dependency with that scope.
    public func scope(_ scope: DependencyScope) -> Dependency {
        var copy = self
        copy.scope = scope
        return copy
    }

    /// Sets whether the dependency is created on first use or when its container is activated.
    ///
    /// Eagerness applies to cached scopes without parameters; `.eager` `.instance` dependencies are still
    /// created on use.
    ///
    /// ```swift
    /// Dependency { EventTracker() }.scope(.singleton).eagerness(.eager)
    /// ```
    /// - Parameter eagerness: `.lazy` (default) or `.eager`.
    /// - Returns: The dependency with that eagerness.
    public func eagerness(_ eagerness: DependencyEagerness) -> Dependency {
        var copy = self
        copy.eagerness = eagerness
        return copy
    }
}
