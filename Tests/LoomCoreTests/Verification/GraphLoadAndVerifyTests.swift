import LoomCore
import Testing

private final class LoadVerifyArchive: Sendable {}
private final class LoadVerifyIndex: Sendable {
    let archive: LoadVerifyArchive
    init(_ archive: LoadVerifyArchive) { self.archive = archive }
}
private final class LoadVerifyAbsent: Sendable {}
private final class LoadVerifyBroken: Sendable {}

/// `loadAndVerify()` loads async registrations `verify()` skips; `VerificationReport.init` keeps its parts.
@Suite struct GraphLoadAndVerifyTests {
    // Graph-wide verification builds every active registration, which other suites count: run it in a child process.
    @Test func loadAndVerifyLoadsAsyncRegistrationsThatVerifySkips() async {
        await #expect(processExitsWith: .success) {
            let container = quietContainer("load-and-verify-graph")
            container.register(scope: .singleton) { () async throws -> LoadVerifyArchive in LoadVerifyArchive() }
            container.register { () async throws -> LoadVerifyIndex in LoadVerifyIndex(try await container.load()) }
            await DependencyGraph.activate(container)
            defer { DependencyGraph.deactivate(container) }

            let synchronous = DependencyGraph.verify()
            #expect(synchronous.skipped.contains { $0.key == "Type[LoadVerifyIndex]" })

            let report = await DependencyGraph.loadAndVerify()
            #expect(report.registrations.contains { $0.key == "Type[LoadVerifyIndex]" })
            #expect(!report.skipped.contains { $0.key == "Type[LoadVerifyIndex]" })
            #expect(report.edges.map(\.description).contains("Type[LoadVerifyIndex] → Type[LoadVerifyArchive]"))
            #expect(!report.defects.contains { "\($0)".contains("LoadVerifyIndex") })
        }
    }

    @Test func loadAndVerifyReportsAMissingDependencyOfAnAsyncFactory() async {
        await #expect(processExitsWith: .success) {
            let container = quietContainer("load-and-verify-missing")
            container.register { () async throws -> LoadVerifyBroken in
                _ = try await container.load(LoadVerifyAbsent.self)
                return LoadVerifyBroken()
            }
            await DependencyGraph.activate(container)
            defer { DependencyGraph.deactivate(container) }
            let report = await DependencyGraph.loadAndVerify()
            #expect(!report.isHealthy)
            #expect(report.defects.contains { "\($0)".contains("LoadVerifyAbsent") })
        }
    }

    @Test func aReportBuiltByHandKeepsItsPartsAndHasAnEmptyRegistrar() {
        let summary = RegistrationSummary(
            key: "Type[Clock]", valueType: "Clock", scope: "singleton", container: "Container(app)",
            origin: "App/App.swift:3")
        let report = VerificationReport(registrations: [summary], skipped: [], edges: [], defects: [])
        #expect(report.isHealthy)
        #expect(report.registrations == [summary])
        #expect(report.skipped.isEmpty && report.edges.isEmpty && report.defects.isEmpty)
        #expect(report.registrar.isEmpty)
        #expect(report.description == "Verified 1 registration(s), 0 edge(s): healthy")

        let skipping = VerificationReport(registrations: [summary], skipped: [summary], edges: [], defects: [])
        #expect(skipping.description.contains("(1 skipped: they need arguments)"))
    }
}
