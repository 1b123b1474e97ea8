import Testing

@testable import LoomAutoregistrationCore

/// The summary line and the report file.
@Suite struct GraphCheckReportTests {
    @Test func theReportListsEveryNeedWithHowItFared() {
        let source = """
            @Registerable(parameters: .injected)
            final class Editor { init(store: Store, audit: Audit?, session: URLSession) {} }
            final class Store {}
            final class Audit {}
            let app = Container { Dependency { () -> Store in Store() } }
            """
        let facts = GraphSourceScanner.facts(in: LexedSource(source), path: "/src/App/App.swift", module: "App")
        let graph = StaticGraph(facts: [facts], modules: ["App"])
        let result = GraphCheck.run(graph: graph, role: .assembling, module: "App")
        let report = GraphCheckReport(result: result, graph: graph, module: "App", fileCount: 1)
        #expect(
            report.summary == "Loom graph check of App (assembling): 2 needs checked, 1 unknown; 0 errors, 0 warnings")
        #expect(
            report.text == """
                Loom graph check of App (assembling): 2 needs checked, 1 unknown; 0 errors, 0 warnings
                Scanned: App (1 files); 1 @Registerable types, 2 registrations, 0 of them without a written type.
                Needs: 3: met 1, optional or collection without a provider 1, unmet 0, unknown 1.

                App/App.swift:2: 'Editor.init(store:audit:session:)' needs 'Store': met by Type[Store] in App/App.swift:5
                App/App.swift:2: 'Editor.init(store:audit:session:)' needs 'Audit?': optional, nothing provides it (it receives nil)
                App/App.swift:2: 'Editor.init(store:audit:session:)' needs 'URLSession': unknown: 'URLSession' is declared outside the scanned modules

                """)
    }
}
