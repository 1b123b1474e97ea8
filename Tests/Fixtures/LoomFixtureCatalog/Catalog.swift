public import LoomMacros

// A feature module whose registrations are listed by the LoomAutoregistration plugin as
// `DependencyGroup.loomFixtureCatalogAutoregistered`. LoomAutoregistrationTests resolves every one of them.

/// The catalog of products.
@Registerable
public final class ProductCatalog: Sendable {
    /// Creates the catalog.
    public init() {}

    /// The products on sale.
    public var products: [String] { ["tea", "cups"] }
}

/// Searches the catalog; a named singleton.
@Registerable(by: .name("catalog-search"), scope: .singleton)
public final class CatalogSearch: Sendable {
    /// Creates the search.
    public init() {}
}

/// A screen whose catalog comes from the graph.
@Registerable(parameters: .injected)
public final class CatalogScreen: Sendable {
    /// The injected catalog.
    public let catalog: ProductCatalog

    /// Creates the screen.
    public init(catalog: ProductCatalog) {
        self.catalog = catalog
    }
}

/// A namespace, to show that nested types are listed with their qualified name.
public enum CatalogFormatting {
    /// Formats prices.
    @Registerable
    public struct PriceFormatter: Sendable {
        /// Creates the formatter.
        public init() {}

        /// `12.50 EUR` for 1250 cents.
        public func format(cents: Int) -> String { "\(cents / 100).\(cents % 100) EUR" }
    }
}

extension CatalogFormatting {
    /// Declared in an extension: listed as `CatalogFormatting.UnitFormatter`.
    @Registerable
    public struct UnitFormatter: Sendable {
        /// Creates the formatter.
        public init() {}
    }
}

#if DEBUG
    /// Only in debug builds: listed inside `#if DEBUG`.
    @Registerable
    public final class CatalogDebugMenu: Sendable {
        /// Creates the menu.
        public init() {}
    }
#else
    /// Only in release builds: listed inside `#if !(DEBUG)`.
    @Registerable
    public final class CatalogReleaseBanner: Sendable {
        /// Creates the banner.
        public init() {}
    }
#endif

/// Internal types are listed too: the generated group lives in this module.
@Registerable
struct CatalogCache: Sendable {}

/// Private types are not: the generated file cannot name them.
@Registerable
private final class CatalogSecret: Sendable {
    init() {}
}

// Neither are attributes inside comments and strings: @Registerable final class Commented {}
let catalogSample = "@Registerable struct InAString {} \("@Registerable struct Interpolated {}")"
let catalogRawSample = #"@Registerable struct InARawString { "\(x)" }"#
