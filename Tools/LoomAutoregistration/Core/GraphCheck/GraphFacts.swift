// What the graph check learns from one file: the types it declares, the needs of its `@Registerable` types and the
// registrations it writes. `GraphSourceScanner` produces it; `StaticGraph` joins the facts of every scanned file.

/// A place in a scanned file.
struct SourceLocation: Hashable, Comparable {
    /// The file's path as the tool received it.
    let path: String
    /// The module the file belongs to.
    let module: String
    /// 1-based line.
    let line: Int
    /// 1-based column, in UTF-8 bytes.
    let column: Int

    /// `Module/File.swift:12`, the way Loom's run-time messages name a place (`#fileID` and line).
    var shortDescription: String {
        "\(module)/\(path.split(separator: "/").last.map(String.init) ?? path):\(line)"
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}

/// A registration's scope as far as source shows it.
enum StaticScope: Hashable, CustomStringConvertible {
    case instance, shared, singleton, managed, scoped
    /// `DependencyScope.automatic(for:)`: `.shared` for classes, `.instance` for value and protocol types.
    case automatic
    /// Written in a way the check does not read (a variable, a function call).
    case unknown

    /// Keeps its instance beyond one request: a holder that can make a shorter-lived dependency captive.
    var holdsInstanceLong: Bool { self == .singleton || self == .managed }

    /// Meant to give each holder its own (or a fresh) instance.
    var isShortLived: Bool { self == .instance || self == .shared || self == .scoped }

    /// The spelling `DependencyScope` prints: `singleton`, `scoped`.
    var description: String {
        switch self {
        case .instance: "instance"
        case .shared: "shared"
        case .singleton: "singleton"
        case .managed: "managed"
        case .scoped: "scoped"
        case .automatic: "automatic"
        case .unknown: "unknown"
        }
    }
}

/// The kind of a declared type.
enum TypeKind: Hashable {
    case classType, structType, enumType, actorType, protocolType

    /// Whether instances can be shared references (a struct held by a singleton is a copy, never captive).
    var hasReferenceSemantics: Bool { self == .classType || self == .actorType || self == .protocolType }
}

/// A type (or protocol) declared in a scanned file, with the types its declaration and extensions inherit from.
struct DeclaredType: Hashable {
    /// `Editor`, `Feature.Editor` for a nested type.
    let qualifiedName: String
    let kind: TypeKind
    /// The inheritance clause: superclass and protocols.
    let inherited: [TypeSpelling]
    let location: SourceLocation
}

/// `extension Name: Protocol` in a scanned file.
struct DeclaredConformance: Hashable {
    let typeName: String
    let inherited: [TypeSpelling]
}

/// `typealias Name = Target` in a scanned file.
struct DeclaredAlias: Hashable {
    let qualifiedName: String
    /// `nil` for a generic alias, which the check does not expand.
    let target: TypeSpelling?
}

/// What a need asks for.
enum NeedKey: Hashable, CustomStringConvertible {
    /// By type, as `DependencyGraph.inject(byType:)` resolves it.
    case type(TypeSpelling)
    /// By name, as `DependencyGraph.inject(byName:)` resolves it.
    case name(String)

    /// `'any Clock'`, `name 'repository'`.
    var description: String {
        switch self {
        case .type(let type): "'\(type)'"
        case .name(let name): "name '\(name)'"
        }
    }
}

/// A dependency a `@Registerable` type declares it needs: an injected initialiser parameter or an `@Injected`
/// property.
struct Need: Hashable {
    /// What it asks for; `nil` when the scanner cannot tell (an `@Injected(value:)` property, an unreadable type).
    let key: NeedKey?
    /// The parameter's or property's type, when written: a name need of type `T?` may go unmet.
    let declaredType: TypeSpelling?
    /// The `@Registerable` type that needs it.
    let holder: String
    /// `'Editor.init(clock:)'`, `'Editor.clock' (@Injected)`: how messages name the place that needs it.
    let site: String
    /// An initialiser parameter, resolved while the holder is built (so it can close a cycle), rather than a property
    /// resolved later.
    let isConstruction: Bool
    /// The holder keeps the first instance it gets (everything but an `@Injected(refresh: .everyRead)` property).
    let keepsInstance: Bool
    let location: SourceLocation
    /// Declared inside `#if`, so it may not exist in this build.
    let isConditional: Bool
    /// Why the scanner could not read the need, when ``key`` is `nil`.
    let unreadableReason: String?
}

/// A registration found in source: a `@Registerable` type, `Dependency { … }` or `container.register { … }`.
struct Provider: Hashable {
    /// How the registration is located.
    enum Locator: Hashable {
        case type
        /// By a name; `nil` when the name is not a string literal.
        case name(String?)
        case value
    }

    /// The registered value's type, when source writes it (`-> any Store`, `Dependency<Store>`, `register(Store.self)`,
    /// the `@Registerable` type itself); `nil` when only the compiler knows it.
    let type: TypeSpelling?
    /// The other types it answers for: `.conforms(to:)`, `.inherits(from:)`, `@Registerable(by: .type(…))`.
    let aliases: [TypeSpelling]
    let locator: Locator
    /// Registered under an alternative, so a plain request does not find it.
    let hasAlternative: Bool
    /// `true` when its factory takes arguments (a plain request does not find it), `nil` when the check cannot tell.
    let takesArguments: Bool?
    /// The factory arguments' types, for a "did you mean" (`(String, Character)`), when known.
    let argumentTypes: [TypeSpelling]
    let scope: StaticScope
    /// The `@Registerable` type it comes from, if any.
    let registerable: String?
    /// The registration has a modifier the check does not know, which may make it answer other types.
    let hasUnknownModifier: Bool
    let location: SourceLocation
    let isConditional: Bool

    /// Whether a request by type without arguments or alternative can find it.
    var answersPlainTypeRequests: Bool {
        locator == .type && !hasAlternative && takesArguments != true
    }

    /// Whether it may answer a plain request for a type the check cannot name: its type is not written, or a modifier
    /// the check does not read follows it.
    var isOpaque: Bool {
        (type == nil || hasUnknownModifier) && answersPlainTypeRequests
    }

    /// `Type[Clock]`, `Name[clock]`, as Loom's run-time messages name a registration's key.
    var keyDescription: String {
        switch locator {
        case .type: "Type[\(type.map(\.description) ?? "?")]"
        case .name(let name): "Name[\(name ?? "?")]"
        case .value: "Value[…] of Type[\(type.map(\.description) ?? "?")]"
        }
    }
}

/// A `@Registerable` type and what it needs.
struct RegisterableNode: Hashable {
    let qualifiedName: String
    let kind: TypeKind
    let scope: StaticScope
    let needs: [Need]
    let location: SourceLocation
}

/// Everything one file contributes to the graph.
struct SourceFacts {
    var types: [DeclaredType] = []
    var conformances: [DeclaredConformance] = []
    var aliases: [DeclaredAlias] = []
    var registerables: [RegisterableNode] = []
    var providers: [Provider] = []
    /// Types whose `dependencyRegistration` is listed with another `.scope(…)` somewhere.
    var rescopedRegisterables: Set<String> = []
    /// Types whose `dependencyRegistration` the file names (`Editor.dependencyRegistration`), as written.
    var listedTypes: Set<String> = []
    /// Autoregistered groups the file names (`featureAutoregistered`).
    var listedGroups: Set<String> = []
    /// The file's `// loom-graph:` settings.
    var markers: [String] = []
}
