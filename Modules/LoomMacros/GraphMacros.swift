// The graph macros of StitcherMacros: injected parameters, the preferred initialiser and registerable types.

/// Generates a disfavoured overload of a function or initialiser whose parameters are resolved from the active
/// `DependencyGraph`.
///
/// Use it when a type's dependencies arrive through its initialiser (or a method's parameters) but most call sites
/// should not pass them: `UploadService()` then means "inject what `init(networkingSession:)` needs".
/// Parameters named in `ignoring:` (by label or internal name) stay in the generated signature, with their labels
/// and default values, and are forwarded. On an initialiser the macro generates a `convenience init` in a class and
/// a plain delegating `init` in an actor, struct or enum; the generated initialiser is marked
/// `@PreferredInitializer` when it is non-failable and non-generic. A declaration without parameters (or with every
/// parameter ignored) generates nothing.
///
/// ```swift
/// final class UploadService {
///     private let networkingSession: NetworkingSession
///
///     @InjectedParameters
///     init(networkingSession: NetworkingSession) {
///         self.networkingSession = networkingSession
///     }
///
///     @InjectedParameters(ignoring: "file")
///     func upload(file: URL, networkingSession: NetworkingSession) {}
/// }
///
/// let service = UploadService()          // networkingSession injected by type
/// service.upload(file: fileURL)          // networkingSession injected by type
/// ```
///
/// A generated overload takes exactly the parameters that are not injected, so it can satisfy a protocol requirement
/// (`func findAll()`); a failed injection is reported through `LoomConfiguration.logger.die` at the attribute's file
/// and line (never a bare `try!`).
///
/// The overload of an `async` declaration is `async` too and **loads** its parameters (`DependencyGraph.load`), so
/// a parameter registered with an `async` factory or isolated to an actor arrives as well:
///
/// ```swift
/// @InjectedParameters
/// func migrate(database: Database) async throws {}   // Database is registered with an async factory
///
/// try await migrate()                                  // the database is loaded, then migrated
/// ```
///
/// > Important: Injected parameters resolve from the graph when the generated overload is called, so the
/// > containers registering them must be active by then. Generic, `some`, `inout` and variadic parameters cannot
/// > be injected: ignore the generic and `inout` ones explicitly; variadic ones are not supported. An `async`
/// > overload's loaded parameters must be `Sendable`; pass `loading: .synchronous` to inject other types.
///
/// - Parameters:
///   - parent: The kind of the enclosing type; `.inferred` (the default) reads it from the declaration.
///   - strategy: `.byType` (the default) or `.byName` (each parameter's internal name).
///   - loading: `.automatic` (the default: an `async` overload loads, a synchronous one injects) or `.synchronous`
///     (always inject).
///   - ignoredParameters: Labels or internal names of the parameters to keep and forward instead of injecting.
@attached(peer, names: overloaded)
public macro InjectedParameters(
    parent: InjectedParametersParent = .inferred,
    strategy: InjectedParametersStrategy = .byType,
    loading: InjectedParametersLoading = .automatic,
    ignoring ignoredParameters: String...
) = #externalMacro(module: "LoomMacrosPlugin", type: "InjectedParametersMacro")

/// Marks the initialiser `@Registerable` uses to build its type.
///
/// Use it when a type has several initialisers; among several marked ones, the one with the fewest parameters
/// wins. A preferred initialiser must be non-failable and non-generic; the macro reports each violation (with a
/// fix-it where one exists). It may be `async` or throwing: `@Registerable` then generates an `async` or throwing
/// factory. It generates no code.
///
/// ```swift
/// @Registerable
/// final class ReportStore: Sendable {
///     @PreferredInitializer
///     convenience init() { self.init(path: "reports.json") }
///     init(path: String) {}
/// }
/// ```
@attached(peer)
public macro PreferredInitializer() = #externalMacro(module: "LoomMacrosPlugin", type: "PreferredInitializerMacro")

/// Generates a `RegisterableDependency` (and, where the autoregistration plugin can name the type,
/// `AutoregisterableDependency`) conformance: a `static let dependencyRegistration` built from the type's
/// preferred initialiser.
///
/// Omitted arguments mean exactly what this declaration says: located by the attached type, the automatic scope, lazy,
/// and the initialiser's parameters taken as runtime factory arguments. These are `Dependency`'s own defaults, so
/// the generated registration does not repeat them: the automatic scope is `DependencyScope.automatic(for:)`
/// (`.shared` for classes, `.instance` for value types) for a `Sendable` type, and `.instance` for any other type (a
/// non-`Sendable` instance must not be shared across tasks). The generated members have the type's access level. `by: .name("s")` also generates
/// `static let dependencyName`, `by: .value(v)` `static let dependencyValue`; `by: .type(A.self, (any P).self)`
/// also answers for `P`, which must appear in the type's inheritance clause.
///
/// The initialiser is chosen like this: the `@PreferredInitializer` one (the one with the fewest parameters if
/// several are marked; an `@InjectedParameters` initialiser counts as marking its generated overload); otherwise
/// the only synchronous, non-throwing initialiser; otherwise the only `async` or throwing one; otherwise, for a class,
/// struct or actor that declares no initialiser and whose stored properties all have defaults, the implicit
/// `init()`. Failable and generic initialisers are never chosen.
///
/// ```swift
/// @Registerable
/// final class Service: Sendable {
///     init() {}
/// }
///
/// @Registerable(by: .name("uploads"), scope: .singleton, parameters: .injected)
/// final class UploadService: Sendable {
///     init(session: NetworkingSession) {}
/// }
///
/// let container = Container {
///     Service.dependencyRegistration
///     UploadService.dependencyRegistration
/// }
/// ```
///
/// The registration follows the initialiser's effects and isolation:
///
/// - **`async`** (throwing or not): an `async` registration, `Dependency { () async throws -> T in try await T(…) }`,
///   which `load` builds (a synchronous `resolve` before that throws `InjectionError.asynchronousDependency`). With
///   `parameters: .injected` its parameters are loaded: `DependencyGraph.load(P.self)`. The type must be `Sendable`.
/// - **throwing**: the factory is `try`-ed; the error reaches whoever resolved the registration.
/// - **isolated to the main actor** (a `@MainActor` type or initialiser): a main-actor registration,
///   `Dependency(isolation: MainActor.self, scope: …) { T() }`, which main-actor code resolves synchronously and
///   other code `load`s; the type need not be `Sendable`, and an omitted `scope:` is `.instance`, as
///   `Dependency(isolation:)` has it.
/// - **isolated to another global actor** (`@DatabaseActor`): `Dependency(isolation: DatabaseActor.self) {
///   @DatabaseActor in T() }`, loaded on that actor; the type must be `Sendable`.
/// - **`async` and isolated**: an `async` registration whose factory runs on the actor,
///   `Dependency { @MainActor () async -> T in await T() }`; the type must be `Sendable`, and even main-actor code
///   `load`s it.
///
/// The macro reads the isolation from the initialiser (`nonisolated` opts out) or else the type: `@MainActor`, or
/// any attribute without arguments whose name ends in `Actor`, the convention for global actors. Name any other
/// actor with `isolation:`. An isolated synchronous registration cannot take factory arguments, so the macro asks
/// for `parameters: .injected` (with a fix-it) when its initialiser has parameters.
///
/// ```swift
/// @Registerable(scope: .singleton)
/// final class Database: Sendable {
///     init() async throws {}                      // Dependency { () async throws -> Database in try await Database() }
/// }
///
/// @Registerable
/// @MainActor final class ProfileViewModel {
///     init() {}                                   // Dependency(isolation: MainActor.self) { ProfileViewModel() }
/// }
/// ```
///
/// > Important: An explicit `scope:` or `eagerness: .eager` needs a `Sendable` type (as `Dependency.scope(_:)`
/// > does), except `scope:` on a synchronous main-actor registration. Generic types cannot be registerable (Swift
/// > has no static stored properties in generic types). Do not list the attached type itself in `.type(…)`: it is
/// > implied, and naming it in its own attribute makes the compiler report a circular reference.
///
/// - Parameters:
///   - locator: How the registration is found; defaults to the attached type.
///   - scope: How long instances are reused; defaults to `.automatic`.
///   - eagerness: `.lazy` (the default) or `.eager`.
///   - parameters: `.runtime` (the default: the initialiser's parameters are factory arguments) or `.injected`
///     (each is resolved by type from the graph when the factory runs).
///   - isolation: The global actor the factory runs on, such as `MainActor.self`; omitted, it is read from the
///     initialiser's and the type's attributes, and `nil` registers the type without isolation.
@attached(
    extension,
    conformances: RegisterableDependency, AutoregisterableDependency,
    names: named(dependencyRegistration), named(dependencyName), named(dependencyValue)
)
public macro Registerable(
    by locator: RegisterableLocator = .type(),
    scope: RegisterableScope = .automatic,
    eagerness: DependencyEagerness = .lazy,
    parameters: RegisterableParameters = .runtime,
    isolation: (any GlobalActor.Type)? = nil
) = #externalMacro(module: "LoomMacrosPlugin", type: "RegisterableMacro")
