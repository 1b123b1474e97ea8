import Loom

/// A `Conf` key declared by hand (benchmarks are built in release mode, where the key macros would cost minutes).
enum BenchmarkServiceConfKey: ConfKey {
    typealias Value = Service
    static let defaultValue: Service! = Service()
}

extension ConfKeys {
    var benchmarkService: BenchmarkServiceConfKey.Type { BenchmarkServiceConfKey.self }
}

/// An `InjectedValues` key declared the SwiftUI way.
struct BenchmarkServiceInjectionKey: InjectionKey {
    static let defaultValue = Service()
}

extension InjectedValues {
    var benchmarkService: Service {
        get { Self[BenchmarkServiceInjectionKey.self] }
        set { Self[BenchmarkServiceInjectionKey.self] = newValue }
    }
}

/// An object holding the same service twice: in a stored property and in a resolved `@Injected` property.
final class InjectedHolder {
    var stored = Service()
    @Injected var injected: Service

    init(container: Container) {
        _injected = Injected(.capturingContainerOnInit(container))
    }
}

@inline(never) func readStoredProperty(_ holder: InjectedHolder) -> Service { holder.stored }
@inline(never) func readInjectedProperty(_ holder: InjectedHolder) -> Service { holder.injected }

/// The floor of any property whose value another thread may replace.
///
/// Its getter cannot lend the stored reference (the stored-property read above returns it unretained, which the
/// optimiser proves safe); it must hand it out retained, and the caller releases it. This loads the reference from a
/// word the optimiser cannot see through and returns it — one load, one retain, one release, nothing else.
final class RetainedReferenceFloor {
    private let word: UnsafeMutablePointer<UInt>

    init(_ service: Service) {
        word = .allocate(capacity: 1)
        word.initialize(to: UInt(bitPattern: Unmanaged.passRetained(service).toOpaque()))
    }

    deinit {
        Unmanaged<Service>.fromOpaque(UnsafeRawPointer(bitPattern: word.pointee).unsafelyUnwrapped).release()
        word.deallocate()
    }

    var service: Service {
        Unmanaged<Service>.fromOpaque(UnsafeRawPointer(bitPattern: word.pointee).unsafelyUnwrapped)
            .takeUnretainedValue()
    }
}

@inline(never) func readRetainedReference(_ floor: RetainedReferenceFloor) -> Service { floor.service }

/// Loom's side of every figure.
struct LoomCases {
    let runner: BenchmarkRunner

    /// A container with the services every by-type case resolves, as an app would set it up.
    static func makeContainer() -> Container {
        let container = Container(name: "benchmark", logger: DisabledLogger())
        container.register(scope: .singleton) { Service() }
        container.register(scope: .singleton) { ValueService(identifier: 1) }
        container.register { TransientService() }
        container.register { ChainLevel1() }
        container.register { [unowned container] in try ChainLevel2(next: container.resolve()) }
        container.register { [unowned container] in try ChainLevel3(next: container.resolve()) }
        container.register { [unowned container] in try ChainLevel4(next: container.resolve()) }
        container.register { [unowned container] in try ChainLevel5(next: container.resolve()) }
        return container
    }

    func containerSingleton(_ container: Container) -> Double {
        runner.nanosecondsPerOperation { iterations in
            resolving { for _ in 0..<iterations { blackHole(try container.resolve(Service.self)) } }
        }
    }

    func graphSingleton() -> Double {
        runner.nanosecondsPerOperation { iterations in
            resolving { for _ in 0..<iterations { blackHole(try DependencyGraph.inject(byType: Service.self)) } }
        }
    }

    func graphNamed() -> Double {
        runner.nanosecondsPerOperation { iterations in
            resolving {
                for _ in 0..<iterations {
                    let service: Service = try DependencyGraph.inject(byName: "named-service")
                    blackHole(service)
                }
            }
        }
    }

    func transient(_ container: Container) -> Double {
        runner.nanosecondsPerOperation { iterations in
            resolving { for _ in 0..<iterations { blackHole(try container.resolve(TransientService.self)) } }
        }
    }

    func chain(_ container: Container) -> Double {
        runner.nanosecondsPerOperation { iterations in
            resolving { for _ in 0..<iterations { blackHole(try container.resolve(ChainLevel5.self)) } }
        }
    }

    func injectedPropertyRead(_ container: Container) -> Double {
        let holder = InjectedHolder(container: container)
        blackHole(holder.injected)
        return runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(readInjectedProperty(holder)) }
        }
    }

    func retainedReferenceRead() -> Double {
        let floor = RetainedReferenceFloor(Service())
        return runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(readRetainedReference(floor)) }
        }
    }

    func storedPropertyRead(_ container: Container) -> Double {
        let holder = InjectedHolder(container: container)
        return runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(readStoredProperty(holder)) }
        }
    }

    func confRead() -> Double {
        runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(Conf[\.benchmarkService]) }
        }
    }

    func injectedValuesRead() -> Double {
        runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(InjectedValues[\.benchmarkService]) }
        }
    }

    func confReadInOverride() -> Double {
        Conf.withValue(Service(identifier: 2), for: BenchmarkServiceConfKey.self) { confRead() }
    }

    func injectedValuesReadInOverride() -> Double {
        Conf.withValue(Service(identifier: 2), for: BenchmarkServiceInjectionKey.self) { injectedValuesRead() }
    }

    /// Registering ten services of distinct types into each of `containerCount` new containers, per registration
    /// (creating and releasing the containers is not timed).
    func registration(containerCount: Int) -> Double {
        runner.nanosecondsPerOperation(batchSize: containerCount * 10) {
            (0..<containerCount).map { _ in Container(name: "registration", logger: DisabledLogger()) }
        } _: { containers in
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
        }
    }

    /// Declaring ten services of distinct types in the builder of each of `containerCount` new containers, per
    /// registration (the container's creation is timed with them: a builder's registrations are made by `init`).
    func declarativeRegistration(containerCount: Int) -> Double {
        runner.nanosecondsPerOperation(batchSize: containerCount * 10) {
            KeptContainers(capacity: containerCount)
        } _: { kept in
            for _ in 0..<containerCount {
                kept.containers.append(
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
        }
    }

    /// Registering `count` singletons under distinct alternatives into one new container, per registration.
    func alternativeRegistration(count: Int) -> Double {
        runner.nanosecondsPerOperation(batchSize: count) {
            (
                Container(name: "alternatives", logger: DisabledLogger()),
                (0..<count).map { _ in RegistrationAlternative() }
            )
        } _: { container, alternatives in
            for alternative in alternatives {
                container.register(alternative: alternative, scope: .singleton) { Service() }
            }
        }
    }

    /// Resolving one singleton from a container that holds `registrationCount` registrations in all.
    func singleton(amongRegistrations registrationCount: Int) -> Double {
        let container = Container(name: "sized", logger: DisabledLogger())
        for _ in 1..<registrationCount {
            container.register(alternative: RegistrationAlternative(), scope: .singleton) { Service() }
        }
        container.register(scope: .singleton) { Service() }
        return containerSingleton(container)
    }

    func twoThreadScaling(_ container: Container) -> (classSingleton: Double, valueSingleton: Double) {
        let classScaling = runner.throughputScaling(threads: 2) { iterations in
            resolving { for _ in 0..<iterations { blackHole(try container.resolve(Service.self)) } }
        }
        let valueScaling = runner.throughputScaling(threads: 2) { iterations in
            resolving { for _ in 0..<iterations { blackHole(try container.resolve(ValueService.self)) } }
        }
        return (classScaling, valueScaling)
    }

    /// Activating a container of `count` named singletons in the graph: the median time, the bytes of memory the
    /// registrations and the index take per registration, and the median time the container's builder took to
    /// declare them.
    func activation(count: Int, rounds: Int) -> (milliseconds: Double, bytesPerRegistration: Double, declaring: Double)
    {
        let names = (0..<count).map { "service-\($0)" }
        var durations: [Double] = []
        var bytes: [Double] = []
        var declaring: [Double] = []
        for _ in 0..<rounds {
            let before = BenchmarkClock.allocatedBytes()
            var container: Container?
            declaring.append(
                BenchmarkClock.nanoseconds {
                    container = Container(name: "activation") {
                        for name in names {
                            Dependency { Service() }.named(name).scope(.singleton)
                        }
                    }
                } / 1_000_000)
            guard let container else { fatalError("the activation container was not created") }
            durations.append(BenchmarkClock.nanoseconds { DependencyGraph.activate(container) } / 1_000_000)
            bytes.append(Double(BenchmarkClock.allocatedBytes() - before) / Double(count))
            let probe: Service? = try? DependencyGraph.inject(byName: names[count / 2])
            precondition(probe != nil, "the activated container does not resolve its registrations")
            DependencyGraph.deactivate(container)
        }
        return (BenchmarkRunner.median(durations), BenchmarkRunner.median(bytes), BenchmarkRunner.median(declaring))
    }
}

/// Containers a timed batch creates, kept so that releasing them falls outside the timing.
final class KeptContainers {
    var containers: [Container] = []

    init(capacity: Int) { containers.reserveCapacity(capacity) }
}

/// The container the graph cases resolve from, activated once for the whole run.
enum LoomGraphFixture {
    static let container = Container(name: "graph-benchmark") {
        Dependency { Service() }.scope(.singleton)
        Dependency { Service(identifier: 2) }.named("named-service").scope(.singleton)
    }

    static func activate() {
        DependencyGraph.activate(container)
    }
}

/// Runs a measured loop whose resolutions cannot fail once the fixture is set up; a failure is a broken benchmark.
@inline(__always)
func resolving(_ body: () throws -> Void) {
    do {
        try body()
    } catch {
        fatalError("a benchmark resolution failed: \(error)")
    }
}
