import LoomKeys
import Testing

/// A main-actor value that is deliberately not `Sendable` (a plain mutable class used only on the main actor).
final class Screen {
    var title: String
    init(_ title: String) { self.title = title }
}

@available(*, unavailable)
extension Screen: Sendable {}

@MainActor
enum ScreenKey: ConfKeyMainActor {
    typealias Value = Screen
    static let defaultValue: Screen! = Screen("home")
}

@MainActor
enum ScreenFactoryKey: ConfKeyMainActor {
    typealias Value = @MainActor @Sendable () -> Screen
    static let defaultValue: Value! = { Screen("made") }
}

/// A main-actor service class (isolated, hence Sendable itself) that is auto-injectable.
@MainActor
final class Navigator {
    var path: [String] = []
}

@MainActor
enum NavigatorKey: ConfKeyMainActor {
    typealias Value = Navigator
    static let defaultValue: Navigator! = Navigator()
}

extension Navigator: AutoInjectableMainActor {
    typealias AutoInjectionKey = NavigatorKey
}

@MainActor
enum MainActorServiceKey: ConfKeyMainActor {
    typealias Value = Navigator
    static let defaultValue: Navigator! = nil
}

extension ConfKeys {
    var screen: ScreenKey.Type { ScreenKey.self }
    var screenFactory: ScreenFactoryKey.Type { ScreenFactoryKey.self }
    var navigator: NavigatorKey.Type { NavigatorKey.self }
    var mainActorService: MainActorServiceKey.Type { MainActorServiceKey.self }
}

// Everything here is main-actor code; the same reads from a nonisolated function or another actor do not compile
// ("main actor-isolated static subscript 'subscript(_:fileID:line:)' can not be referenced from a nonisolated
// context"), and a struct holding `@InjectedConf(\.screen)` must itself be main-actor isolated to initialise it.
@MainActor
@Suite(.serialized) struct ConfMainActorTests {
    @MainActor
    struct Client {
        @InjectedConf(\.screen) var screen: Screen
        @InjectedConf(\.screenFactory) var freshScreen: Screen
        @InjectedConf() var navigator: Navigator
        @InjectedConf(\.navigator) var navigatorByKeyPath
    }

    @Test func aNonSendableMainActorValueIsReadInjectedAndOverridden() async {
        let client = Client()
        #expect(client.screen === Conf[\.screen])
        #expect(client.screen === Conf[key: ScreenKey.self])
        #expect(client.screen === Conf[ScreenKey.self])
        #expect(client.screen === Conf.value(for: \.screen))
        #expect(client.screen.title == "home")
        let other = Screen("other")
        Conf.withValue(other, for: \.screen) {
            #expect(client.screen === other)
            #expect(Conf.rootValue(for: \.screen) !== other)
        }
        await Conf.withValue(other, for: ScreenKey.self) {
            await Task.yield()
            #expect(client.screen === other)
        }
        Conf.withValues {
            $0[\.screen] = other
        } operation: {
            #expect(Conf[\.screen] === other)
        }
        #expect(client.screen !== other)
    }

    @Test func mainActorRootValuesAndFactoriesWork() {
        let replacement = Screen("replacement")
        Conf.setRootValue(replacement, for: \.screen)
        #expect(Client().screen === replacement)
        #expect(Conf[rootValueFor: \.screen] === replacement)
        Conf[rootValueForKey: ScreenKey.self] = Screen("again")
        #expect(Conf.rootValue(for: ScreenKey.self).title == "again")
        let client = Client()
        #expect(client.freshScreen !== client.freshScreen)
        #expect(Conf[\.screenFactory]().title == "made")
    }

    @Test func mainActorAutoInjectableServiceHasStaticAccessors() async {
        let client = Client()
        #expect(client.navigator === InjectedConf<Navigator>.value)
        #expect(client.navigatorByKeyPath === client.navigator)
        let other = Navigator()
        InjectedConf<Navigator>.withValue(other) {
            #expect(client.navigator === other)
        }
        await InjectedConf<Navigator>.withValue(other) {
            await Task.yield()
            #expect(client.navigator === other)
        }
        let original = InjectedConf<Navigator>.rootValue
        InjectedConf<Navigator>.rootValue = other
        #expect(client.navigator === other)
        InjectedConf<Navigator>.rootValue = original
    }

    @Test func mainActorContextsHoldMainActorValues() {
        var context = ConfContext.new()
        #expect(context[\.screen] == nil)
        let screen = Screen("context")
        context[\.screen] = screen
        #expect(context[ScreenKey.self] === screen)
        let navigator = Navigator()
        context[autoInjectable: Navigator.self] = navigator
        #expect(context[autoInjectable: Navigator.self] === navigator)
        struct Reader {
            let context: ConfContext
            @MainActor var screen: Screen { InjectedConf(\.screen, customContext: context).wrappedValue }
            @MainActor var navigator: Navigator { InjectedConf<Navigator>(customContext: context).wrappedValue }
        }
        Conf.withValue(Screen("override"), for: \.screen) {
            #expect(Reader(context: context).screen === screen)
            #expect(Reader(context: context).navigator === navigator)
        }
        context[\.screen] = nil
        #expect(context[\.screen] == nil)
        #expect(Reader(context: context).screen.title == ScreenKey.defaultValue.title)
    }

    @Test func aMainActorServiceKeyWithoutDefaultReturnsItsValueOnceSet() {
        let navigator = Navigator()
        Conf.setRootValue(navigator, for: \.mainActorService)
        #expect(Conf[\.mainActorService] === navigator)
    }

    @Test func aMainActorWrapperCopiedOffTheMainActorTrapsInsteadOfRacing() async {
        await #expect(processExitsWith: .failure) {
            let wrapper = await MainActor.run { InjectedConf(\.screen) }
            await Task.detached { _ = wrapper.wrappedValue.title }.value
        }
    }
}
