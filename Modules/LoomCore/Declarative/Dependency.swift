/// One declarative registration for a ``Container`` built with ``DependencyBuilder``.
///
/// A dependency is located by its type unless you give it a name, an associated value or an alternative, and
/// can answer for protocols it conforms to and classes it inherits from. Its factory may take any number of typed
/// arguments, supplied by the caller at injection time. The default scope is ``DependencyScope/automatic(for:)``
/// (`.shared` for classes, `.instance` for value types); change it with ``scope(_:)``.
///
/// ```swift
/// let container = Container {
///     Dependency { LocalStorageService() }
///     Dependency { (location: ImageUploadLocation) in ImageUploadService(targeting: location) }
///         .scope(.instance)
///     Dependency(named: "repository") { Repository() }
///     Dependency { EventTracker() }
///         .conforms(to: Tracking.self)
///         .scope(.singleton)
///         .eagerness(.eager)
/// }
/// ```
///
/// > Important: Values shared through cached scopes cross tasks, so the scope-bearing initialisers and
/// > ``scope(_:)`` exist only for `Sendable` values. A non-`Sendable` value can still be registered with
/// > `Dependency { … }` and is then built anew on every resolve.
public struct Dependency<Value>: Sendable {
    package var provider: DependencyFactory.Provider<Value>
    package var locator: DependencyLocator
    package var alternative: RegistrationAlternative?
    package var aliases: [RegistrationAlias] = []
    package var scope: DependencyScope
    package var eagerness: DependencyEagerness = .lazy
    package var origin: SourceOrigin
    /// Problems found while declaring the dependency, reported when it is registered.
    package var problems: [String] = []
    /// What runs when a cached instance leaves its cache (`onRelease`).
    @usableFromInline package var releaseHook: ReleaseHook?
    /// The factories for other run modes (`.test { … }`, `.preview { … }`).
    package var modeProviders: [RunMode: DependencyFactory.Provider<Value>] = [:]
    /// Whether it was declared with ``unimplemented(_:placeholder:fileID:line:)``.
    package var isUnimplemented = false

    package init(
        provider: DependencyFactory.Provider<Value>, scope: DependencyScope, fileID: StaticString, line: UInt
    ) {
        self.provider = provider
        locator = .type(Value.self)
        self.scope = scope
        origin = SourceOrigin(fileID: fileID, line: line)
    }

    /// Registers a factory by its result type; a non-`Sendable` value is built anew on every resolve.
    ///
    /// ```swift
    /// Dependency { ReportFormatter() }   // not Sendable: `.instance` scope
    /// ```
    /// - Parameters:
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value.
    public init(fileID: StaticString = #fileID, line: UInt = #line, _ factory: @escaping @Sendable () throws -> Value) {
        self.init(provider: .init(factory), scope: .instance, fileID: fileID, line: line)
    }

    /// Registers a factory with typed arguments by its result type; a non-`Sendable` value is built anew on
    /// every resolve.
    ///
    /// ```swift
    /// Dependency { (title: String) in ReportFormatter(title: title) }
    /// ```
    /// - Parameters:
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) {
        self.init(provider: .init(factory), scope: .instance, fileID: fileID, line: line)
    }

    package var attributes: RegistrationAttributes {
        RegistrationAttributes(
            locator: locator,
            alternative: alternative,
            valueType: Value.self,
            parameterList: provider.parameterList,
            aliases: aliases,
            scope: scope,
            eagerness: eagerness,
            origin: origin,
            releaseHook: releaseHook,
            hasModeVariants: !modeProviders.isEmpty,
            isUnimplemented: isUnimplemented
        )
    }
}

extension Dependency {
    /// Registers a factory isolated to the main actor; the value need not be `Sendable` (a view model).
    ///
    /// Main-actor code resolves it synchronously; a synchronous resolve elsewhere throws
    /// ``InjectionError/isolatedDependency(_:actor:)``, and `load` (for a `Sendable` type) hops to the main actor. The
    /// scope defaults to `.instance`; give a cached one here (``scope(_:)`` is offered only for `Sendable` values).
    ///
    /// ```swift
    /// Dependency(isolation: MainActor.self, scope: .singleton) { ProfileViewModel() }
    /// Dependency(isolation: MainActor.self) { SettingsStore() }.scope(.singleton)   // a Sendable @MainActor class
    /// ```
    /// - Parameters:
    ///   - isolation: `MainActor.self`.
    ///   - scope: How long a built value is reused; `.instance` by default.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value on the main actor.
    public init(
        isolation: MainActor.Type,
        scope: DependencyScope = .instance,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @MainActor @Sendable () throws -> Value
    ) {
        self.init(provider: .init(isolation: isolation, factory), scope: scope, fileID: fileID, line: line)
    }
}

extension Dependency where Value: Sendable {
    /// Registers a factory by its result type, with the automatic scope.
    ///
    /// ```swift
    /// Dependency { AuthenticationService() }
    /// ```
    /// - Parameters:
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value; may resolve other dependencies.
    public init(fileID: StaticString = #fileID, line: UInt = #line, _ factory: @escaping @Sendable () throws -> Value) {
        self.init(provider: .init(factory), scope: .automatic(for: Value.self), fileID: fileID, line: line)
    }

    /// Registers a factory taking typed arguments, with the automatic scope.
    ///
    /// Callers pass arguments of exactly these types, in order: `DependencyGraph.inject(byType: T.self, a, b)`.
    ///
    /// ```swift
    /// Dependency { (location: ImageUploadLocation) in ImageUploadService(targeting: location) }
    /// ```
    /// - Parameters:
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) {
        self.init(provider: .init(factory), scope: .automatic(for: Value.self), fileID: fileID, line: line)
    }

    /// Registers an `async` factory by its result type, with the automatic scope; `load` builds it.
    ///
    /// ```swift
    /// Dependency { () async throws in try await Database.connect(url) }.scope(.singleton)
    /// ```
    /// - Parameters:
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value; may `await` and load other dependencies.
    public init(
        fileID: StaticString = #fileID, line: UInt = #line, _ factory: @escaping @Sendable () async throws -> Value
    ) {
        self.init(provider: .init(factory), scope: .automatic(for: Value.self), fileID: fileID, line: line)
    }

    /// Registers an `async` factory taking typed arguments, with the automatic scope.
    ///
    /// ```swift
    /// Dependency { (region: Region) async throws in try await Pool(region) }
    /// ```
    /// - Parameters:
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments; may `await`.
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) async throws -> Value
    ) {
        self.init(provider: .init(factory), scope: .automatic(for: Value.self), fileID: fileID, line: line)
    }

    /// Registers a factory isolated to another global actor, with the automatic scope; `load` builds it there.
    ///
    /// ```swift
    /// Dependency(isolation: DatabaseActor.self) { @DatabaseActor in Pool() }.scope(.singleton)
    /// ```
    /// - Parameters:
    ///   - isolation: The global actor.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value, isolated to that actor.
    @_disfavoredOverload  // `MainActor.self` picks the main-actor overload, which admits non-`Sendable` values.
    public init<Actor: GlobalActor>(
        isolation: Actor.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @isolated(any) @Sendable () throws -> Value
    ) {
        self.init(
            provider: .init(isolation: isolation, factory), scope: .automatic(for: Value.self),
            fileID: fileID, line: line)
    }

    /// Registers a factory located by an exact, case-sensitive name.
    ///
    /// ```swift
    /// Dependency(named: "service") { Service() }
    /// ```
    /// - Parameters:
    ///   - name: The name; equal to ``named(_:)-(String)``.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value.
    public init(
        named name: String,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).named(name)
    }

    /// Registers a factory with typed arguments, located by an exact, case-sensitive name.
    ///
    /// ```swift
    /// Dependency(named: "repository") { (context: StoreContext) in Repository(context) }
    /// ```
    /// - Parameters:
    ///   - name: The name.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        named name: String,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).named(name)
    }

    /// Registers a factory located by a string-backed name, such as an enum case.
    ///
    /// ```swift
    /// enum Services: String { case repository }
    /// Dependency(named: Services.repository) { Repository() }
    /// ```
    /// - Parameters:
    ///   - name: A value whose raw value is the name.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value.
    public init<Name: RawRepresentable>(
        named name: Name,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Value
    ) where Name.RawValue == String {
        self = Dependency(fileID: fileID, line: line, factory).named(name.rawValue)
    }

    /// Registers a factory with typed arguments, located by a string-backed name.
    ///
    /// ```swift
    /// Dependency(named: Services.repository) { (context: StoreContext) in Repository(context) }
    /// ```
    /// - Parameters:
    ///   - name: A value whose raw value is the name.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    public init<Name: RawRepresentable, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        named name: Name,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) where Name.RawValue == String {
        self = Dependency(fileID: fileID, line: line, factory).named(name.rawValue)
    }

    /// Registers a factory located by a name taken from a value's description.
    ///
    /// Disfavoured so that `String` and string-backed names pick their dedicated initialisers.
    ///
    /// ```swift
    /// Dependency(named: FeatureName.search) { SearchIndex() }
    /// ```
    /// - Parameters:
    ///   - name: A value whose `description` is the name.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value.
    @_disfavoredOverload
    public init(
        named name: some CustomStringConvertible,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).named(name.description)
    }

    /// Registers a factory with typed arguments, located by a name taken from a value's description.
    ///
    /// Disfavoured so that `String` and string-backed names pick their dedicated initialisers.
    ///
    /// ```swift
    /// Dependency(named: FeatureName.search) { (limit: Int) in SearchIndex(limit: limit) }
    /// ```
    /// - Parameters:
    ///   - name: A value whose `description` is the name.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    @_disfavoredOverload
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        named name: some CustomStringConvertible,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).named(name.description)
    }

    /// Registers a factory that also answers for a protocol `Value` conforms to.
    ///
    /// ```swift
    /// Dependency(conformingTo: ServiceProtocol.self) { Service() }
    /// ```
    /// - Parameters:
    ///   - protocolType: The protocol (existential) type, e.g. `ServiceProtocol.self`.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value.
    public init<Protocol>(
        conformingTo protocolType: Protocol.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).conforms(to: protocolType)
    }

    /// Registers a factory with typed arguments that also answers for a protocol `Value` conforms to.
    ///
    /// ```swift
    /// Dependency(conformingTo: Repository.self) { (context: StoreContext) in CoreDataRepository(context) }
    /// ```
    /// - Parameters:
    ///   - protocolType: The protocol (existential) type.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    public init<Protocol, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        conformingTo protocolType: Protocol.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).conforms(to: protocolType)
    }

    /// Registers a factory that also answers for a superclass of `Value`.
    ///
    /// ```swift
    /// Dependency(inheritingFrom: ServiceSuperclass.self) { Service() }
    /// ```
    /// - Parameters:
    ///   - superclass: The superclass.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value.
    public init<Superclass>(
        inheritingFrom superclass: Superclass.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).inherits(from: superclass)
    }

    /// Registers a factory with typed arguments that also answers for a superclass of `Value`.
    ///
    /// ```swift
    /// Dependency(inheritingFrom: BaseStore.self) { (id: Int) in AccountStore(id) }
    /// ```
    /// - Parameters:
    ///   - superclass: The superclass.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    public init<Superclass, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        inheritingFrom superclass: Superclass.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).inherits(from: superclass)
    }

    /// Registers a factory located by an associated `Hashable` value.
    ///
    /// ```swift
    /// Dependency(for: UploadLocation.avatar) { ProfileAvatarUploadService() }
    /// ```
    /// - Parameters:
    ///   - value: The associated value; its hash must not change while registered, and its `==` and `hash(into:)`
    ///     must be pure (they run while Loom reads its tables without locks: never resolve, register or block).
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value.
    public init(
        for value: some Hashable & Sendable,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).associated(with: value)
    }

    /// Registers a factory with typed arguments, located by an associated `Hashable` value.
    ///
    /// ```swift
    /// Dependency(for: Entity.user) { (context: StoreContext) in UserRepository(context) }
    /// ```
    /// - Parameters:
    ///   - value: The associated value.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        for value: some Hashable & Sendable,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).associated(with: value)
    }

    /// Registers a factory under an alternative of its type (Macaroni's qualifier).
    ///
    /// ```swift
    /// Dependency(alternative: "pirate") { () -> any Greeter in PirateGreeter() }
    /// ```
    /// - Parameters:
    ///   - alternative: The alternative; the default registration and each alternative are separate slots.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value.
    public init(
        alternative: RegistrationAlternative,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable () throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).alternative(alternative)
    }

    /// Registers a factory with typed arguments under an alternative of its type.
    ///
    /// ```swift
    /// Dependency(alternative: "eu") { (id: Int) in Account(id, region: .eu) }
    /// ```
    /// - Parameters:
    ///   - alternative: The alternative.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - factory: Builds the value from the caller's arguments.
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        alternative: RegistrationAlternative,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ factory: @escaping @Sendable (First, repeat each Rest) throws -> Value
    ) {
        self = Dependency(fileID: fileID, line: line, factory).alternative(alternative)
    }
}
