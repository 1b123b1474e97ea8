/// The kind of type that encloses an `@InjectedParameters` initialiser, which decides how the generated
/// initialiser delegates.
///
/// The macro reads the enclosing declaration itself, so `.inferred` (the default) is right almost everywhere. In an
/// extension the macro cannot see what is extended: there a `convenience init` is taken for a class, any other
/// initialiser for an actor, struct or enum. Pass a kind to override the inference.
///
/// ```swift
/// struct Service {
///     let repository: EntityRepository
///
///     @InjectedParameters(parent: .structParent)
///     init(repository: EntityRepository) {
///         self.repository = repository
///     }
/// }
/// ```
public enum InjectedParametersParent: Sendable, Hashable, CaseIterable {
    /// Read the kind from the enclosing declaration.
    case inferred
    /// A class: the generated initialiser is a `convenience init`.
    case classParent
    /// An actor: the generated initialiser is a plain delegating `init` (Swift 6 rejects `convenience` in actors).
    case actorParent
    /// A struct: the generated initialiser is a plain delegating `init`.
    case structParent
    /// An enum: the generated initialiser is a plain delegating `init`.
    case enumParent
}

/// How `@InjectedParameters` resolves each injected parameter from the `DependencyGraph`.
///
/// ```swift
/// final class Service {
///     @InjectedParameters(strategy: .byName)
///     func findAll(in repository: EntityRepository) -> [Entity] { [] }
///     // findAll() injects `try DependencyGraph.inject(byName: "repository")`
/// }
/// ```
public enum InjectedParametersStrategy: Sendable, Hashable, CaseIterable {
    /// Resolve by the parameter's type (the default).
    case byType
    /// Resolve by the parameter's internal name, such as `repository` in `in repository: EntityRepository`; a
    /// parameter without an internal name (`_: T`) is resolved by type.
    case byName
}

/// How the overload `@InjectedParameters` generates for an `async` function or initialiser obtains its parameters.
///
/// By default an `async` overload **loads** each parameter (`try await DependencyGraph.load`), so parameters
/// registered with an `async` factory, or isolated to an actor, arrive as well; a synchronous overload always
/// injects them (`try DependencyGraph.inject`). `load` returns only `Sendable` values: for an `async` function whose
/// injected parameters are not `Sendable` (a main-actor view model), inject them synchronously instead.
///
/// ```swift
/// @MainActor
/// final class ProfileScreen {
///     @InjectedParameters(loading: .synchronous)
///     func present(viewModel: ProfileViewModel) async {}   // ProfileViewModel is not Sendable
/// }
/// ```
public enum InjectedParametersLoading: Sendable, Hashable, CaseIterable {
    /// Load the parameters in an `async` overload, inject them in a synchronous one (the default).
    case automatic
    /// Inject the parameters synchronously, also in an `async` overload: for parameter types that are not
    /// `Sendable`. A parameter whose registration is `async` and not yet built then stops with
    /// `InjectionError.asynchronousDependency`.
    case synchronous
}

extension InjectedParametersStrategy {
    /// StitcherMacros' spelling of ``byType``.
    ///
    /// ```swift
    /// @InjectedParameters(strategy: .stitcherByType)   // write `.byType`
    /// ```
    @available(*, deprecated, renamed: "byType")
    public static var stitcherByType: Self { .byType }

    /// StitcherMacros' spelling of ``byName``.
    ///
    /// ```swift
    /// @InjectedParameters(strategy: .stitcherByName)   // write `.byName`
    /// ```
    @available(*, deprecated, renamed: "byName")
    public static var stitcherByName: Self { .byName }
}

/// StitcherMacros' name for ``InjectedParametersParent``.
///
/// ```swift
/// let parent: AttachedParentKind = .structParent   // write `InjectedParametersParent`
/// ```
@available(*, deprecated, renamed: "InjectedParametersParent")
public typealias AttachedParentKind = InjectedParametersParent
