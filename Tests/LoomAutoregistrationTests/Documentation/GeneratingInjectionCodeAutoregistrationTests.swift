import Foundation
import LoomCore
import LoomFixtureBilling
import LoomFixtureCatalog
import Testing

@testable import LoomAutoregistrationCore

// The "Autoregistration" section of the article "Generating injection code" (Modules/LoomMacros/LoomMacros.docc/
// Articles/GeneratingInjectionCode.md): the group the plugin generates for a module, and an app listing two
// modules' groups. Keep the two in step. The article's modules are called Catalog and Billing; this package's
// fixtures of the same shape are LoomFixtureCatalog and LoomFixtureBilling, so their groups are given the
// article's names below.

extension DependencyGroup {
    fileprivate static var catalogAutoregistered: DependencyGroup { .loomFixtureCatalogAutoregistered }
    fileprivate static var billingAutoregistered: DependencyGroup { .loomFixtureBillingAutoregistered }
}

@Suite struct GeneratingInjectionCodeAutoregistrationTests {
    @Test func theGeneratedGroupListsTheModulesTypesWithTheirConditions() throws {
        let source = """
            @Registerable(scope: .singleton)
            public final class ProductCatalog: Sendable { public init() {} }
            public enum CatalogFormatting {
                @Registerable public struct PriceFormatter: Sendable { public init() {} }
            }
            #if DEBUG
            @Registerable final class CatalogDebugMenu {}
            #endif
            @Registerable private struct CatalogSecret {}
            """
        let generated = GroupRenderer.render(
            module: "Catalog", types: RegisterableScanner.registerableTypes(in: source))
        let expected = """
            extension DependencyGroup {
                /// The registrations of every `@Registerable` type of Catalog (3 found).
                public static var catalogAutoregistered: DependencyGroup {
                    DependencyGroup {
                        ProductCatalog.dependencyRegistration
                        CatalogFormatting.PriceFormatter.dependencyRegistration
                        #if DEBUG
                        CatalogDebugMenu.dependencyRegistration
                        #endif
                    }
                }
            }
            """
        #expect(generated.contains(expected), "\(generated)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent(
                "Modules/LoomMacros/LoomMacros.docc/Articles/GeneratingInjectionCode.md"),
            encoding: .utf8)
        #expect(article.contains(expected))
    }

    @Test func eachModuleGetsItsOwnPropertyName() {
        #expect(GroupRenderer.propertyName(forModule: "Catalog") == "catalogAutoregistered")
        #expect(GroupRenderer.propertyName(forModule: "Billing") == "billingAutoregistered")
    }

    @Test func theAppListsTheGroups() throws {
        let container = Container {
            DependencyGroup.catalogAutoregistered
            DependencyGroup.billingAutoregistered
        }
        let catalog: ProductCatalog = try container.resolve()
        #expect(catalog.products == ["tea", "cups"])
        #expect(container.registrationCount > 0)
    }
}
