// The snippets of the article "Configuration keys" (Modules/LoomKeys/LoomKeys.docc/Articles/ConfigurationKeys.md),
// compiled and run, with the reading, setting and overriding rules the article lists. Keep the two in step. The
// article's key declarations are also those of LoomKeys' landing page (LoomKeysLandingPageTests.swift uses them).
// Root values are process-wide, so the tests that set them run in a child process (exit tests). The namespace
// struct loses the article's `public`: nothing outside this test target uses it. `print` is shadowed so that the test
// can read what the global-actor snippet prints; the test reads the other global-actor snippets on the actor.
import LoomKeys
public import LoomMacros
import LoomTestSupport
import Testing

private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PrintCapture.record(items, separator: separator)
}

extension ConfKeys {
    #declareConfKey("retryCount", Int.self, defaultValue: 3)
}

// MARK: Namespaces

extension ConfKeys {
    struct MyLib: Sendable {}
    var myLib: MyLib { MyLib() }
}
extension ConfKeys.MyLib {
    #declareConfKey("verbose", Bool.self, defaultValue: false)
}

// MARK: Keys on other global actors

@globalActor actor DatabaseActor {
    static let shared = DatabaseActor()
}

final class ConnectionCache {  // not Sendable
    var open: [String] = []
}

@DatabaseActor enum ConnectionCacheKey: @DatabaseActor ConfKeyIsolated {
    typealias Isolation = DatabaseActor
    typealias Value = ConnectionCache
    static let defaultValue: ConnectionCache! = ConnectionCache()
}
extension ConfKeys {
    var connectionCache: ConnectionCacheKey.Type { ConnectionCacheKey.self }
}

@DatabaseActor func connect(_ name: String) {
    Conf[\.connectionCache].open.append(name)
}

@DatabaseActor final class Pool {
    @InjectedConf(\.connectionCache) var cache: ConnectionCache
}

@DatabaseActor func testConnect() {
    Conf.withValue(ConnectionCache(), for: \.connectionCache) {
        connect("test")
        print(Pool().cache.open)  // ["test"]
    }
}

// MARK: The SwiftUI-environment spelling

private protocol Greeter: Sendable { var text: String { get } }
private struct Hello: Greeter { let text = "hello" }
private struct Ahoy: Greeter { let text = "ahoy" }
private enum GreeterKey: InjectionKey {
    static let defaultValue: any Greeter = Hello()
}
extension InjectedValues {
    fileprivate var greeter: any Greeter {
        get { Self[GreeterKey.self] }
        set { Self[GreeterKey.self] = newValue }
    }
}

@Suite struct ConfigurationKeysTests {
    @Test func theMacroDeclaresTheKeyAndItsAccessor() {
        // expands to `public enum ConfKey_retryCount: ConfKey` with `Value == Int` and a default of 3, and
        // `public var retryCount: ConfKey_retryCount.Type`.
        let keyPath: KeyPath<ConfKeys, ConfKeys.ConfKey_retryCount.Type> = \.retryCount
        _ = keyPath
        #expect(ConfKeys.ConfKey_retryCount.defaultValue == 3)
        #expect(Conf[\.retryCount] == 3)
    }

    @Test func aNamespacedKeyIsReadThroughTheNamespace() {
        let verbose = Conf[\.myLib.verbose]
        #expect(verbose == false)
        Conf.withValue(true, for: \.myLib.verbose) {
            #expect(Conf[\.myLib.verbose])
        }
    }

    @Test func everyReadSpellingReturnsTheCurrentValue() {
        Conf.withValue(5, for: \.retryCount) {
            #expect(Conf[\.retryCount] == 5)
            #expect(Conf[key: ConfKeys.ConfKey_retryCount.self] == 5)
            #expect(Conf[ConfKeys.ConfKey_retryCount.self] == 5)
            #expect(Conf.value(for: \.retryCount) == 5)
        }
    }

    @Test func overridesNestAndReachChildTasksButNotDetachedOnes() async {
        await Conf.withValue(1, for: \.retryCount) {
            Conf.withValue(true, for: \.myLib.verbose) {
                #expect(Conf[\.retryCount] == 1)  // an inner scope sees the outer overrides
                #expect(Conf[\.myLib.verbose])
            }
            #expect(await Task { Conf[\.retryCount] }.value == 1)
            #expect(await Task.detached { Conf[\.retryCount] }.value == 3)
        }
    }

    @Test func settingRootValues() async {
        await #expect(processExitsWith: .success) {
            Conf.setRootValue(7, for: \.retryCount)
            #expect(Conf[\.retryCount] == 7 && Conf.rootValue(for: \.retryCount) == 7)
            Conf[rootValueFor: \.retryCount] = 8
            #expect(Conf[\.retryCount] == 8)
            Conf[rootValueForKey: ConfKeys.ConfKey_retryCount.self] = 9
            #expect(Conf[\.retryCount] == 9)
            Conf.withValue(1, for: \.retryCount) {
                #expect(Conf.rootValue(for: \.retryCount) == 9, "rootValue ignores overrides")
            }
            Conf.resetRootValues()
            #expect(Conf[\.retryCount] == 3)
        }
    }

    @Test func insideAnOverrideScopeOnlyTheOverriddenKeysAreSnapshots() async {
        await #expect(processExitsWith: .success) {
            Conf.withValue(1, for: \.retryCount) {
                Conf.setRootValue(9, for: \.retryCount)
                Conf.setRootValue(true, for: \.myLib.verbose)
                #expect(Conf[\.retryCount] == 1, "an overridden key keeps its overridden value")
                #expect(Conf[\.myLib.verbose], "another key reads through to the new root value")
            }
        }
    }

    @Test func theEnvironmentSpellingSharesTheStore() async {
        #expect(InjectedValues[\.greeter].text == "hello")
        Conf.withValue(Ahoy(), for: GreeterKey.self) {
            #expect(InjectedValues[\.greeter].text == "ahoy")
        }
        await #expect(processExitsWith: .success) {
            InjectedValues[\.greeter] = Ahoy()
            #expect(Conf.rootValue(for: GreeterKey.self).text == "ahoy")
            Conf.setRootValue(Hello(), for: GreeterKey.self)
            #expect(InjectedValues[\.greeter].text == "hello")
        }
    }

    @DatabaseActor @Test func aKeyOnAnotherGlobalActorIsUsedOnThatActor() {
        connect("primary")
        #expect(Conf[\.connectionCache].open.contains("primary"))
        let printed = PrintCapture.lines { testConnect() }
        #expect(printed == [#"["test"]"#])
        #expect(!Conf[\.connectionCache].open.contains("test"))
        #expect(Pool().cache === Conf[\.connectionCache])
    }
}
