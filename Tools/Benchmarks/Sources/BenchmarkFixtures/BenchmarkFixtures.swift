// The types every library under test registers and resolves, so each one builds exactly the same objects.
//
// Initialisers are `@inlinable` so that a benchmark target builds these objects as it would build its own types,
// with no call across the module boundary.

/// A service resolved as a cached singleton.
public final class Service: Sendable {
    /// Tells instances apart in overrides.
    public let identifier: Int

    /// Creates a service.
    @inlinable public init(identifier: Int = 1) { self.identifier = identifier }
}

/// A value-type service, for the cases where a class's shared reference count would be the bottleneck.
public struct ValueService: Sendable {
    /// Tells instances apart.
    public let identifier: Int

    /// Creates a service.
    @inlinable public init(identifier: Int) { self.identifier = identifier }
}

/// A service built anew on every resolve.
public final class TransientService: Sendable {
    /// Tells instances apart.
    public let identifier: Int

    /// Creates a service.
    @inlinable public init(identifier: Int = 1) { self.identifier = identifier }
}

/// The bottom of a five-level chain of transient services, each needing the one below it.
public final class ChainLevel1: Sendable {
    /// Creates the bottom level.
    @inlinable public init() {}
}

/// The second level of the chain.
public final class ChainLevel2: Sendable {
    /// The level below.
    public let next: ChainLevel1

    /// Creates the level on top of `next`.
    @inlinable public init(next: ChainLevel1) { self.next = next }
}

/// The third level of the chain.
public final class ChainLevel3: Sendable {
    /// The level below.
    public let next: ChainLevel2

    /// Creates the level on top of `next`.
    @inlinable public init(next: ChainLevel2) { self.next = next }
}

/// The fourth level of the chain.
public final class ChainLevel4: Sendable {
    /// The level below.
    public let next: ChainLevel3

    /// Creates the level on top of `next`.
    @inlinable public init(next: ChainLevel3) { self.next = next }
}

/// The top of the chain.
public final class ChainLevel5: Sendable {
    /// The level below.
    public let next: ChainLevel4

    /// Creates the level on top of `next`.
    @inlinable public init(next: ChainLevel4) { self.next = next }
}

/// Builds the chain by hand: the baseline for the depth-5 figure.
@inline(never)
public func buildChainDirectly() -> ChainLevel5 {
    ChainLevel5(next: ChainLevel4(next: ChainLevel3(next: ChainLevel2(next: ChainLevel1()))))
}

// Ten distinct services for the registration figures: registering distinct types is what an app does at launch.

/// A service registered by the registration benchmarks.
public final class Registered0: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered1: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered2: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered3: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered4: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered5: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered6: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered7: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered8: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// A service registered by the registration benchmarks.
public final class Registered9: Sendable {
    /// Creates the service.
    @inlinable public init() {}
}

/// How many containers a registration sample fills with ten registrations each: 100, so that one sample is 1 000
/// registrations — the benchmarks' scaling factor, which makes every figure a per-registration one.
public let containersPerRegistrationSample = 100
