// The types every library under test registers and resolves, so each one builds exactly the same objects.

/// A service resolved as a cached singleton.
final class Service: Sendable {
    let identifier: Int
    init(identifier: Int = 1) { self.identifier = identifier }
}

/// A value-type service, for the cases where a class's shared reference count would be the bottleneck.
struct ValueService: Sendable {
    let identifier: Int
}

/// A service built anew on every resolve.
final class TransientService: Sendable {
    let identifier: Int
    init(identifier: Int = 1) { self.identifier = identifier }
}

// A five-level chain of transient services, each needing the one below it.
final class ChainLevel1: Sendable {
    init() {}
}
final class ChainLevel2: Sendable {
    let next: ChainLevel1
    init(next: ChainLevel1) { self.next = next }
}
final class ChainLevel3: Sendable {
    let next: ChainLevel2
    init(next: ChainLevel2) { self.next = next }
}
final class ChainLevel4: Sendable {
    let next: ChainLevel3
    init(next: ChainLevel3) { self.next = next }
}
final class ChainLevel5: Sendable {
    let next: ChainLevel4
    init(next: ChainLevel4) { self.next = next }
}

/// Builds the chain by hand: the baseline for the depth-5 figure.
@inline(never)
func buildChainDirectly() -> ChainLevel5 {
    ChainLevel5(next: ChainLevel4(next: ChainLevel3(next: ChainLevel2(next: ChainLevel1()))))
}

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
        blackHole(object)
    }
}

// Ten distinct services for the registration figure: registering distinct types is what an app does at launch.
final class Registered0: Sendable { init() {} }
final class Registered1: Sendable { init() {} }
final class Registered2: Sendable { init() {} }
final class Registered3: Sendable { init() {} }
final class Registered4: Sendable { init() {} }
final class Registered5: Sendable { init() {} }
final class Registered6: Sendable { init() {} }
final class Registered7: Sendable { init() {} }
final class Registered8: Sendable { init() {} }
final class Registered9: Sendable { init() {} }
