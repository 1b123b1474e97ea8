import LoomCore
import LoomFixtureBilling
import LoomFixtureCatalog
import Testing

/// The groups the autoregistration plugin generated for two modules register every `@Registerable` type of each.
@Suite struct AutoregisteredGroupTests {
    @Test func eachModulesGroupListsItsNameableRegisterableTypes() {
        // Catalog: ProductCatalog, CatalogSearch, CatalogScreen, PriceFormatter, UnitFormatter, the debug-or-release
        // type and CatalogCache; not the private CatalogSecret nor the commented or quoted ones.
        #expect(DependencyGroup.loomFixtureCatalogAutoregistered.count == 7)
        #expect(DependencyGroup.loomFixtureBillingAutoregistered.count == 3)
    }

    @Test func everyAutoregisteredTypeResolvesFromTheGraph() async throws {
        let container = Container(name: "autoregistered", logger: DisabledLogger()) {
            DependencyGroup.loomFixtureCatalogAutoregistered
            DependencyGroup.loomFixtureBillingAutoregistered
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }

        let catalog: ProductCatalog = try DependencyGraph.inject()
        #expect(catalog.products == ["tea", "cups"])
        let search: CatalogSearch = try DependencyGraph.inject(byName: "catalog-search")
        #expect(try DependencyGraph.inject(byName: "catalog-search") as CatalogSearch === search)
        let screen: CatalogScreen = try DependencyGraph.inject()
        #expect(screen.catalog === catalog)
        let formatter: CatalogFormatting.PriceFormatter = try DependencyGraph.inject()
        #expect(formatter.format(cents: 1250) == "12.50 EUR")
        _ = try DependencyGraph.inject() as CatalogFormatting.UnitFormatter
        #if DEBUG
            _ = try DependencyGraph.inject() as CatalogDebugMenu
        #else
            _ = try DependencyGraph.inject() as CatalogReleaseBanner
        #endif

        let issuer: InvoiceIssuer = try DependencyGraph.inject()
        #expect(try DependencyGraph.inject() as InvoiceIssuer === issuer)
        let invoice: Invoice = try DependencyGraph.inject(byType: Invoice.self, 42)
        #expect(invoice.number == 42)
        _ = try DependencyGraph.inject(byValue: PaymentChannel.card) as CardPayments
    }

    @Test func containerResolutionWorksWithoutTheGraph() throws {
        let container = Container(name: "autoregistered-local", logger: DisabledLogger()) {
            DependencyGroup.loomFixtureBillingAutoregistered
        }
        #expect(try container.resolve(InvoiceIssuer.self) === (try container.resolve(InvoiceIssuer.self)))
    }
}
