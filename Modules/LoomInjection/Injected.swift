public import LoomCore
public import LoomKeys
import LoomLookup
public import LoomRuntime

/// Injects a dependency into a property (or a function parameter) — one wrapper for every seed library's spelling.
///
/// Resolving forms find their container through a ``InjectionStrategy`` (default: the `Container.lookupPolicy`
/// current when the property is created, which by default is the `DependencyGraph`), resolve on first read and
/// keep the value: later reads are a lock-free load. They work in classes — where the enclosing object reaches
/// `Containerable` and enclosing-object resolvers — and in structs.
///
/// ```swift
/// final class ProfileViewModel {
///     @Injected var service: MyService                                      // lazy, by type
///     @Injected(.lazily) var late: MyService                                // policy looked up at first read
///     @Injected(.resolvingOnInit(from: container)) var eager: MyService     // resolved in init
///     @Injected(alternative: .another) var other: MyService
///     @Injected var maybe: MyService?                                       // nil when missing
///     @Injected var all: [any PrincipalAware]                               // every match
///     @Injected(ImageUploadLocation.profileAvatar) var upload: ImageUploadService   // factory arguments
///     @Injected(name: Services.repository, StoreContext.main) var repository: Repository
///     @Injected(value: UploadLocation.avatar) var avatar: any UploadService
///     @Injected(\.networkProvider) var network: any NetworkProviding        // InjectedValues, read through
///     @Injected var fixed: MyService = MyServiceImplementation()            // a plain value
/// }
/// func upload(@Injected service: ImageUploadService) { … }   // upload(service: s) or upload($service: container.resolved())
/// ```
///
/// A failure to inject is a programming error: it is reported through `LoomConfiguration.logger`'s
/// `die(_:file:function:line:)` as `InjectionError: <description>. Recovery: <suggestion>` with the property's
/// file and line (`T?` and collections recover from a missing registration to `nil` and `[]`).
///
/// > Important: A `Sendable` class holding `@Injected` properties must be `@unchecked Sendable`: the compiler
/// > stores every wrapper in a `var`. The wrapper's own state is thread-safe, so that is sound as long as your
/// > class's other state is.
@propertyWrapper
public struct Injected<Value> {
    @usableFromInline
    enum Storage {
        case resolving(InjectionState)
        case value(Value)
        case keyPath(any WritableKeyPath<InjectedValues, Value> & Sendable)
    }

    @usableFromInline let storage: Storage
    /// The lock-free reader of the resolved value's cell (kept alive by `storage`), `nil` when reads cannot use it.
    ///
    /// An address, so reading it out of the enclosing object retains nothing: the hot path is one load of this field
    /// and one lock-free read of the value it points at, inlined into the getter.
    @usableFromInline let reader: ValueCellReader?

    @usableFromInline
    init(storage: Storage) {
        self.storage = storage
        if case .resolving(let state) = storage, !state.refreshesOnEveryRead {
            reader = state.cell.reader
        } else {
            reader = nil
        }
    }

    // MARK: Reading

    /// The injected value; in a struct it is resolved without an enclosing object.
    ///
    /// ```swift
    /// struct Client { @Injected var service: MyService }
    /// Client().service.run()
    /// ```
    @inlinable
    public var wrappedValue: Value {
        read(enclosing: nil)
    }

    /// The injected value of a property of a class, which passes itself as the enclosing object.
    ///
    /// ```swift
    /// final class Screen: SearchFeature { @Injected var index: SearchIndex }   // resolved from SearchFeature's container
    /// ```
    @inlinable
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: KeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Injected<Value>>
    ) -> Value {
        // Always inlined, and without the property key path, so the storage key path folds into a field access
        // (a getter left out of line would project the key path at run time on every read); failure reports name
        // the property through the `#function` captured at creation.
        @inline(__always) get {
            if let reader = object[keyPath: storageKeyPath].reader, let value = reader.value(as: Value.self) {
                return value
            }
            return object[keyPath: storageKeyPath].readSlowly(enclosing: object)
        }
    }

    /// This wrapper, for `loadIfNeeded()`, `reload()` and `autoreload()`, and for passing an injection source to a
    /// function parameter.
    ///
    /// ```swift
    /// viewModel.$service.reload()
    /// upload($service: container.resolved())
    /// ```
    public var projectedValue: Injected<Value> { self }

    @inlinable @inline(__always)
    func read(enclosing object: AnyObject?) -> Value {
        if let reader, let value = reader.value(as: Value.self) {
            return value
        }
        return readSlowly(enclosing: object)
    }

    @usableFromInline
    func readSlowly(enclosing object: AnyObject?) -> Value {
        switch storage {
        case .resolving(let state): state.value(Value.self, enclosing: object)
        case .value(let value): value
        case .keyPath(let keyPath): InjectedValues[keyPath]
        }
    }

    // MARK: Macaroni forms

    /// Injects by type, through `strategy`, optionally from an alternative registration.
    ///
    /// ```swift
    /// @Injected var service: MyService
    /// @Injected(.lazily, alternative: .another) var other: MyService
    /// @Injected(refresh: .everyRead) var clock: Clock
    /// ```
    /// - Parameters:
    ///   - strategy: When the container is found and the value resolved.
    ///   - alternative: The alternative registration to inject; `nil` for the default one.
    ///   - refresh: Resolve once (default) or on every read.
    ///   - fileID: The property's file, for failure reports; defaults to the declaration.
    ///   - function: The property's name, for failure reports; defaults to the declaration.
    ///   - line: The property's line, for failure reports; defaults to the declaration.
    public init(
        _ strategy: InjectionStrategy = .capturingContainerOnInit(),
        alternative: RegistrationAlternative? = nil,
        refresh: InjectionRefresh = .once,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        self.init(
            strategy: strategy,
            request: InjectionRequest(.type(alternative)),
            refresh: refresh,
            fileID: fileID,
            function: function,
            line: line
        )
    }

    /// A plain value that never touches a container (Macaroni's `@Injected var x: T = value`, and function
    /// parameters called with a value).
    ///
    /// ```swift
    /// @Injected var service: MyService = MyServiceImplementation()
    /// ```
    /// - Parameter wrappedValue: The value.
    public init(wrappedValue: Value) {
        self.init(storage: .value(wrappedValue))
    }

    /// Uses an injection source made elsewhere: a function parameter called as `$service: …`.
    ///
    /// ```swift
    /// func foo(@Injected service: MyService) { … }
    /// foo($service: container.resolved())
    /// ```
    /// - Parameter projectedValue: The source, e.g. `container.resolved()` or `.resolved(for: self)`.
    public init(projectedValue: Injected<Value>) {
        self = projectedValue
    }

    // MARK: Stitcher forms

    /// Injects by type, passing factory arguments (unlabelled, in order).
    ///
    /// ```swift
    /// @Injected(ImageUploadLocation.profileAvatar) var avatarUploadService: ImageUploadService
    /// ```
    /// - Parameters:
    ///   - first: The first factory argument.
    ///   - rest: The other factory arguments.
    ///   - fileID: The property's file, for failure reports; defaults to the declaration.
    ///   - function: The property's name, for failure reports; defaults to the declaration.
    ///   - line: The property's line, for failure reports; defaults to the declaration.
    public init<First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ first: First,
        _ rest: repeat each Rest,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        self.init(
            strategy: .capturingContainerOnInit(),
            request: InjectionRequest(.type(nil), first, repeat each rest),
            fileID: fileID,
            function: function,
            line: line
        )
    }

    /// Injects by type, stated explicitly, passing factory arguments.
    ///
    /// ```swift
    /// @Injected(type: UserRepository.self, StoreContext.users) var users: any Repository
    /// ```
    /// - Parameters:
    ///   - type: The registered type to look up (the value is cast to the property's type).
    ///   - parameters: The factory arguments.
    ///   - fileID: The property's file, for failure reports; defaults to the declaration.
    ///   - function: The property's name, for failure reports; defaults to the declaration.
    ///   - line: The property's line, for failure reports; defaults to the declaration.
    public init<Located, each Parameter: Hashable & Sendable>(
        type: Located.Type,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        self.init(
            strategy: .capturingContainerOnInit(),
            request: InjectionRequest(.type(nil), repeat each parameters),
            lookingUp: Located.self,
            fileID: fileID,
            function: function,
            line: line
        )
    }

    /// Injects the registration located by `name` (matched exactly), passing factory arguments.
    ///
    /// ```swift
    /// @Injected(name: "service") var service: Service
    /// ```
    /// - Parameters:
    ///   - name: The registration's name.
    ///   - parameters: The factory arguments.
    ///   - fileID: The property's file, for failure reports; defaults to the declaration.
    ///   - function: The property's name, for failure reports; defaults to the declaration.
    ///   - line: The property's line, for failure reports; defaults to the declaration.
    public init<each Parameter: Hashable & Sendable>(
        name: String,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        self.init(
            strategy: .capturingContainerOnInit(),
            request: InjectionRequest(.name(name), repeat each parameters),
            fileID: fileID,
            function: function,
            line: line
        )
    }

    /// Injects the registration named by a string-backed value, passing factory arguments.
    ///
    /// ```swift
    /// @Injected(name: Services.repository, ManagedObjectContexts.repositoryContext) var repository: Repository
    /// ```
    /// - Parameters:
    ///   - name: A value whose raw value names the registration.
    ///   - parameters: The factory arguments.
    ///   - fileID: The property's file, for failure reports; defaults to the declaration.
    ///   - function: The property's name, for failure reports; defaults to the declaration.
    ///   - line: The property's line, for failure reports; defaults to the declaration.
    public init<Name: RawRepresentable, each Parameter: Hashable & Sendable>(
        name: Name,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) where Name.RawValue == String {
        self.init(name: name.rawValue, repeat each parameters, fileID: fileID, function: function, line: line)
    }

    /// Injects the registration associated with `value`, passing factory arguments.
    ///
    /// ```swift
    /// @Injected(value: UploadLocation.avatar) var avatarUploadService: any UploadServiceProtocol
    /// ```
    /// - Parameters:
    ///   - value: The associated value.
    ///   - parameters: The factory arguments.
    ///   - fileID: The property's file, for failure reports; defaults to the declaration.
    ///   - function: The property's name, for failure reports; defaults to the declaration.
    ///   - line: The property's line, for failure reports; defaults to the declaration.
    public init<each Parameter: Hashable & Sendable>(
        value: some Hashable & Sendable,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        self.init(
            strategy: .capturingContainerOnInit(),
            request: InjectionRequest(.value(AnySendableHashable(value)), repeat each parameters),
            fileID: fileID,
            function: function,
            line: line
        )
    }

    // MARK: Injection (InjectedValues) form

    /// Reads an `InjectedValues` key path on every access, like SwiftUI's `@Environment`; read-only (use
    /// ``InjectedWritable`` to assign through the property).
    ///
    /// ```swift
    /// struct DataController {
    ///     @Injected(\.networkProvider) var networkProvider: any NetworkProviding
    /// }
    /// ```
    /// - Parameter keyPath: The `InjectedValues` property to read.
    public init(_ keyPath: any WritableKeyPath<InjectedValues, Value> & Sendable) {
        self.init(storage: .keyPath(keyPath))
    }

    // MARK: Shared

    package init(
        strategy: InjectionStrategy,
        request: InjectionRequest,
        lookingUp lookupType: Any.Type? = nil,
        holdsWeakly: Bool = false,
        refresh: InjectionRefresh = .once,
        wrapperName: String = "@Injected",
        fileID: StaticString,
        function: StaticString,
        line: UInt
    ) {
        let source: InjectionSource
        switch strategy {
        case .capturingContainerOnInit(let container?), .resolvingOnInit(let container?):
            source = .container(container)
        case .capturingContainerOnInit(nil), .resolvingOnInit(nil):
            source = .policy(Container.lookupPolicy)
        case .lazily:
            source = .currentPolicy
        }
        let state = InjectionState(
            source: source,
            request: request,
            lookupType: lookupType,
            holdsWeakly: holdsWeakly,
            refresh: refresh,
            wrapperName: wrapperName,
            fileID: fileID,
            function: function,
            line: line
        )
        self.init(storage: .resolving(state))
        if case .resolvingOnInit = strategy {
            _ = state.value(Value.self, enclosing: nil)
        }
    }
}

extension Injected: Sendable where Value: Sendable {}

extension Injected.Storage: Sendable where Value: Sendable {}
