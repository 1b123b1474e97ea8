import Loom
import LoomTesting
import Testing

// The snippets of Documentation/Testing.md, compiled and run. Keep the two in step: each section of the guide
// names the test here that holds its code.

// MARK: The app under test

protocol WeatherService: Sendable {
    func temperature(in city: String) throws -> Double
}

struct LiveWeatherService: WeatherService {
    func temperature(in city: String) throws -> Double { throw Offline() }
    struct Offline: Error {}
}

struct FixedWeather: WeatherService {
    let degrees: Double
    func temperature(in city: String) throws -> Double { degrees }
}

enum UnitsKey: ConfKey {
    static var defaultValue: String! { "celsius" }
}

extension ConfKeys {
    var units: UnitsKey.Type { UnitsKey.self }
}

final class Forecast: @unchecked Sendable {
    // The wrapper synchronises itself; its storage is written once, in init.
    @Injected var weather: any WeatherService

    func headline(for city: String) throws -> String {
        "\(city): \(try weather.temperature(in: city))° \(Conf[\.units])"
    }
}

let weatherContainer = Container(name: "weather") {
    Dependency { () -> any WeatherService in LiveWeatherService() }
}

// MARK: Overriding one dependency

@Test func forecastUsesTheOverride() throws {
    try withTestDependencies { container in
        container.register { () -> any WeatherService in FixedWeather(degrees: 21) }
    } operation: {
        let headline = try Forecast().headline(for: "Lyon")
        #expect(headline == "Lyon: 21.0° celsius")
    }
}

// MARK: Traits

@Suite(.dependencies { $0.register { () -> any WeatherService in FixedWeather(degrees: 30) } })
struct ForecastTests {
    @Test func usesTheSuiteOverride() throws {
        let headline = try Forecast().headline(for: "Nice")
        #expect(headline == "Nice: 30.0° celsius")
    }

    @Test(.conf(\.units, "fahrenheit"))
    func usesTheConfOverride() throws {
        let headline = try Forecast().headline(for: "Nice")
        #expect(headline == "Nice: 30.0° fahrenheit")
    }

    @Test(.dependencies { $0.register { () -> any WeatherService in FixedWeather(degrees: -5) } })
    func theTestTraitWins() throws {
        let headline = try Forecast().headline(for: "Oslo")
        #expect(headline == "Oslo: -5.0° celsius")
    }
}

// MARK: Root values belong to the test

@Test func rootValuesSetInATestStayInIt() {
    withTestDependencies { _ in
        Conf.setRootValue("kelvin", for: \.units)
    } operation: {
        #expect(Conf[\.units] == "kelvin")
    }
    #expect(Conf[\.units] == "celsius")
}

// MARK: Verifying the graph

@Test func weatherContainerIsHealthy() {
    let report = weatherContainer.verify()
    #expect(report.isHealthy, "\(report)")
}

// MARK: Fresh singletons

@Test func singletonsStartFreshInEveryScope() throws {
    final class Cache: Sendable {}
    let container = Container(name: "cache") { Dependency { Cache() }.scope(.singleton) }
    let live: Cache = try container.resolve()
    try withTestDependencies { _ in
    } operation: {
        let inside: Cache = try container.resolve()
        #expect(inside !== live)
    }
    container.resetCachedInstances()
    #expect(try container.resolve(Cache.self) !== live)
}

// MARK: Fatal reports

@Test func aMissingServiceStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        withTestDependencies { _ in
        } operation: {
            _ = Forecast().weather
        }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("No registration found for Type[WeatherService]"))
}
