import LoomDemoApp
import Testing

@Suite struct NotesSettingReportTests {
    @Test func aLineNamesTheSettingItsValueAndItsSource() {
        #expect(
            NotesSettingReport(name: "page size", value: "5", source: "flag --page-size").description
                == "page size: 5 (flag --page-size)")
    }
}
