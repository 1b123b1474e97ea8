import Loom

// Types and keys shared by the LoomTesting tests. Live registrations sit in containers owned by these tests and are
// never activated in the graph, so other suites (which activate and deactivate graph containers) cannot disturb them.

protocol Greeter: Sendable {
    var index: Int { get }
}

struct IndexedGreeter: Greeter {
    let index: Int
}

/// A class with an identity, counting its instances.
final class Session: Sendable {
    let index: Int
    init(index: Int) { self.index = index }
}

/// Reads its greeter and provider through the property wrappers (the graph is the default lookup).
final class GreetingClient: @unchecked Sendable {
    // The wrappers synchronise themselves; their storage is written once, in init.
    @Injected var greeter: any Greeter
    @Injected(\.indexProvider) var provider: IndexProvider
}

struct IndexProvider: Sendable {
    let index: Int
}

struct IndexProviderKey: InjectionKey {
    static let defaultValue = IndexProvider(index: -1)
}

extension InjectedValues {
    var indexProvider: IndexProvider {
        get { Self[IndexProviderKey.self] }
        set { Self[IndexProviderKey.self] = newValue }
    }
}

enum TestIndexKey: ConfKey {
    static var defaultValue: Int! { -1 }
}

enum GreetingKey: ConfKey {
    static var defaultValue: String! { "hello" }
}

extension ConfKeys {
    var testIndex: TestIndexKey.Type { TestIndexKey.self }
    var greeting: GreetingKey.Type { GreetingKey.self }
}

/// A live container whose `.singleton` depends on whatever `any Greeter` the current scope provides.
let liveContainer = Container(name: "testing-live") {
    Dependency { () -> any Greeter in IndexedGreeter(index: -1) }
    Dependency { () throws -> Session in
        Session(index: try liveContainer.resolve((any Greeter).self).index)
    }
    .scope(.singleton)
}
