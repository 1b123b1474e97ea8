import LoomCore
import LoomInjection
import LoomKeys
import LoomLookup
import LoomTestSupport
import Testing

/// `verify()` sees what lazily injected properties need: the instances it builds have their `@Injected`,
/// `@InjectedWeakly` and `@InjectedConf` properties resolved in the sandbox, as edges from the registration that
/// built them, and a property that cannot be injected is a defect at its file and line.
@Suite struct VerifyingInjectedPropertiesTests {
    final class Store: Sendable {}
    final class Delegate: Sendable {}
    struct Missing {}

    enum LimitKey: ConfKey {
        typealias Value = Int
        static let defaultValue: Int! = 20
    }
    enum UnsetKey: ConfKey {
        typealias Value = String
        static let defaultValue: String! = nil
    }

    final class Screen: Containerable, @unchecked Sendable {
        // The wrappers' storage is written once, in init; each wrapper synchronises itself.
        let container: Container
        @Injected var store: Store
        @InjectedWeakly var delegate: Delegate?
        @InjectedConf(\.verifyPropertiesLimit) var limit: Int
        init(_ container: Container) { self.container = container }
    }

    final class Broken: Containerable, @unchecked Sendable {
        // The wrapper's storage is written once, in init; the wrapper synchronises itself.
        let container: Container
        static let missingLine = #line + 1
        @Injected var missing: Missing
        static let unsetLine = #line + 1
        @InjectedConf(\.verifyPropertiesUnset) var unset: String
        @Injected var optional: Missing?
        init(_ container: Container) { self.container = container }
    }

    /// Pairs that need each other only lazily: building either never builds the other.
    final class Left: Containerable, @unchecked Sendable {
        // The wrapper's storage is written once, in init; the wrapper synchronises itself.
        let container: Container
        @Injected var right: Right
        init(_ container: Container) { self.container = container }
    }

    final class Right: Containerable, @unchecked Sendable {
        // The wrapper's storage is written once, in init; the wrapper synchronises itself.
        let container: Container
        @Injected var left: Left
        init(_ container: Container) { self.container = container }
    }

    @Test func verifyRecordsTheRegistrationsInjectedPropertiesResolveAsEdges() {
        let container = Container(name: "verify-properties", logger: DisabledLogger())
        container.register(scope: .singleton) { Store() }
        container.register(scope: .singleton) { Delegate() }
        container.register { [unowned container] in Screen(container) }
        let report = Container.withLookupPolicy(.enclosingType()) { container.verify() }
        #expect(report.isHealthy, "\(report)")
        let edges = Set(report.edges.map(\.description))
        #expect(edges.contains("Type[Screen] → Type[Store]"))
        #expect(edges.contains("Type[Screen] → Type[Delegate]"))
        #expect(edges.contains { $0.hasPrefix("Type[Screen] → Conf[") && $0.contains("LimitKey") })
    }

    @Test func verifyReportsAPropertyThatCannotBeInjectedAtItsFileAndLine() throws {
        let container = Container(name: "verify-broken-properties", logger: DisabledLogger())
        container.register { [unowned container] in Broken(container) }
        let report = Container.withLookupPolicy(.enclosingType()) { container.verify() }
        let properties = report.defects.compactMap { defect -> (String, String)? in
            guard case .unresolvableProperty(_, let property, let location, _) = defect else { return nil }
            return (property, location)
        }
        let file = "LoomInjectionTests/VerifyingInjectedPropertiesTests.swift"
        #expect(properties.count == 2, "\(report)")
        #expect(properties.contains { $0 == ("@Injected var missing", "\(file):\(Broken.missingLine)") })
        #expect(properties.contains { $0 == ("@InjectedConf var unset", "\(file):\(Broken.unsetLine)") })
    }

    @Test func aLazyInjectedPairThatBreaksAConstructionCycleResolvesAndVerifiesWithoutACycle() throws {
        let container = Container(name: "verify-lazy-pair", logger: DisabledLogger())
        container.register(scope: .singleton) { [unowned container] in Left(container) }
        container.register(scope: .singleton) { [unowned container] in Right(container) }
        let left = try Container.withLookupPolicy(.enclosingType()) {
            let left: Left = try container.resolve()
            #expect(left.right.left === left)
            return left
        }
        _ = left
        let report = Container.withLookupPolicy(.enclosingType()) { container.verify() }
        #expect(report.isHealthy, "\(report)")
        let edges = Set(report.edges.map(\.description))
        #expect(edges.isSuperset(of: ["Type[Left] → Type[Right]", "Type[Right] → Type[Left]"]))
    }
}

extension ConfKeys {
    fileprivate var verifyPropertiesLimit: VerifyingInjectedPropertiesTests.LimitKey.Type {
        VerifyingInjectedPropertiesTests.LimitKey.self
    }
    fileprivate var verifyPropertiesUnset: VerifyingInjectedPropertiesTests.UnsetKey.Type {
        VerifyingInjectedPropertiesTests.UnsetKey.self
    }
}
