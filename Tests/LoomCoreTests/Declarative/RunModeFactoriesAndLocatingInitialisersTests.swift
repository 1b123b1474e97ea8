import LoomCore
import Testing

private final class Forecast: Sendable {
    let source: String
    init(_ source: String) { self.source = source }
}

private protocol Storefront: Sendable { var label: String { get } }
private struct ArgumentStorefront: Storefront { let label: String }

private class BaseLedger: @unchecked Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}
private final class AccountLedger: BaseLedger, @unchecked Sendable {}

/// A registration's `preview` factory (sync, async, main-actor and with arguments) answers under the preview run
/// mode and the live one otherwise; `Dependency(conformingTo:)`, `(inheritingFrom:)` and `(named:)` with factory
/// arguments answer for the protocol, superclass or name with those arguments.
@Suite struct RunModeFactoriesAndLocatingInitialisersTests {
    @Test func aSynchronousPreviewFactoryAnswersInPreviewsOnly() throws {
        let container = quietContainer("declarative-preview-sync") {
            Dependency { Forecast("live") }.preview { Forecast("preview") }
        }
        #expect(try withRunMode(.preview) { try container.resolve(Forecast.self).source } == "preview")
        #expect(try withRunMode(.live) { try container.resolve(Forecast.self).source } == "live")
    }

    @Test func anAsyncPreviewFactoryIsLoadedInPreviewsOnly() async throws {
        let container = quietContainer("declarative-preview-async") {
            Dependency { () async throws -> Forecast in Forecast("live") }
                .preview { () async throws -> Forecast in Forecast("preview") }
        }
        let preview = try await withRunMode(.preview) { try await container.load(Forecast.self).source }
        #expect(preview == "preview")
        let live = try await withRunMode(.live) { try await container.load(Forecast.self).source }
        #expect(live == "live")
    }

    @MainActor
    @Test func aMainActorPreviewFactoryRunsOnTheMainActorInPreviewsOnly() async throws {
        let container = quietContainer("declarative-preview-main-actor") {
            Dependency(isolation: MainActor.self) { Forecast("live") }
                .preview(isolation: MainActor.self) {
                    MainActor.preconditionIsolated()
                    return Forecast("preview")
                }
        }
        let preview = try await withRunMode(.preview) { try await container.load(Forecast.self).source }
        #expect(preview == "preview")
        let live = try await withRunMode(.live) { try await container.load(Forecast.self).source }
        #expect(live == "live")
    }

    @Test func aPreviewFactoryWithArgumentsReceivesTheCallersArguments() throws {
        let container = quietContainer("declarative-preview-arguments") {
            Dependency { (day: Int) in Forecast("live-\(day)") }
                .preview { (day: Int) in Forecast("preview-\(day)") }
        }
        let preview = try withRunMode(.preview) { try container.inject(byType: Forecast.self, 3).source }
        #expect(preview == "preview-3")
        let live = try withRunMode(.live) { try container.inject(byType: Forecast.self, 4).source }
        #expect(live == "live-4")
    }

    @Test func conformingToWithArgumentsAnswersForTheProtocol() throws {
        let container = quietContainer("declarative-conforming-arguments") {
            Dependency(conformingTo: (any Storefront).self) { (id: Int) in ArgumentStorefront(label: "store-\(id)") }
        }
        let store = try container.inject(byType: (any Storefront).self, 8)
        #expect(store.label == "store-8")
        #expect(try container.inject(byType: ArgumentStorefront.self, 9).label == "store-9")
    }

    @Test func inheritingFromWithArgumentsAnswersForTheSuperclass() throws {
        let container = quietContainer("declarative-inheriting-arguments") {
            Dependency(inheritingFrom: BaseLedger.self) { (id: Int) in AccountLedger("ledger-\(id)") }
        }
        let ledger = try container.inject(byType: BaseLedger.self, 2)
        #expect(ledger is AccountLedger)
        #expect(ledger.label == "ledger-2")
    }

    @Test func namedWithArgumentsAnswersForTheNameWithThoseArguments() throws {
        let container = quietContainer("declarative-named-arguments") {
            Dependency(named: "declarative-named-forecast") { (day: Int, city: String) in Forecast("\(city)-\(day)") }
        }
        let forecast: Forecast = try container.inject(byName: "declarative-named-forecast", 5, "oslo")
        #expect(forecast.source == "oslo-5")
        #expect(throws: InjectionError.self) {
            let _: Forecast = try container.inject(byName: "declarative-named-forecast", 5)
        }
    }
}
