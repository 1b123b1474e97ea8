/// The access level of the declarations a key macro generates.
///
/// Keys are `public` by default, so a library's keys can be read and overridden by its clients; pass
/// `.internal` for keys private to a module.
///
/// ```swift
/// extension ConfKeys {
///     #declareConfKey(visibility: .internal, "cacheSize", Int.self, defaultValue: 64)
/// }
/// ```
public enum DeclarationVisibility: String, Sendable, CaseIterable {
    /// Generated declarations are `public`.
    case `public`
    /// Generated declarations are `internal`.
    case `internal`
}
