public import LoomMacros
import LoomTestSupport
import Testing

// Runtime checks of every key-macro form, using the expanded declarations.

/// A fixture of the test (public because the keys that name it are).
public protocol Database: Sendable {}
/// A fixture of the test (public because the keys that name it are).
public struct Postgres: Database {
    /// A fixture of the test (public because the keys that name it are).
    public init() {}
}

/// Thread-safe in practice but not marked `Sendable`: the case `unsafeNonIsolated:` is for.
public final class LegacyCache {
    let name: String
    /// A fixture of the test (public because the keys that name it are).
    public init(name: String) { self.name = name }
}

/// A main-actor value that is not `Sendable`.
public final class Canvas {
    var strokes = 0
    /// A fixture of the test (public because the keys that name it are).
    public init() {}
}

@available(*, unavailable)
extension Canvas: Sendable {}

/// A fixture of the test (public because the keys that name it are).
@MainActor
public final class Navigator {
    var path: [String] = []
    /// A fixture of the test (public because the keys that name it are).
    public init() {}
}

extension ConfKeys {
    #declareConfKey("flag", Bool.self, defaultValue: true)
    #declareConfKey("limit", Int.self, "LimitKey", defaultValue: 10)
    #declareConfKey(visibility: .internal, "internalLimit", Int.self, defaultValue: 3)
    #declareConfKey(visibility: DeclarationVisibility.internal, "qualifiedLimit", Int.self, defaultValue: 4)
    #declareConfKey(nil, Int.self, defaultValue: 1)
    #declareConfKey(nil, Int.self, defaultValue: 2)
    #declareServiceKey(nil, Postgres.self, "PostgresKey", defaultValue: Postgres())
    #declareConfKey("legacyCache", LegacyCache.self, unsafeNonIsolated: true, defaultValue: LegacyCache(name: "boxed"))
    #declareConfFactoryKey("counterValue", Int.self, defaultValue: { 7 })
    #declareServiceKey("database", (any Database).self, defaultValue: nil)
    #declareServiceKey("unsetDatabase", (any Database).self, defaultValue: nil)
    #declareServiceFactoryKey("databaseFactory", Postgres.self, defaultValue: { Postgres() })
    #declareConfKey("canvas", Canvas.self, on: MainActor.self, defaultValue: Canvas())
    #declareServiceKey("navigator", Navigator.self, on: MainActor.self, "NavigatorKey", defaultValue: Navigator())
    #declareConfFactoryKey("makeCanvas", Canvas.self, on: MainActor.self, defaultValue: { Canvas() })
}

extension Navigator: AutoInjectableMainActor {
    /// A fixture of the test (public because the keys that name it are).
    public typealias AutoInjectionKey = ConfKeys.NavigatorKey
}

// Nested key namespaces: a namespace is a Sendable struct with an accessor on ConfKeys; its keys live in an extension
// of it.
extension ConfKeys {
    struct AmazingNamespace: Sendable {}
    var amazingNamespace: AmazingNamespace { AmazingNamespace() }
}

extension ConfKeys.AmazingNamespace {
    #declareConfKey("myBool", Bool.self, defaultValue: true)
}

extension Conf {
    #declareConfAccessor(\.amazingNamespace.myBool, Bool.self)
    #declareConfAccessor(\.limit, Int.self, "maximum")
    #declareConfFactoryAccessor(\.counterValue, Int.self)
    #declareConfFactoryAccessor(\.databaseFactory, Postgres.self, "freshDatabase")
    #declareConfAccessor(\.canvas, Canvas.self, on: MainActor.self)
    #declareConfFactoryAccessor(\.makeCanvas, Canvas.self, on: MainActor.self, "newCanvas")
}

@Suite struct ConfKeyMacrosTests {
    @Test func declaredKeysReadTheirDefaultsByKeyPathAndKeyType() {
        #expect(Conf[\.flag])
        #expect(Conf[key: ConfKeys.ConfKey_flag.self])
        #expect(Conf[\.limit] == 10)
        #expect(Conf[key: ConfKeys.LimitKey.self] == 10)
        #expect(Conf[\.internalLimit] == 3)
        #expect(Conf[\.qualifiedLimit] == 4)
        let postgres: Postgres = Conf[key: ConfKeys.PostgresKey.self]
        #expect(type(of: postgres) == Postgres.self)
    }

    @Test func anUnsafeNonIsolatedKeyHoldsItsValueInABox() {
        #expect(Conf[\.legacyCache].value.name == "boxed")
        Conf.withValue(.init(LegacyCache(name: "override")), for: \.legacyCache) {
            #expect(Conf[\.legacyCache].value.name == "override")
        }
    }

    @Test func factoryKeysCallTheirFactory() {
        #expect(Conf[\.counterValue]() == 7)
        #expect(Conf.counterValue == 7)
        let calls = Counter()
        let factory: @Sendable () -> Int = { calls.increment() }
        Conf.withValue(factory, for: \.counterValue) {
            #expect(Conf.counterValue == 1)
            #expect(Conf.counterValue == 2)
        }
        struct Client {
            @InjectedConf(\.databaseFactory) var database: Postgres
        }
        _ = Client().database
        _ = Conf.freshDatabase
    }

    @Test func aServiceKeyWithoutDefaultReturnsItsValueOnceSet() {
        Conf.setRootValue(Postgres(), for: \.database)
        #expect(Conf[\.database] is Postgres)
    }

    @Test func readingAServiceKeyWithoutDefaultBeforeItIsSetFailsWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Conf[\.unsetDatabase]
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ConfKey_unsetDatabase has no value"))
    }

    @Test func keysInANestedNamespaceAreReadThroughTheNamespace() {
        #expect(Conf[\.amazingNamespace.myBool])
        #expect(Conf.myBool)
        Conf.withValue(false, for: \.amazingNamespace.myBool) {
            #expect(!Conf.myBool)
        }
        #expect(Conf.maximum == Conf[\.limit])
    }

    @MainActor
    @Test func mainActorKeysHoldNonSendableValuesOnTheMainActor() {
        @MainActor struct Screen {
            @InjectedConf(\.canvas) var canvas: Canvas
            @InjectedConf() var navigator: Navigator
            @InjectedConf(\.makeCanvas) var scratch: Canvas
        }
        let screen = Screen()
        screen.canvas.strokes += 1
        #expect(Conf.canvas.strokes == 1)
        #expect(Conf[\.canvas] === screen.canvas)
        #expect(screen.navigator === Conf[\.navigator])
        #expect(screen.scratch !== screen.scratch)
        #expect(Conf.newCanvas !== Conf.newCanvas)
        let other = Canvas()
        Conf.withValue(other, for: \.canvas) {
            #expect(screen.canvas === other)
        }
    }
}
