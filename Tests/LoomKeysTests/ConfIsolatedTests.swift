import LoomCore
import LoomKeys
import LoomTestSupport
import Testing

/// A global actor of the tests, standing for an app's own (a database or a rendering actor).
@globalActor actor KeysActor {
    static let shared = KeysActor()
}

/// A value that lives on `KeysActor` and is deliberately not `Sendable`.
final class Slate {
    var marks: [String] = []
    let name: String
    init(_ name: String) { self.name = name }
}

@available(*, unavailable)
extension Slate: Sendable {}

/// Declares a `Slate` key on `KeysActor`, readable by key path as `\.<name>`; the `Tag` keeps tests apart.
///
/// Its conformance is isolated to `KeysActor`, as the macros declare it, so only `KeysActor` code can use the key.
@KeysActor
enum SlateKey<Tag>: @KeysActor ConfKeyIsolated {
    typealias Isolation = KeysActor
    typealias Value = Slate
    static var defaultValue: Slate! { Slate("default") }
}

/// A factory key on `KeysActor`: the factory need not be `Sendable`, it never leaves the actor.
@KeysActor
enum SlateFactoryKey: @KeysActor ConfKeyIsolated {
    typealias Isolation = KeysActor
    typealias Value = () -> Slate
    static let defaultValue: Value! = { Slate("made") }
}

/// A service key on `KeysActor` without a default.
@KeysActor
enum SlateServiceKey: @KeysActor ConfKeyIsolated {
    typealias Isolation = KeysActor
    typealias Value = Slate
    static let defaultValue: Slate! = nil
}

/// A service isolated to `KeysActor` (so `Sendable` itself) with one main instance.
@KeysActor
final class Clerk {
    var served = 0
}

@KeysActor
enum ClerkKey: @KeysActor ConfKeyIsolated {
    typealias Isolation = KeysActor
    typealias Value = Clerk
    static let defaultValue: Clerk! = Clerk()
}

extension Clerk: @KeysActor AutoInjectableIsolated {
    typealias AutoInjectionKey = ClerkKey
}

/// Counts how often `CountingSlateKey`'s default is built, and checks that it is built on `KeysActor`.
@KeysActor
enum SlateDefaults {
    static var builds: [String: Int] = [:]
}

@KeysActor
enum CountingSlateKey<Tag>: @KeysActor ConfKeyIsolated {
    typealias Isolation = KeysActor
    typealias Value = Slate
    static var defaultValue: Slate! {
        KeysActor.preconditionIsolated()
        SlateDefaults.builds["\(Tag.self)", default: 0] += 1
        return Slate("counted")
    }
}

/// A key whose conformance was written without its actor: only the run-time check protects it.
enum LooselyDeclaredKey: ConfKeyIsolated {
    typealias Isolation = KeysActor
    typealias Value = Int
    static var defaultValue: Int! { 1 }
}

/// A key isolated to the main actor through the generic protocol.
@MainActor
enum MainActorSlateKey: @MainActor ConfKeyIsolated {
    typealias Isolation = MainActor
    typealias Value = Slate
    static let defaultValue: Slate! = Slate("main")
}

enum SpellingsTag {}
enum RootsTag {}
enum OverridesTag {}
enum NestedTag {}
enum ChildTaskTag {}
enum ContextsTag {}
enum WrapperTag {}
enum OverlayTag {}
enum LazyTag {}
enum OnceTag {}
enum ResetTag {}

extension ConfKeys {
    var spellingsSlate: SlateKey<SpellingsTag>.Type { SlateKey<SpellingsTag>.self }
    var rootsSlate: SlateKey<RootsTag>.Type { SlateKey<RootsTag>.self }
    var overridesSlate: SlateKey<OverridesTag>.Type { SlateKey<OverridesTag>.self }
    var nestedSlate: SlateKey<NestedTag>.Type { SlateKey<NestedTag>.self }
    var childTaskSlate: SlateKey<ChildTaskTag>.Type { SlateKey<ChildTaskTag>.self }
    var contextsSlate: SlateKey<ContextsTag>.Type { SlateKey<ContextsTag>.self }
    var wrapperSlate: SlateKey<WrapperTag>.Type { SlateKey<WrapperTag>.self }
    var overlaySlate: SlateKey<OverlayTag>.Type { SlateKey<OverlayTag>.self }
    var resetSlate: SlateKey<ResetTag>.Type { SlateKey<ResetTag>.self }
    var slateFactory: SlateFactoryKey.Type { SlateFactoryKey.self }
    var slateService: SlateServiceKey.Type { SlateServiceKey.self }
    var clerk: ClerkKey.Type { ClerkKey.self }
    var looselyDeclared: LooselyDeclaredKey.Type { LooselyDeclaredKey.self }
    var mainActorSlate: MainActorSlateKey.Type { MainActorSlateKey.self }
}

// Everything here runs on `KeysActor`. The same reads from code not isolated to it do not compile: "global actor
// 'KeysActor'-isolated conformance of 'SlateKey<SpellingsTag>' to 'ConfKeyIsolated' cannot be used in nonisolated
// context" (or "… in main actor-isolated context"), and a type holding `@InjectedConf(\.wrapperSlate)` must itself be
// isolated to `KeysActor` to initialise it ("global actor 'KeysActor'-isolated default value in a nonisolated
// context").
@KeysActor
@Suite struct ConfIsolatedTests {
    @KeysActor
    struct Client {
        @InjectedConf(\.wrapperSlate) var slate: Slate
        @InjectedConf(\.slateFactory) var freshSlate: Slate
        @InjectedConf() var clerk: Clerk
        @InjectedConf(\.clerk) var clerkByKeyPath: Clerk
    }

    @Test func everySpellingReadsTheSameValueOnTheKeysActor() {
        let slate = Conf[\.spellingsSlate]
        #expect(slate.name == "default")
        #expect(Conf[key: SlateKey<SpellingsTag>.self] === slate)
        #expect(Conf[SlateKey<SpellingsTag>.self] === slate)
        #expect(Conf.value(for: \.spellingsSlate) === slate)
        #expect(Conf.value(for: SlateKey<SpellingsTag>.self) === slate)
        #expect(Conf.rootValue(for: \.spellingsSlate) === slate)
        slate.marks.append("written")
        #expect(Conf[\.spellingsSlate].marks == ["written"])
    }

    @Test func rootValuesAreGlobalToEveryTaskOnTheActor() async {
        let first = Slate("first")
        Conf.setRootValue(first, for: \.rootsSlate)
        #expect(Conf[\.rootsSlate] === first)
        #expect(await Task { @KeysActor in Conf[\.rootsSlate].name }.value == "first")
        Conf[rootValueFor: \.rootsSlate] = Slate("second")
        #expect(Conf.rootValue(for: SlateKey<RootsTag>.self).name == "second")
        Conf[rootValueForKey: SlateKey<RootsTag>.self] = Slate("third")
        #expect(Conf[rootValueFor: \.rootsSlate].name == "third")
        Conf.setRootValue(Slate("fourth"), for: SlateKey<RootsTag>.self)
        #expect(Conf[rootValueForKey: SlateKey<RootsTag>.self].name == "fourth")
    }

    @Test func overridesAreSeenInsideTheScopeOnlyAndNotInTheRootValue() async {
        let other = Slate("override")
        Conf.withValue(other, for: \.overridesSlate) {
            #expect(Conf[\.overridesSlate] === other)
            #expect(Conf.rootValue(for: \.overridesSlate) !== other)
        }
        Conf.withValue(other, for: SlateKey<OverridesTag>.self) {
            #expect(Conf[\.overridesSlate] === other)
        }
        await Conf.withValue(other, for: \.overridesSlate) {
            await Task.yield()
            #expect(Conf[\.overridesSlate] === other)
        }
        await Conf.withValue(other, for: SlateKey<OverridesTag>.self) {
            await Task.yield()
            #expect(Conf[\.overridesSlate] === other)
        }
        Conf.withValues {
            $0[\.overridesSlate] = other
        } operation: {
            #expect(Conf[\.overridesSlate] === other)
        }
        #expect(Conf[\.overridesSlate] !== other)
    }

    @Test func nestedOverridesComposeWithOtherKinds() {
        let outer = Slate("outer")
        Conf.withValue(outer, for: \.nestedSlate) {
            Conf.withValue(Slate("made here"), for: \.slateService) {
                #expect(Conf[\.nestedSlate] === outer)
                #expect(Conf[\.slateService].name == "made here")
            }
            Conf.withValues {
                #expect($0[\.nestedSlate] === outer)
                $0[\.nestedSlate] = nil
            } operation: {
                #expect(Conf[\.nestedSlate].name == "default")
            }
        }
    }

    @Test func childTasksInheritTheOverride() async {
        let other = Slate("inherited")
        await Conf.withValue(other, for: \.childTaskSlate) {
            let name = await Task { @KeysActor in Conf[\.childTaskSlate].name }.value
            #expect(name == "inherited")
            let detached = await Task.detached { @KeysActor in Conf[\.childTaskSlate].name }.value
            #expect(detached == "default")
        }
    }

    @Test func contextsHoldIsolatedValues() {
        var context = ConfContext.new()
        #expect(context[\.contextsSlate] == nil)
        let slate = Slate("context")
        context[\.contextsSlate] = slate
        #expect(context[SlateKey<ContextsTag>.self] === slate)
        let clerk = Clerk()
        context[autoInjectable: Clerk.self] = clerk
        #expect(context[autoInjectable: Clerk.self] === clerk)
        struct Reader {
            let context: ConfContext
            @KeysActor var slate: Slate { InjectedConf(\.contextsSlate, customContext: context).wrappedValue }
            @KeysActor var clerk: Clerk { InjectedConf<Clerk>(customContext: context).wrappedValue }
        }
        Conf.withValue(Slate("override"), for: \.contextsSlate) {
            #expect(Reader(context: context).slate === slate)
            #expect(Reader(context: context).clerk === clerk)
        }
        context[\.contextsSlate] = nil
        #expect(context[\.contextsSlate] == nil)
        #expect(Reader(context: context).slate.name == "default")
    }

    @Test func wrappersReadThroughAndFactoriesBuildAnew() async {
        let client = Client()
        #expect(client.slate === Conf[\.wrapperSlate])
        #expect(client.freshSlate !== client.freshSlate)
        #expect(client.freshSlate.name == "made")
        #expect(Conf[\.slateFactory]().name == "made")
        #expect(client.clerk === InjectedConf<Clerk>.value)
        #expect(client.clerkByKeyPath === client.clerk)
        let other = Slate("other")
        Conf.withValue(other, for: \.wrapperSlate) {
            #expect(client.slate === other)
        }
        let factory = { Slate("custom factory") }
        Conf.withValue(factory, for: \.slateFactory) {
            #expect(client.freshSlate.name == "custom factory")
        }
        let clerk = Clerk()
        InjectedConf<Clerk>.withValue(clerk) {
            #expect(client.clerk === clerk)
        }
        await InjectedConf<Clerk>.withValue(clerk) {
            await Task.yield()
            #expect(client.clerk === clerk)
        }
        #expect(client.clerk !== clerk)
    }

    @Test func aServiceKeyWithoutDefaultReturnsItsValueOnceSet() {
        Conf.withValue(Slate("scoped"), for: \.slateService) {
            #expect(Conf[\.slateService].name == "scoped")
        }
    }

    @Test func rootValuesSetInsideATestOverlayStayInIt() {
        let before = Conf[\.overlaySlate]
        // `ResolutionOverlay` is what `LoomTesting`'s `withTestDependencies` binds for a test.
        ResolutionOverlay(named: "test", visibility: .isolatedInstances).run {
            let inside = Slate("inside the test")
            Conf.setRootValue(inside, for: \.overlaySlate)
            #expect(Conf[\.overlaySlate] === inside)
            #expect(Conf[rootValueFor: \.overlaySlate] === inside)
            InjectedConf<Clerk>.rootValue = Clerk()
            Conf.resetRootValues()
            #expect(Conf[\.overlaySlate] === before)
        }
        #expect(Conf[\.overlaySlate] === before)
    }

    @Test func theDefaultIsBuiltLazilyOnceAndOnTheActor() {
        Conf.setRootValue(Slate("set first"), for: CountingSlateKey<LazyTag>.self)
        #expect(Conf[key: CountingSlateKey<LazyTag>.self].name == "set first")
        Conf.withValue(Slate("overridden"), for: CountingSlateKey<OnceTag>.self) {
            _ = Conf[key: CountingSlateKey<OnceTag>.self]
        }
        #expect(SlateDefaults.builds["\(LazyTag.self)"] == nil)
        #expect(SlateDefaults.builds["\(OnceTag.self)"] == nil)
        let first = Conf[key: CountingSlateKey<OnceTag>.self]
        #expect(Conf[key: CountingSlateKey<OnceTag>.self] === first)
        #expect(SlateDefaults.builds["\(OnceTag.self)"] == 1)
    }

    @MainActor
    @Test func theGenericProtocolAlsoServesTheMainActor() {
        let slate = Slate("main override")
        #expect(Conf[\.mainActorSlate].name == "main")
        Conf.withValue(slate, for: \.mainActorSlate) {
            #expect(Conf[\.mainActorSlate] === slate)
        }
    }

    @Test func resetRootValuesClearsIsolatedKeys() async {
        // Process-wide, so in a child process of its own (see ResetRootValuesTests).
        await #expect(processExitsWith: .success) {
            await Task { @KeysActor in
                Conf.setRootValue(Slate("root"), for: \.resetSlate)
                precondition(Conf[\.resetSlate].name == "root")
                Conf.resetRootValues()
                precondition(Conf[\.resetSlate].name == "default")
            }.value
        }
    }

    @Test func aWrapperCopiedOffItsActorTrapsInsteadOfRacing() async {
        await #expect(processExitsWith: .failure) {
            let wrapper = await Task { @KeysActor in InjectedConf(\.wrapperSlate) }.value
            _ = wrapper.wrappedValue.name
        }
    }

    @Test func aKeyWhoseConformanceIsNotIsolatedIsCheckedAtRunTime() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Conf[\.looselyDeclared]
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Incorrect actor executor assumption; expected 'LoomKeysTests.KeysActor' executor"))
        #expect(await Task { @KeysActor in Conf[\.looselyDeclared] }.value == 1)
    }
}
