// The snippets of the article "Live, test and preview dependencies"
// (Modules/LoomCore/LoomCore.docc/Articles/LiveTestAndPreviewDependencies.md), compiled and run. Keep the two in step.
// Departures: each snippet's container is local to its test, `verify()` checks the line the article quotes, the
// unimplemented dependency is resolved inside `withKnownIssue` (its issue is the point), and the captured overrides
// come from a `withTestDependencies` scope the article leaves out.
import LoomCore
import LoomTesting
import Testing

// MARK: Types the snippets assume

private protocol Weather: Sendable { var forecast: String { get } }
private struct LiveWeather: Weather { let forecast = "live" }
private struct FailingWeather: Weather { let forecast = "failing" }
private struct StubWeather: Weather {
    let sunny: Bool
    var forecast: String { sunny ? "sunny" : "rain" }
}

@Suite struct LiveTestAndPreviewDependenciesTests {
    @Test func oneRegistrationCarriesAFactoryPerMode() throws {
        let app = Container(name: "app") {
            Dependency { () -> any Weather in LiveWeather() }.scope(.singleton)
                .test { FailingWeather() }
                .preview { StubWeather(sunny: true) }
        }
        #expect(try withRunMode(.live) { try app.resolve((any Weather).self).forecast } == "live")
        #expect(try withRunMode(.test) { try app.resolve((any Weather).self).forecast } == "failing")
        let forecast = try withRunMode(.preview) {
            try app.resolve((any Weather).self).forecast  // StubWeather's
        }
        #expect(forecast == "sunny")
        let line = try #require(app.verify().registrations.first { $0.key == "Type[Weather]" })
        #expect(line.description.hasPrefix("Type[Weather] (singleton; live, test, preview) in Container(app)"))
    }

    @Test func registerTakesTheModeAsADefaultedParameter() throws {
        let app = Container(name: "app", logger: DisabledLogger())
        app.register(scope: .singleton) { () -> any Weather in LiveWeather() }
        app.register(scope: .singleton, for: .test) { () -> any Weather in FailingWeather() }
        #expect(try withRunMode(.test) { try app.resolve((any Weather).self).forecast } == "failing")
        #expect(try withRunMode(.live) { try app.resolve((any Weather).self).forecast } == "live")
        // This process runs tests.
        #expect(RunMode.process == .test)
        #expect(try app.resolve((any Weather).self).forecast == "failing")
    }

    @Test func anUnimplementedDependencyFailsTheTestThatResolvesIt() throws {
        let features = Container(name: "features") {
            Dependency.unimplemented((any Weather).self, placeholder: { StubWeather(sunny: false) })
        }
        withKnownIssue {
            withTestDependencies { _ in
            } operation: {
                _ = #expect(throws: InjectionError.self) { try features.resolve((any Weather).self) }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Type[Weather] is unimplemented") }
        }
    }

    @Test func capturedOverridesRunEscapingWork() async throws {
        let app = Container(name: "app") {
            Dependency { () -> any Weather in LiveWeather() }
        }
        let captured = withTestDependencies {
            $0.register { () -> any Weather in StubWeather(sunny: true) }
        } operation: {
            Overrides.current
        }
        let forecast = try await Task.detached {
            try await captured.run { try await app.load((any Weather).self).forecast }
        }.value
        #expect(forecast == "sunny")
    }
}
