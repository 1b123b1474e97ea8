internal import LoomRuntime

/// A set of registrations, and the place dependencies are resolved from.
///
/// One type serves the imperative style (`register` / `resolve`, as in Macaroni) and the declarative style
/// (`Container { Dependency { … } }`, as in Stitcher). A container resolves from its own registrations first,
/// then from its parent chain. Every member is thread-safe; resolving never waits for registration.
///
/// ```swift
/// let container = Container(name: "app")
/// container.register { () -> MyService in MyServiceImplementation() }
/// container.register(scope: .singleton) { Database() }
///
/// let service: MyService = try container.resolve()
/// ```
///
/// In a modular app, give every feature module its own container and make the app's container their parent,
/// so each feature sees its own registrations and falls back to the shared ones.
///
/// > Important: Registering the same type (and alternative) again replaces the previous registration for `T`
/// > and `T?` — the last one wins, logged at `.warning`.
public final class Container: Sendable, Identifiable, CustomStringConvertible {
    /// The container's name; unnamed containers are called `Container#N`.
    ///
    /// ```swift
    /// Container(name: "app").name   // "app"
    /// ```
    public let name: String
    /// The container consulted when a registration is not found here.
    ///
    /// ```swift
    /// let feature = Container(name: "search", parent: app)
    /// feature.parent === app   // true
    /// ```
    public let parent: Container?
    @usableFromInline package let registry: Registry
    @usableFromInline package let logTarget: LogTarget
    package let declarative = DeclarativeState()
    /// How registrations made here name their container: one shared object, built once.
    @usableFromInline package let owner: RegistrationOwner

    private static let unnamedCounter = AtomicCounter()

    /// Creates an empty container.
    ///
    /// ```swift
    /// let root = Container(name: "root")
    /// let feature = Container(name: "search", parent: root)
    /// let quiet = Container(logger: DisabledLogger())   // named "Container#1"
    /// ```
    /// - Parameters:
    ///   - name: A name for logs and error messages; unnamed containers get a unique `Container#N`.
    ///   - parent: A container to fall back to for registrations this one lacks.
    ///   - logger: This container's logger; `nil` uses ``LoomConfiguration/logger``.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public init(
        name: String? = nil,
        parent: Container? = nil,
        logger: (any LoomLogger)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        let name = name ?? "Container#\(Self.unnamedCounter.increment())"
        self.name = name
        self.parent = parent
        logTarget = LogTarget(logger)
        owner = RegistrationOwner(description: "Container(\(name))", logTarget: logTarget)
        registry = Registry(parent: parent?.registry)
        logTarget.log(
            .debug,
            "Created \(self.description)\(parent.map { " with parent \($0.description)" } ?? "")",
            file: fileID,
            line: line
        )
    }

    /// An identity for `Identifiable`.
    ///
    /// ```swift
    /// let containers = Dictionary(grouping: all, by: \.id)
    /// ```
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// `Container(name)`.
    ///
    /// ```swift
    /// print(Container(name: "app"))   // Container(app)
    /// ```
    public var description: String { owner.description }

    /// The containers searched by a resolution in this container: itself, then its parents.
    package var chain: [Container] { Array(sequence(first: self, next: \.parent)) }
}

/// Stitcher's name for ``Container``; the two are the same type.
///
/// ```swift
/// let container = DependencyContainer {
///     Dependency { LocalStorageService() }
/// }
/// ```
public typealias DependencyContainer = Container
