import LoomCore
import LoomInjection
import LoomKeys
import LoomLookup
import LoomTestSupport
import LoomTesting
import Observation
import Testing

// Overrides follow the work: an object created inside test overrides (or `Conf.withValue`) resolves its `@Injected`
// properties through them wherever they are first read; `Overrides.current` captures them for escaping work.

private protocol Clock: Sendable { var name: String { get } }
private struct LiveClock: Clock { let name = "live" }
private struct FixedClock: Clock { let name: String }

private enum RegionKey: ConfKey {
    static var defaultValue: String! { "eu" }
}

/// The live container of these tests; never activated in the graph.
private let clocks = Container(name: "overrides-live", logger: DisabledLogger()) {
    Dependency { () -> any Clock in LiveClock() }
    Dependency { () -> String in "region:" + Conf[RegionKey.self] }
}

private final class Report: @unchecked Sendable {
    // Wrapper storage is written once, in init; the wrappers lock their own state.
    @Injected(.capturingContainerOnInit(clocks)) var clock: any Clock
    @Injected(.capturingContainerOnInit(clocks)) var region: String
}

/// Takes its container from the lookup policy at its first read.
private final class LazyReport: @unchecked Sendable {
    // Wrapper storage is written once, in init; the wrappers lock their own state.
    @Injected(.lazily) var clock: any Clock
}

@Observable private final class ForecastModel {
    @ObservationIgnored @Injected(.capturingContainerOnInit(clocks)) var clock: any Clock
    var title = "Forecast"
}

@Suite struct InjectedOverridesTests {
    @Test func anObjectCreatedInsideTestOverridesKeepsThemInADetachedTask() async throws {
        let report = withTestDependencies {
            $0.register { () -> any Clock in FixedClock(name: "fixed") }
        } operation: {
            Report()
        }
        // First read outside the scope, from a task that inherits nothing.
        let name = await Task.detached { report.clock.name }.value
        #expect(name == "fixed")
        #expect(report.clock.name == "fixed")
    }

    @Test func anObjectCreatedInsideTestOverridesKeepsThemInACallback() throws {
        let report = withTestDependencies {
            $0.register { () -> any Clock in FixedClock(name: "callback") }
        } operation: {
            Report()
        }
        let names = Collected<String>()
        // A callback on an OS thread of its own, as a completion handler from C or a dispatch queue runs.
        onThreads(1) { _ in names.append(report.clock.name) }
        #expect(names.all == ["callback"])
    }

    @Test func confValuesFollowTheObjectToo() async throws {
        let report = Conf.withValue("us", for: RegionKey.self) { Report() }
        let region = await Task.detached { report.region }.value
        #expect(region == "region:us")
    }

    @Test func anObjectCreatedOutsideAnyOverrideIsUnchanged() async throws {
        let report = Report()
        #expect(report.clock.name == "live")
        let inside = withTestDependencies {
            $0.register { () -> any Clock in FixedClock(name: "fixed") }
        } operation: {
            // Created outside: the overrides of the task that reads it apply, and are not kept.
            Report().clock.name + "/" + report.clock.name
        }
        #expect(inside == "fixed/live")
    }

    @Test func aLazyPropertyStillTakesTheLookupPolicyAtItsFirstRead() async throws {
        let first = Container(name: "policy-first", logger: DisabledLogger())
        first.register { () -> any Clock in FixedClock(name: "first") }
        let second = Container(name: "policy-second", logger: DisabledLogger())
        second.register { () -> any Clock in FixedClock(name: "second") }
        let report = Container.withLookupPolicy(.singleton(first)) {
            withTestDependencies { _ in
            } operation: {
                LazyReport()
            }
        }
        let name = await Task.detached {
            Container.withLookupPolicy(.singleton(second)) { report.clock.name }
        }.value
        #expect(name == "second")
    }

    @Test func theExplicitCaptureRunsEscapingWorkThroughTheOverrides() async throws {
        let captured = withTestDependencies {
            $0.register { () -> any Clock in FixedClock(name: "captured") }
        } operation: {
            Overrides.current
        }
        #expect(!captured.isEmpty)
        #expect(try clocks.resolve((any Clock).self).name == "live")
        #expect(try captured.run { try clocks.resolve((any Clock).self).name } == "captured")
        let asynchronous = try await Task.detached {
            try await captured.run { try await clocks.load((any Clock).self).name }
        }.value
        #expect(asynchronous == "captured")
        #expect(Overrides.current.isEmpty)
    }

    @Test func anObservableModelCreatedInsideAnOverrideReadsItFromADetachedTask() async throws {
        let model = withTestDependencies {
            $0.register { () -> any Clock in FixedClock(name: "observed") }
        } operation: {
            ForecastModel()
        }
        let name = await Task.detached { model.clock.name }.value
        #expect(name == "observed")
        // The injected property is not observed; the model's own state is.
        let changed = Latch()
        withObservationTracking {
            _ = model.title
            _ = model.clock
        } onChange: {
            changed.open()
        }
        model.title = "Tomorrow"
        #expect(changed.isOpen)
    }
}

// Read from a detached task: the wrapper locks its own state, and the observed `title` is written by one task at a time
// here (the registrar itself is thread-safe).
extension ForecastModel: @unchecked Sendable {}
