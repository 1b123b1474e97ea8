import Benchmark
import BenchmarkFixtures
import Loom

/// Registering: ten services per new container, by type, with an alternative and with arguments (300 ns each at
/// most: Documentation/Design/performance-targets.md#registration), declared in a builder, and 10 000 alternatives
/// into one container.
///
/// Creating the containers and releasing them is not measured, only the registrations: 100 containers of ten
/// registrations make one sample of 1 000, so every figure reads per registration.
func registrationBenchmarks() {
    Benchmark("register-type", configuration: .operation) { benchmark in
        let containers = newContainers()
        benchmark.startMeasurement()
        for container in containers {
            container.register(scope: .singleton) { Registered0() }
            container.register(scope: .singleton) { Registered1() }
            container.register(scope: .singleton) { Registered2() }
            container.register(scope: .shared) { Registered3() }
            container.register(scope: .shared) { Registered4() }
            container.register { Registered5() }
            container.register { Registered6() }
            container.register { Registered7() }
            container.register(scope: .singleton) { Registered8() }
            container.register(scope: .singleton) { Registered9() }
        }
        benchmark.stopMeasurement()
    }
    Benchmark("register-alternative", configuration: .operation) { benchmark in
        let containers = newContainers()
        benchmark.startMeasurement()
        for container in containers {
            container.register(alternative: "a0", scope: .singleton) { Registered0() }
            container.register(alternative: "a1", scope: .singleton) { Registered1() }
            container.register(alternative: "a2", scope: .singleton) { Registered2() }
            container.register(alternative: "a3", scope: .shared) { Registered3() }
            container.register(alternative: "a4", scope: .shared) { Registered4() }
            container.register(alternative: "a5") { Registered5() }
            container.register(alternative: "a6") { Registered6() }
            container.register(alternative: "a7") { Registered7() }
            container.register(alternative: "a8", scope: .singleton) { Registered8() }
            container.register(alternative: "a9", scope: .singleton) { Registered9() }
        }
        benchmark.stopMeasurement()
    }
    Benchmark("register-arguments", configuration: .operation) { benchmark in
        let containers = newContainers()
        benchmark.startMeasurement()
        for container in containers {
            container.register(scope: .singleton) { (_: Int) in Registered0() }
            container.register(scope: .singleton) { (_: Int) in Registered1() }
            container.register(scope: .singleton) { (_: Int) in Registered2() }
            container.register(scope: .shared) { (_: Int, _: String) in Registered3() }
            container.register(scope: .shared) { (_: Int, _: String) in Registered4() }
            container.register { (_: Int, _: String) in Registered5() }
            container.register { (_: Int) in Registered6() }
            container.register { (_: Int) in Registered7() }
            container.register(scope: .singleton) { (_: Int, _: String, _: Bool) in Registered8() }
            container.register(scope: .singleton) { (_: Int, _: String, _: Bool) in Registered9() }
        }
        benchmark.stopMeasurement()
    }
    // The container's creation is measured with its declarations: a builder's registrations are made by `init`.
    Benchmark("declare-builder", configuration: .operation) { benchmark in
        var kept: [Container] = []
        kept.reserveCapacity(containersPerRegistrationSample)
        benchmark.startMeasurement()
        for _ in 0..<containersPerRegistrationSample {
            kept.append(
                Container(name: "declared", logger: DisabledLogger()) {
                    Dependency { Registered0() }.scope(.singleton)
                    Dependency { Registered1() }.scope(.singleton)
                    Dependency { Registered2() }.scope(.singleton)
                    Dependency { Registered3() }.scope(.shared)
                    Dependency { Registered4() }.scope(.shared)
                    Dependency { Registered5() }
                    Dependency { Registered6() }
                    Dependency { Registered7() }
                    Dependency { Registered8() }.scope(.singleton)
                    Dependency { Registered9() }.scope(.singleton)
                })
        }
        benchmark.stopMeasurement()
        blackHole(kept)
    }
    // One sample registers 10 000 singletons under distinct alternatives into one new container: what registering
    // costs as a container grows. Reported per registration by the report (10 000 per sample).
    Benchmark("register-10000-alternatives", configuration: .bulk) { benchmark in
        let container = Container(name: "alternatives", logger: DisabledLogger())
        let alternatives = (0..<10_000).map { _ in RegistrationAlternative() }
        benchmark.startMeasurement()
        for alternative in alternatives {
            container.register(alternative: alternative, scope: .singleton) { Service() }
        }
        benchmark.stopMeasurement()
    }
}

/// The containers one registration sample fills, created outside the measurement.
private func newContainers() -> [Container] {
    (0..<containersPerRegistrationSample).map { _ in Container(name: "registration", logger: DisabledLogger()) }
}
