// The snippets of the article "Testing with Loom" (Modules/LoomTesting/LoomTesting.docc/Articles/TestingWithLoom.md),
// compiled and run. Keep the two in step. The app under test (`Forecast`, `FixedWeather`, `weatherContainer`, the
// `units` key) is the one of Documentation/Testing.md, declared in TestingGuideTests.swift (same target). The
// article's tests are methods of a suite here, because that file already declares free test functions of the same
// names. Verifying the whole graph depends on what is active in the process, so that test runs in a child process.
import LoomCore
import LoomKeys
import LoomTesting
import Testing

private protocol Clock: Sendable { var time: Int { get } }
private struct FixedClock: Clock {
    static let time = 42
    var time: Int { Self.time }
}
private struct Uploader {
    func stamp() async throws -> Int { try await DependencyGraph.load((any Clock).self).time }
}

@Suite struct TestingWithLoomTests {
    // MARK: Override one dependency

    @Test func forecastUsesTheOverride() throws {
        try withTestDependencies { container in
            container.register { () -> any WeatherService in FixedWeather(degrees: 21) }
        } operation: {
            let headline = try Forecast().headline(for: "Lyon")
            #expect(headline == "Lyon: 21.0° celsius")
        }
    }

    @Test func rootValuesSetInsideTheScopeBelongToIt() {
        withTestDependencies { _ in
        } operation: {
            Conf.setRootValue("kelvin", for: \.units)
            #expect(Conf[\.units] == "kelvin")
        }
        #expect(Conf[\.units] == "celsius")
    }

    // MARK: Use traits for a test or a suite

    @Suite(.dependencies { $0.register { () -> any WeatherService in FixedWeather(degrees: 30) } })
    struct ForecastTests {
        @Test(.conf(\.units, "fahrenheit"))
        func usesTheConfOverride() throws {
            #expect(try Forecast().headline(for: "Nice") == "Nice: 30.0° fahrenheit")
        }
    }

    // MARK: Choose how much of the app a test sees

    @Test(arguments: [TestDependencyMode.isolated, .sharingLiveInstances, .strict])
    func eachModeShowsWhatTheArticleSays(mode: TestDependencyMode) throws {
        final class Cache: Sendable {}
        let live = Container(name: "live") { Dependency { Cache() }.scope(.singleton) }
        let liveCache: Cache = try live.resolve()
        let resolveInScope = {
            try withTestDependencies(mode) { _ in
            } operation: { () throws in
                switch mode {
                case .isolated:
                    #expect(try live.resolve(Cache.self) !== liveCache)  // live registrations, empty caches
                case .sharingLiveInstances:
                    #expect(try live.resolve(Cache.self) === liveCache)  // the live cached instances too
                case .strict:
                    #expect(try live.resolve(Cache.self) !== liveCache)  // an issue, then the value of .isolated
                }
            }
        }
        if mode == .strict {
            withKnownIssue {
                do { try resolveInScope() } catch { Issue.record(error) }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("Strict test dependencies: Type[Cache]") }
            }
        } else {
            try resolveInScope()
        }
    }

    // MARK: Run modes and unimplemented dependencies

    @Test(.runMode(.preview)) func showsTheSampleForecast() throws {
        #expect(RunMode.current == .preview)
    }

    // MARK: Keep the overrides in escaping work

    @Test func uploadsFromADetachedTask() async throws {
        let captured = withTestDependencies {
            $0.register { () -> any Clock in FixedClock() }
        } operation: {
            Overrides.current
        }
        let time = try await Task.detached { try await captured.run { try await Uploader().stamp() } }.value
        #expect(time == FixedClock.time)
    }

    // MARK: Verify the graph

    @Test func appGraphIsHealthy() async {
        await #expect(processExitsWith: .success) {
            DependencyGraph.activate(weatherContainer)
            let report = DependencyGraph.verify()
            #expect(report.isHealthy, "\(report)")
            #expect(report.registrations.contains { $0.valueType == "WeatherService" })
        }
    }

    @Test func verificationReportsAMissingDependencyWithItsPath() {
        final class Store: Sendable {}
        final class Index: Sendable { init(store: Store) {} }
        let container = Container(name: "search") {
            Dependency { Index(store: try DependencyGraph.inject()) }
        }
        let report = container.verify()
        #expect(!report.isHealthy)
        #expect(report.defects.contains { if case .missingDependency = $0 { true } else { false } })
    }

    // MARK: Assert a fatal report

    @Test func aMissingServiceStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            withTestDependencies { _ in
            } operation: {
                _ = Forecast().weather
            }
        }
    }
}
