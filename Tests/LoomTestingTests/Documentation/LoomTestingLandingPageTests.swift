// The snippet of LoomTesting's landing page (Modules/LoomTesting/LoomTesting.docc/LoomTesting.md), compiled and run.
// Keep the two in step. `Forecast` and `FixedWeather` are Documentation/Testing.md's app, declared in
// TestingGuideTests.swift (same target); the test is a method here because that file declares a free function of
// the same name.
import LoomCore
import LoomTesting
import Testing

@Suite struct LoomTestingLandingPageTests {
    @Test(.dependencies { $0.register { () -> any WeatherService in FixedWeather(degrees: 21) } })
    func forecastUsesTheOverride() throws {
        #expect(try Forecast().headline(for: "Lyon") == "Lyon: 21.0° celsius")
    }
}
