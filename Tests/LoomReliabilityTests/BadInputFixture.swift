import LoomCore
import LoomTestSupport
import LoomTesting

protocol BadInputPricing: Sendable {}
protocol BadInputAuditing: Sendable {}
final class BadInputAccount: Sendable {}
final class BadInputLedger: Sendable {}
final class BadInputSession: Sendable {}
final class BadInputMonitor: Sendable {}
final class BadInputFixedPricing: BadInputPricing {}
final class BadInputDiscountPricing: BadInputPricing {}
/// Registered as conforming to ``BadInputAuditing``, which it does not.
final class BadInputNotAuditing: Sendable {}
final class BadInputKeyed: Sendable {
    let key: Int
    init(key: Int) { self.key = key }
}
struct BadInputFailure: Error {}
/// Never registered anywhere.
final class BadInputUnregistered: Sendable {}
/// Registered with an `async` factory, never loaded.
final class BadInputConnection: Sendable {}
/// Registered on the main actor; not `Sendable`.
final class BadInputViewModel {}
final class BadInputRequestContext: Sendable {}
/// Declared as a value each request scope brings (`Dependency.provided`).
struct BadInputRequestID: Sendable {}

/// A parent and a child container holding a registration of every scope, plus registrations made to fail.
///
/// The failing ones: an ambiguous protocol, a value that does not conform to its declared protocol, a failing
/// factory, a cycle. A sibling container shares one name with the child, so the graph finds that name twice.
///
/// The registrations declaring protocols (`conforms(to:)`) live in `aliasing`, a child of `container` used through
/// the container API only, so the graph's view of `container` stays exactly the set of names the graph cases probe.
///
/// Every cached instance that can be warmed is resolved once at creation and held here, so the state observed
/// before and after a bad input includes the identity of each cached instance (and `.shared` ones stay alive).
/// Names carry a per-fixture prefix because parameterised tests run in parallel against the one process-wide graph.
final class BadInputFixture: Sendable {
    private static let counter = Counter()

    let prefix: String
    let parent: Container
    let container: Container
    let sibling: Container
    let aliasing: Container
    let logger = CapturingLogger(minimumLevel: .warning)
    let managedScope = ManagedScope()
    private let warmInstances: [any AnyObject & Sendable]

    var countName: String { "\(prefix).count" }
    var duplicateName: String { "\(prefix).duplicate" }
    var failingName: String { "\(prefix).failing" }
    var missingInsideName: String { "\(prefix).missing-inside" }
    var cycleName: String { "\(prefix).cycle.a" }
    var otherCycleName: String { "\(prefix).cycle.b" }
    var keyedName: String { "\(prefix).keyed" }
    var sessionName: String { "\(prefix).session" }

    init() {
        let prefix = "reliability.bad\(Self.counter.increment())"
        self.prefix = prefix
        parent = Container(name: "\(prefix).parent", logger: DisabledLogger())
        container = Container(name: prefix, parent: parent, logger: logger)
        sibling = Container(name: "\(prefix).sibling", logger: DisabledLogger())
        aliasing = Container(name: "\(prefix).aliasing", parent: container, logger: DisabledLogger())
        let (parent, container, sibling, aliasing, managedScope) = (parent, container, sibling, aliasing, managedScope)

        parent.register(scope: .singleton) { BadInputLedger() }
        container.register(scope: .singleton) { BadInputAccount() }
        container.register(scope: .shared) { BadInputSession() }
        container.register(scope: .managed(managedScope)) { BadInputMonitor() }
        container.register { BadInputKeyed(key: -1) }
        container.register(scope: .singleton) { (key: Int) -> BadInputKeyed in BadInputKeyed(key: key) }
        container.register(scope: .singleton) { () async throws -> BadInputConnection in BadInputConnection() }
        container.register(on: MainActor.self, scope: .singleton) { BadInputViewModel() }
        container.register(scope: .scoped) { BadInputRequestContext() }
        container.add {
            Dependency.provided(BadInputRequestID.self)
            Dependency(named: "\(prefix).count") { 42 }
            Dependency(named: "\(prefix).duplicate") { 1 }
            Dependency(named: "\(prefix).session") { BadInputSession() }.scope(.singleton)
            Dependency(named: "\(prefix).keyed") { (key: Int) in BadInputKeyed(key: key) }.scope(.singleton)
            Dependency(named: "\(prefix).failing") { [weak container] () throws -> BadInputAccount in
                // Touches a warm singleton first: a failure after a successful nested resolution changes nothing.
                _ = try container?.resolve(BadInputAccount.self)
                throw BadInputFailure()
            }
            .scope(.singleton)
            Dependency(named: "\(prefix).missing-inside") { [weak container] () throws -> BadInputAccount in
                _ = try container?.resolve(BadInputUnregistered.self)
                return BadInputAccount()
            }
            .scope(.singleton)
            Dependency(named: "\(prefix).cycle.a") { [weak container] () throws -> BadInputLedger in
                _ = try container?.inject(byName: "\(prefix).cycle.b") as BadInputLedger?
                return BadInputLedger()
            }
            .scope(.singleton)
            Dependency(named: "\(prefix).cycle.b") { [weak container] () throws -> BadInputLedger in
                _ = try container?.inject(byName: "\(prefix).cycle.a") as BadInputLedger?
                return BadInputLedger()
            }
            .scope(.singleton)
        }
        sibling.add { Dependency(named: "\(prefix).duplicate") { 2 } }
        aliasing.add {
            Dependency { BadInputFixedPricing() }.conforms(to: (any BadInputPricing).self).scope(.singleton)
            Dependency { BadInputDiscountPricing() }.conforms(to: (any BadInputPricing).self).scope(.singleton)
            Dependency { BadInputNotAuditing() }.conforms(to: (any BadInputAuditing).self).scope(.singleton)
        }
        DependencyGraph.activate(container)
        DependencyGraph.activate(sibling)

        var warm: [any AnyObject & Sendable] = []
        do {
            warm.append(try parent.resolve(BadInputLedger.self))
            warm.append(try container.resolve(BadInputAccount.self))
            warm.append(try container.resolve(BadInputSession.self))
            warm.append(try container.resolve(BadInputMonitor.self))
            warm.append(try aliasing.resolve(BadInputFixedPricing.self))
            warm.append(try aliasing.resolve(BadInputDiscountPricing.self))
            for key in 0..<3 {
                warm.append(try container.inject(byType: BadInputKeyed.self, key))
                warm.append(try container.inject(byName: "\(prefix).keyed", key) as BadInputKeyed)
            }
            warm.append(try DependencyGraph.inject(byName: "\(prefix).session") as BadInputSession)
        } catch {
            preconditionFailure("warming the bad-input fixture failed: \(error)")
        }
        warmInstances = warm
    }

    /// Deactivates and empties the containers.
    func tearDown() {
        for container in [aliasing, container, sibling, parent] {
            DependencyGraph.deactivate(container)
            container.unlock()
            container.cleanup()
        }
    }

    /// Everything about the containers a bad input could change, observed without changing anything.
    struct State: Equatable, CustomStringConvertible {
        /// Each container's registrations with their cached boxes and construction claims (package hook).
        var snapshots: [RegistrySnapshot]
        var registrationCounts: [Int]
        var isResolvable: [String: Bool]
        /// The identity each warm cached instance resolves to now, by what was asked.
        var cachedIdentities: [String: ObjectIdentifier]
        var activeContainers: [Bool]

        var description: String {
            let registrations = snapshots.map(\.description).joined(separator: "\n--\n")
            return
                "\(registrations)\ncounts \(registrationCounts)\nresolvable \(isResolvable.sorted { $0.key < $1.key })"
                + "\ncached \(cachedIdentities.sorted { $0.key < $1.key })\nactive \(activeContainers)"
        }
    }

    func state() throws -> State {
        let containers = [parent, container, sibling, aliasing]
        let active = DependencyGraph.activeContainers
        var identities: [String: ObjectIdentifier] = [
            "Ledger": ObjectIdentifier(try container.resolve(BadInputLedger.self)),
            "Account": ObjectIdentifier(try container.resolve(BadInputAccount.self)),
            "Session": ObjectIdentifier(try container.resolve(BadInputSession.self)),
            "Monitor": ObjectIdentifier(try container.resolve(BadInputMonitor.self)),
            "FixedPricing": ObjectIdentifier(try aliasing.resolve(BadInputFixedPricing.self)),
            "graph session": ObjectIdentifier(try DependencyGraph.inject(byName: sessionName) as BadInputSession),
        ]
        for key in 0..<3 {
            identities["Keyed(\(key))"] = ObjectIdentifier(try container.inject(byType: BadInputKeyed.self, key))
            identities["keyed(\(key))"] = ObjectIdentifier(
                try container.inject(byName: keyedName, key) as BadInputKeyed)
        }
        return State(
            snapshots: containers.map(\.registry.snapshot),
            registrationCounts: containers.map(\.registrationCount),
            isResolvable: [
                "Ledger": container.isResolvable(BadInputLedger.self),
                "Account": container.isResolvable(BadInputAccount.self),
                "Account?": container.isResolvable(BadInputAccount?.self),
                "Session": container.isResolvable(BadInputSession.self),
                "Pricing": aliasing.isResolvable((any BadInputPricing).self),
                "Auditing": aliasing.isResolvable((any BadInputAuditing).self),
                "Keyed": container.isResolvable(BadInputKeyed.self),
                "Unregistered": container.isResolvable(BadInputUnregistered.self),
            ],
            cachedIdentities: identities,
            activeContainers: containers.map { container in active.contains { $0 === container } }
        )
    }
}
