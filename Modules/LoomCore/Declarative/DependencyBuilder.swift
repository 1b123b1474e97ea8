/// The result builder behind `Container { … }`, `DependencyGroup { … }` and `Container.add { … }`.
///
/// It accepts ``Dependency`` values, ``DependencyGroup``s, custom ``DependencyRepresenting`` values and bare
/// expressions — `SomeService()` registers `SomeService` by type and is evaluated lazily, on first resolve — with
/// `if`, `if`/`else`, `switch`, `for`-`in` and `if #available`.
///
/// ```swift
/// Container {
///     LocalStorageService()                          // lazy, by type
///     if AppModel.shared.isPrincipalPresent {
///         Dependency { UserAccountService() }
///     }
///     for region in Region.allCases {
///         Dependency { RegionalStore(region) }.associated(with: region)
///     }
/// }
/// ```
@resultBuilder
public enum DependencyBuilder {
    /// Registers a ``Dependency``.
    ///
    /// ```swift
    /// Container { Dependency { Service() } }
    /// ```
    /// - Parameter dependency: The registration.
    /// - Returns: A group holding it.
    public static func buildExpression<Value>(_ dependency: Dependency<Value>) -> DependencyGroup {
        DependencyGroup(components: [DependencyComponent(dependency)])
    }

    /// Includes a nested group.
    ///
    /// ```swift
    /// Container { DependencyGroup { Service() } }
    /// ```
    /// - Parameter group: The group.
    /// - Returns: The group.
    public static func buildExpression(_ group: DependencyGroup) -> DependencyGroup {
        group
    }

    /// Registers a custom ``DependencyRepresenting`` value.
    ///
    /// ```swift
    /// Container { RepositoryDependency() }
    /// ```
    /// - Parameters:
    ///   - representation: The custom registration.
    ///   - fileID: Where it is declared, for diagnostics; defaults to the call site.
    ///   - line: Where it is declared, for diagnostics; defaults to the call site.
    /// - Returns: A group holding it.
    public static func buildExpression<Representation: DependencyRepresenting>(
        _ representation: Representation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyGroup {
        DependencyGroup(components: [DependencyComponent(representation.dependency(fileID: fileID, line: line))])
    }

    /// Registers a bare expression by its type, with the automatic scope; it is evaluated on first resolve,
    /// not when the builder runs.
    ///
    /// ```swift
    /// Container { AuthenticationService() }
    /// ```
    /// - Parameters:
    ///   - expression: The value, captured as an autoclosure.
    ///   - fileID: Where it is declared, for diagnostics; defaults to the call site.
    ///   - line: Where it is declared, for diagnostics; defaults to the call site.
    /// - Returns: A group holding the registration.
    public static func buildExpression<Value: Sendable>(
        _ expression: @autoclosure @escaping @Sendable () -> Value,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyGroup {
        buildExpression(Dependency(fileID: fileID, line: line, expression))
    }

    /// Registers a bare expression of a non-`Sendable` type, built anew on every resolve.
    ///
    /// ```swift
    /// Container { ReportFormatter() }
    /// ```
    /// - Parameters:
    ///   - expression: The value, captured as an autoclosure.
    ///   - fileID: Where it is declared, for diagnostics; defaults to the call site.
    ///   - line: Where it is declared, for diagnostics; defaults to the call site.
    /// - Returns: A group holding the registration.
    public static func buildExpression<Value>(
        _ expression: @autoclosure @escaping @Sendable () -> Value,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> DependencyGroup {
        buildExpression(Dependency(fileID: fileID, line: line, expression))
    }

    /// Concatenates the statements of a block.
    ///
    /// ```swift
    /// Container { Service(); Repository() }
    /// ```
    /// - Parameter groups: One group per statement.
    /// - Returns: Their registrations, in order.
    public static func buildBlock(_ groups: DependencyGroup...) -> DependencyGroup {
        DependencyGroup(components: groups.flatMap(\.components))
    }

    /// A block of one statement: its group as is.
    ///
    /// The common case inside `for` loops and `if` branches; taking it apart would cost two array allocations per
    /// registration.
    ///
    /// ```swift
    /// Container { for name in names { Dependency(named: name) { Service() } } }
    /// ```
    /// - Parameter group: The statement's group.
    /// - Returns: The same group.
    public static func buildBlock(_ group: DependencyGroup) -> DependencyGroup {
        group
    }

    /// Supports `if` without `else`.
    ///
    /// ```swift
    /// Container { if isLoggedIn { LogoutService() } }
    /// ```
    /// - Parameter group: The registrations when the condition holds.
    /// - Returns: Them, or nothing.
    public static func buildOptional(_ group: DependencyGroup?) -> DependencyGroup {
        group ?? DependencyGroup(components: [])
    }

    /// Supports `if`/`else` and `switch`: the first branch.
    ///
    /// ```swift
    /// Container { if useMocks { MockAPI() } else { LiveAPI() } }
    /// ```
    /// - Parameter first: The branch's registrations.
    /// - Returns: Them.
    public static func buildEither(first: DependencyGroup) -> DependencyGroup {
        first
    }

    /// Supports `if`/`else` and `switch`: the second branch.
    ///
    /// ```swift
    /// Container { if useMocks { MockAPI() } else { LiveAPI() } }
    /// ```
    /// - Parameter second: The branch's registrations.
    /// - Returns: Them.
    public static func buildEither(second: DependencyGroup) -> DependencyGroup {
        second
    }

    /// Supports `for`-`in` loops.
    ///
    /// ```swift
    /// Container { for region in Region.allCases { Dependency { Store(region) }.associated(with: region) } }
    /// ```
    /// - Parameter groups: One group per iteration.
    /// - Returns: Their registrations, in order.
    public static func buildArray(_ groups: [DependencyGroup]) -> DependencyGroup {
        DependencyGroup(components: groups.flatMap(\.components))
    }

    /// Supports `if #available`.
    ///
    /// ```swift
    /// Container { if #available(macOS 15, *) { ModernClock() } }
    /// ```
    /// - Parameter group: The registrations inside the availability check.
    /// - Returns: Them.
    public static func buildLimitedAvailability(_ group: DependencyGroup) -> DependencyGroup {
        group
    }
}
