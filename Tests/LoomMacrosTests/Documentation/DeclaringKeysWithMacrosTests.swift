// The snippets of the article "Declaring keys with macros" (Modules/LoomMacros/LoomMacros.docc/Articles/
// DeclaringKeysWithMacros.md), compiled and run. Keep the two in step. The "expands to" blocks are compared with
// the macros' real expansion in LoomMacroExpansionsTests/Documentation/ArticleExpansionTests.swift.
//
// - The `database` service key is declared, identically, in ConfKeyMacrosTests.swift (same target); it is used
//   from there. Its `PostgresDatabase` is that file's `Postgres`.
// - Types that the generated public keys name (`Router`, `LegacyFormatter`, `DatabaseActor`, `ConnectionCache`) are
//   public, with a one-line doc comment, as this target's other fixtures; the namespace struct loses the article's
//   `public`. `Connection`, which the article does not declare, is declared here.
// - `print` is shadowed so that the test can read what the accessor snippet prints.
// - Root values are process-wide, so the snippets that set them run in a child process (exit tests).
import Foundation
public import LoomMacros
import LoomTestSupport
import Testing

private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PrintCapture.record(items, separator: separator)
}

// MARK: Overview

extension ConfKeys {
    #declareConfKey("retryCount", Int.self, defaultValue: 3)
}

// MARK: Where the macros go

extension ConfKeys {
    struct MyLib: Sendable {}
    var myLib: MyLib { MyLib() }
}
extension ConfKeys.MyLib {
    #declareConfKey("verbose", Bool.self, defaultValue: false)
}

// MARK: Choosing a macro

extension ConfKeys {
    #declareConfFactoryKey("requestID", String.self, defaultValue: { UUID().uuidString })
}

// MARK: The arguments

extension ConfKeys {
    #declareConfKey(visibility: .internal, "cacheSize", Int.self, "CacheSizeKey", defaultValue: 64)
}

// MARK: Naming the key type

// This `Clock` shadows the standard library's `Clock` protocol in this target, as it would in an app.
final class Clock: Sendable { func now() -> Double { 0 } }

extension ConfKeys {
    #declareServiceKey(visibility: .internal, "clock", Clock.self, "ClockKey", defaultValue: Clock())
}
extension Clock: AutoInjectable {
    typealias AutoInjectionKey = ConfKeys.ClockKey
}

private struct Scheduler {
    @InjectedConf() var clock: Clock
}

// MARK: Main-actor keys

/// A fixture of the article test (public because the key that names it is): a UI object, not `Sendable`.
@MainActor
public final class Router {
    var path: [String] = []
    /// Creates an empty router.
    public init() {}
    /// Shows `screen`.
    public func push(_ screen: String) { path.append(screen) }
}

extension ConfKeys {
    #declareServiceKey("router", Router.self, on: MainActor.self, "RouterKey", defaultValue: Router())
}

@MainActor private func showSettings() {
    Conf[\.router].push("settings")
}

// MARK: Keys isolated to a global actor: your own global actors

/// A fixture of the article test: a global actor of the app's own.
@globalActor public actor DatabaseActor {
    /// The actor's one instance.
    public static let shared = DatabaseActor()
}

/// A fixture of the article test (public because the key that names it is).
public final class ConnectionCache {  // not Sendable: it never leaves DatabaseActor
    var open: [String] = []
    /// Creates an empty cache.
    public init() {}
}

extension ConfKeys {
    #declareConfKey("connectionCache", ConnectionCache.self, on: DatabaseActor.self, defaultValue: ConnectionCache())
}

@DatabaseActor private func connect(_ name: String) {
    Conf[\.connectionCache].open.append(name)
}

@DatabaseActor private func openConnectionCount() -> Int {
    Conf[\.connectionCache].open.count
}

private func report() async {
    print("open connections:", await openConnectionCount())
}

/// A fixture of the article test (public because the key that names it is): a connection, not `Sendable`.
public final class Connection {
    /// Opens a connection.
    public init() {}
}

extension ConfKeys {
    #declareConfFactoryKey("makeConnection", Connection.self, on: DatabaseActor.self, defaultValue: { Connection() })
}
extension Conf {
    #declareConfAccessor(\.connectionCache, ConnectionCache.self, on: DatabaseActor.self)
    #declareConfFactoryAccessor(\.makeConnection, Connection.self, on: DatabaseActor.self, "newConnection")
}

@DatabaseActor private func reconnect() -> Connection {
    Conf.connectionCache.open.append("replica")
    return Conf.newConnection  // a new connection per read
}

// MARK: Non-Sendable values

/// A fixture of the article test (public because the key that names it is): thread-safe, not marked `Sendable`.
public final class LegacyFormatter {
    /// Creates a formatter.
    public init() {}
    /// Formats `value`.
    public func format(_ value: Int) -> String { "#\(value)" }
}

extension ConfKeys {
    #declareConfKey("formatter", LegacyFormatter.self, unsafeNonIsolated: true, defaultValue: LegacyFormatter())
}

// MARK: Conf accessors

extension Conf {
    #declareConfAccessor(\.retryCount, Int.self)
    #declareConfAccessor(\.myLib.verbose, Bool.self, "isVerbose")
    #declareConfFactoryAccessor(\.requestID, String.self)  // calls the factory on each read
}

// MARK: Declaring keys by hand

private enum RequestTimeoutKey: ConfKey {
    typealias Value = Double
    static let defaultValue: Double! = 30
}
extension ConfKeys {
    fileprivate var requestTimeout: RequestTimeoutKey.Type { RequestTimeoutKey.self }
}

@Suite struct DeclaringKeysWithMacrosTests {
    @Test func aKeyAndItsAccessorInOneLine() {
        let retries = Conf[\.retryCount]
        #expect(retries == 3)
        #expect(ConfKeys.ConfKey_retryCount.defaultValue == 3)
    }

    @Test func aNamespacedKey() {
        let verbose = Conf[\.myLib.verbose]
        #expect(!verbose)
    }

    @Test func aServiceKeyMustBeSetBeforeItIsRead() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Conf[\.database]
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ConfKey_database has no value"))
        #expect(output.contains("DeclaringKeysWithMacrosTests.swift"))  // the line of the read

        await #expect(processExitsWith: .success) {
            Conf.setRootValue(Postgres(), for: \.database)  // at start-up
            #expect(Conf[\.database] is Postgres)
        }
    }

    @Test func aFactoryKeyReturnsTheFactory() {
        struct Request {
            @InjectedConf(\.requestID) var requestID: String
        }
        let id = Conf[\.requestID]()
        #expect(id != Conf[\.requestID]())
        let request = Request()
        #expect(request.requestID != request.requestID)  // called on every read
    }

    @Test func theArgumentsInOrder() {
        #expect(ConfKeys.CacheSizeKey.defaultValue == 64)
        #expect(Conf[\.cacheSize] == 64)
    }

    @Test func aNamedKeyTypeMakesAServiceAutoInjectable() {
        let scheduler = Scheduler()
        #expect(scheduler.clock === Conf[\.clock])
        #expect(scheduler.clock.now() == 0)
    }

    @MainActor @Test func aMainActorKey() {
        showSettings()
        #expect(Conf[\.router].path.last == "settings")
    }

    @Test func aKeyOnYourOwnGlobalActor() async {
        await connect("primary")
        let printed = await PrintCapture.lines { await report() }
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("open connections: ") == true)
        let count = await openConnectionCount()
        #expect(count >= 1)
    }

    @DatabaseActor @Test func accessorsAndFactoriesOnYourOwnGlobalActor() {
        let first = reconnect()
        #expect(first !== reconnect())
        #expect(Conf.connectionCache.open.contains("replica"))
        #expect(Conf.connectionCache === Conf[\.connectionCache])
    }

    @Test func aNonSendableValueIsBoxed() {
        let formatter = Conf[\.formatter].value
        #expect(formatter.format(1) == "#1")
    }

    @Test func confAccessors() {
        let printed = PrintCapture.lines {
            Conf.withValue(true, for: \.myLib.verbose) {
                if Conf.isVerbose { print(Conf.retryCount, Conf.requestID) }
            }
        }
        let words = printed.first?.split(separator: " ") ?? []
        #expect(words.first == "3")
        #expect(words.count == 2 && UUID(uuidString: String(words[1])) != nil)
    }

    @Test func aKeyDeclaredByHand() {
        #expect(Conf[\.requestTimeout] == 30)
        Conf.withValue(5, for: \.requestTimeout) {
            #expect(Conf[\.requestTimeout] == 5)
        }
    }
}
