import BenchmarkFixtures
import Configuration
import Loom
import LoomConfigurationSources
import Synchronization

/// The bound key of `bound-conf-read`.
enum BoundTimeoutKey: ConfKey {
    typealias Value = Int
    static let defaultValue: Int! = 60
}

/// Its unbound twin, the baseline.
enum UnboundTimeoutKey: ConfKey {
    typealias Value = Int
    static let defaultValue: Int! = 60
}

extension ConfKeys {
    var boundTimeout: BoundTimeoutKey.Type { BoundTimeoutKey.self }
    var unboundTimeout: UnboundTimeoutKey.Type { UnboundTimeoutKey.self }
}

// 1 000 distinct key types: one per triple of digits.
protocol Digit: Sendable { static var value: Int { get } }
enum D0: Digit { static var value: Int { 0 } }
enum D1: Digit { static var value: Int { 1 } }
enum D2: Digit { static var value: Int { 2 } }
enum D3: Digit { static var value: Int { 3 } }
enum D4: Digit { static var value: Int { 4 } }
enum D5: Digit { static var value: Int { 5 } }
enum D6: Digit { static var value: Int { 6 } }
enum D7: Digit { static var value: Int { 7 } }
enum D8: Digit { static var value: Int { 8 } }
enum D9: Digit { static var value: Int { 9 } }
let digits: [any Digit.Type] = [
    D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
]

enum ReloadKey<A: Digit, B: Digit, C: Digit>: ConfKey {
    typealias Value = Int
    static var defaultValue: Int! { 0 }
    static var index: Int { A.value * 100 + B.value * 10 + C.value }
}

/// The sources, provider and container of the reload figure.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class ReloadFixture: Sendable {
    let provider: MutableInMemoryProvider
    let sources: ConfSources
    let container: Container
    let changedKey: AbsoluteConfigKey = "keys.k500"
    private let counter = Counter()

    init() {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for index in 0..<1_000 {
            values[AbsoluteConfigKey(["keys", "k\(index)"])] = .init(.int(index), isSecret: false)
        }
        provider = MutableInMemoryProvider(name: "reload", initialValues: values)
        let container = Container(name: "reload", logger: DisabledLogger())
        var bindings: [ConfBinding] = []
        func add<A: Digit, B: Digit, C: Digit>(_: A.Type, _: B.Type, _: C.Type) {
            let index = ReloadKey<A, B, C>.index
            bindings.append(ConfBinding(ReloadKey<A, B, C>.self, to: ConfigKey(["keys", "k\(index)"])))
            container.register(Int.self, alternative: RegistrationAlternative("k\(index)"), scope: .singleton) {
                Conf[key: ReloadKey<A, B, C>.self]
            }
        }
        func second<A: Digit>(_ a: A.Type, _ b: any Digit.Type) {
            func third<B: Digit>(_ b: B.Type) { for c in digits { add(a, b, c) } }
            third(b)
        }
        for a in digits {
            func first<A: Digit>(_ a: A.Type) { for b in digits { second(a, b) } }
            first(a)
        }
        sources = ConfSources(providers: [provider], bindings: bindings, logger: DisabledLogger())
        self.container = container
        do {
            try sources.apply()
            // Every singleton built once, so each key has one recorded dependent.
            for index in 0..<1_000 {
                _ = try container.resolve(Int.self, alternative: RegistrationAlternative("k\(index)"))
            }
        } catch {
            fatalError("\(error)")
        }
    }

    /// A value key 500 has not had yet.
    func nextValue() -> Int { 1_000 + counter.increment() }

    /// Key 500's dependent, rebuilt.
    func resolveChanged() throws -> Int {
        try container.resolve(Int.self, alternative: "k500")
    }
}

/// A thread-safe counter.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
enum ReloadFixtures {
    static let thousand = ReloadFixture()

    /// Sources that loaded `boundTimeout` (30) from a provider.
    static let boundSources: ConfSources = {
        let sources = ConfSources(
            providers: [InMemoryProvider(values: ["timeout": 30])],
            bindings: [ConfBinding(\.boundTimeout, to: "timeout")], logger: DisabledLogger())
        do { try sources.apply() } catch { fatalError("\(error)") }
        return sources
    }()
}
