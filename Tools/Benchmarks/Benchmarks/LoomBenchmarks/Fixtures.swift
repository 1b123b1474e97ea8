import BenchmarkFixtures
import Loom

// Benchmarked state lives in `static let`s and class fields, never in top-level globals of the executable's main
// file (reading those measured 7× slower).

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

/// Something registrations for `[T]` answer to.
protocol Plugin: Sendable {}

/// The three registrations of the `[T]` figure.
final class FirstPlugin: Plugin {}
/// The three registrations of the `[T]` figure.
final class SecondPlugin: Plugin {}
/// The three registrations of the `[T]` figure.
final class ThirdPlugin: Plugin {}

/// A transient service internal to this module, unlike the public fixtures every other case resolves.
final class InternalTransientService: Sendable {
    let identifier: Int
    init(identifier: Int = 1) { self.identifier = identifier }
}

/// The enclosing object an enclosing-object resolver is handed.
final class Screen: Sendable {}

/// The registration value of the by-value figure.
enum UploadLocation: Hashable, Sendable {
    case avatar
}

/// The containers and objects the benchmarks resolve from, set up once as an app would set them up.
enum LoomFixtures {
    /// The container every by-type case resolves from, and the other paths to a cached singleton.
    static let container = makeContainer()

    /// A new container with one synchronous singleton, `TransientService`, not resolved yet.
    static func makeColdContainer() -> Container {
        let container = Container(name: "cold-benchmark", logger: DisabledLogger())
        container.register(scope: .singleton) { TransientService() }
        return container
    }

    /// The services of ``container`` in the graph, activated by ``activateGraph()``.
    static let graphContainer = Container(name: "graph-benchmark", logger: DisabledLogger()) {
        Dependency { Service() }.scope(.singleton)
        Dependency { Service(identifier: 2) }.named("named-service").scope(.singleton)
    }

    /// A container of ten registrations and one of 100 000, each resolving the same singleton by type.
    static let smallContainer = sizedContainer(registrationCount: 10)
    static let largeContainer = sizedContainer(registrationCount: 100_000)

    /// The names of the activation figures' registrations.
    static let activationNames = (0..<100_000).map { "service-\($0)" }

    /// A retained-reference floor and an `@Injected` holder, resolved once.
    static let retainedReference = RetainedReferenceFloor(Service())
    static let holder = makeResolvedHolder()

    private static func makeContainer() -> Container {
        let container = Container(name: "benchmark", logger: DisabledLogger())
        container.register(scope: .singleton) { Service() }
        container.register(scope: .singleton) { ValueService(identifier: 1) }
        container.register { TransientService() }
        container.register { InternalTransientService() }
        container.register { ChainLevel1() }
        container.register { [unowned container] in try ChainLevel2(next: container.resolve()) }
        container.register { [unowned container] in try ChainLevel3(next: container.resolve()) }
        container.register { [unowned container] in try ChainLevel4(next: container.resolve()) }
        container.register { [unowned container] in try ChainLevel5(next: container.resolve()) }
        // The other paths to a cached singleton (Documentation/Design/performance-targets.md#every-other-path).
        container.register(alternative: "primary", scope: .singleton) { Service(identifier: 3) }
        container.register(scope: .singleton) { (identifier: Int) in Service(identifier: identifier) }
        container.register(scope: .singleton) { (identifier: Int, name: String) in
            Service(identifier: identifier + name.count)
        }
        container.register(scope: .singleton) { (identifier: Int, name: String, flag: Bool) in
            Service(identifier: flag ? identifier : name.count)
        }
        // An enclosing-object resolver has no scope of its own; this one hands out one shared instance, so the
        // figure is the path's cost and not an allocation.
        let shared = Service(identifier: 4)
        container.register { (_: Any) -> Service in shared }
        container.add {
            Dependency { Service(identifier: 5) }.named("named-service").scope(.singleton)
            Dependency(for: UploadLocation.avatar) { Service(identifier: 6) }.scope(.singleton)
            Dependency { FirstPlugin() }.conforms(to: (any Plugin).self).scope(.singleton)
            Dependency { SecondPlugin() }.conforms(to: (any Plugin).self).scope(.singleton)
            Dependency { ThirdPlugin() }.conforms(to: (any Plugin).self).scope(.singleton)
        }
        return container
    }

    private static func sizedContainer(registrationCount: Int) -> Container {
        let container = Container(name: "sized", logger: DisabledLogger())
        for _ in 1..<registrationCount {
            container.register(alternative: RegistrationAlternative(), scope: .singleton) { Service() }
        }
        container.register(scope: .singleton) { Service() }
        return container
    }

    private static func makeResolvedHolder() -> InjectedHolder {
        let holder = InjectedHolder(container: container)
        _ = holder.injected
        return holder
    }

    /// Activates ``graphContainer`` in the graph (once; later calls do nothing).
    static func activateGraph() {
        _ = graphActivation
    }

    private static let graphActivation: Void = DependencyGraph.activate(graphContainer)

    /// A new container declaring `names.count` named singletons in one builder, as the activation figures use.
    static func declaredContainer(_ names: [String]) -> Container {
        Container(name: "activation", logger: DisabledLogger()) {
            for name in names {
                Dependency { Service() }.named(name).scope(.singleton)
            }
        }
    }
}

/// An object holding the same service twice: in a stored property and in a resolved `@Injected` property.
///
/// `@unchecked Sendable`: `stored` is written only by `init`, and the wrapper keeps its own state behind its lock.
final class InjectedHolder: @unchecked Sendable {
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
final class RetainedReferenceFloor: @unchecked Sendable {  // `word` is written once, in `init`, and only read after.
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

/// The floor: reading a lazily initialised global constant, the cheapest way Swift hands out a shared object.
enum StaticLetFloor {
    static let service = Service()
    static let value = ValueService(identifier: 1)

    /// An instance built at run time, like a container's singleton (a `static let` of a class without stored
    /// properties may be emitted as a statically initialised, immortal object whose count is never written).
    static let runtimeService = makeService()

    @inline(never)
    private static func makeService() -> Service { Service() }

    /// Takes and drops one strong reference to the shared instance, as a resolve that returns it does: a retain and a
    /// release of the one shared reference count, the traffic two threads resolving one class singleton cannot avoid.
    ///
    /// Unoptimised on purpose: optimised, the retain is removed (the function returns its result guaranteed).
    @inline(never) @_optimize(none)
    static func retainAndRelease() {
        let object = runtimeService
        blackHoleReference(object)
    }

    @inline(never) @_optimize(none)
    private static func blackHoleReference(_ object: Service) {}
}
