/// What a failed resolution asked for and where it looked.
///
/// Its `description` is the locator as the registration would print it — `Type[MyService]`, `Name[repo]`,
/// `Value[avatar]` — followed by the alternative and parameter list when there are any.
///
/// ```swift
/// do { _ = try container.resolve(MyService.self) }
/// catch InjectionError.missingDependency(let context, _) {
///     print(context)            // "Type[MyService]"
///     print(context.searched)   // ["Container(app)", "Container(root)"]
/// }
/// ```
public struct DependencyContext: Hashable, Sendable, CustomStringConvertible {
    /// How the dependency was located.
    ///
    /// ```swift
    /// context.locator   // .type(MyService.self)
    /// ```
    public let locator: DependencyLocator
    /// The requested alternative, if any.
    ///
    /// ```swift
    /// context.alternative   // "another", or nil
    /// ```
    public let alternative: RegistrationAlternative?
    /// The factory arguments' types, in order (`["Any"]` for a Macaroni-style `parameter:`).
    ///
    /// ```swift
    /// context.parameterTypes   // ["Int", "String"]
    /// ```
    public let parameterTypes: [String]
    /// The type the caller asked for.
    ///
    /// ```swift
    /// context.requestedType   // "MyService"
    /// ```
    public let requestedType: String
    /// The containers searched, in order (the active containers when resolving from the graph).
    ///
    /// ```swift
    /// context.searched   // ["Container(feature)", "Container(app)"]
    /// ```
    public let searched: [String]

    /// Creates a context; Loom builds these for you when a resolution fails.
    ///
    /// ```swift
    /// let context = DependencyContext(locator: .type(MyService.self), requestedType: "MyService")
    /// ```
    public init(
        locator: DependencyLocator,
        alternative: RegistrationAlternative? = nil,
        parameterTypes: [String] = [],
        requestedType: String,
        searched: [String] = []
    ) {
        self.locator = locator
        self.alternative = alternative
        self.parameterTypes = parameterTypes
        self.requestedType = requestedType
        self.searched = searched
    }

    /// `Type[MyService]`, plus ` (alternative: x)` and ` with parameters (A, B)` when present.
    ///
    /// ```swift
    /// print(context)   // Type[MyService] (alternative: another)
    /// ```
    public var description: String {
        var text = locator.description
        if let alternative { text += " (alternative: \(alternative))" }
        if !parameterTypes.isEmpty { text += " with parameters (\(parameterTypes.joined(separator: ", ")))" }
        return text
    }
}
