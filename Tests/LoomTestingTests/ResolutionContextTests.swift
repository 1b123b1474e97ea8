import Foundation
import LoomCore
import LoomInjection
import LoomKeys
import LoomLookup
import LoomRuntime
import LoomTestSupport
import LoomTesting
import Testing

extension ConfKeys {
    enum ContextRetriesKey: ConfKey { static let defaultValue: Int! = 1 }
    var contextRetries: ContextRetriesKey.Type { ContextRetriesKey.self }
}

/// One task-local value, the resolution context, carries the test overlay, key overrides and the scoped lookup
/// policy: each scope is one push of a copy with its own field changed, and every reader finds all three in it.
@Suite struct ResolutionContextTests {
    private final class Greeting: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private struct FixedPolicy: ContainerLookupPolicy {
        let chosen: Container
        func container<Enclosing>(for instance: Enclosing, file: StaticString, function: StaticString, line: UInt)
            -> Container?
        { chosen }
    }

    @Test func onePushServesTheOverlayAKeyOverrideAndALookupPolicy() throws {
        let live = Container(logger: DisabledLogger())
        live.register { Greeting("live") }
        let policyContainer = Container(logger: DisabledLogger())
        let overlay = ResolutionOverlay(named: "one push", visibility: .isolatedInstances)
        overlay.container.register { Greeting("overridden") }
        let keyID = ObjectIdentifier(ConfKeys.ContextRetriesKey.self)
        let overrides = KeyOverrides(
            values: KeyValueTable([keyID: ValueBox(5, key: keyID)]), mainActorValues: nil)
        func inside() throws {
            let context = try #require(ResolutionContext.current)
            #expect(context.overlay === overlay)
            #expect(context.keyOverrides === overrides)
            #expect(try live.resolve(Greeting.self).text == "overridden")
            #expect(Conf[\.contextRetries] == 5)
            #expect((Container.lookupPolicy as? FixedPolicy)?.chosen === policyContainer)
        }
        try ResolutionContext.with(
            { fields in
                fields.overlay = overlay
                fields.keyOverrides = overrides
                fields.lookupPolicy = FixedPolicy(chosen: policyContainer)
            }, operation: inside)
        #expect(try live.resolve(Greeting.self).text == "live")
        #expect(Conf[\.contextRetries] == 1)
    }

    /// A request scope opened inside a test override and a lookup policy keeps both: its context is made from the
    /// one around it, so a `.scoped` registration the override replaces is built from the override's factory, once
    /// per scope, and the policy still answers.
    @Test func aRequestScopeKeepsTheOverrideAndThePolicyAroundIt() throws {
        let live = Container(logger: DisabledLogger())
        live.register(scope: .scoped) { Greeting("live") }
        let policyContainer = Container(logger: DisabledLogger())
        let (first, again, policy) = try withTestDependencies { overrides in
            overrides.register(scope: .scoped) { Greeting("overridden") }
        } operation: {
            try Container.withLookupPolicy(FixedPolicy(chosen: policyContainer)) {
                try live.withScope { scope in
                    (
                        try scope.resolve(Greeting.self), try live.resolve(Greeting.self),
                        Container.lookupPolicy as? FixedPolicy
                    )
                }
            }
        }
        #expect(first.text == "overridden")
        #expect(first === again)
        #expect(policy?.chosen === policyContainer)
        let outside = try live.withScope { scope in try scope.resolve(Greeting.self) }
        #expect(outside.text == "live")
    }

    /// An `async` factory runs in a context made from its loader's: the test override and the lookup policy around
    /// the load reach the factory's own resolutions, after an `await` too.
    @Test func anAsyncFactorySeesTheOverrideAndThePolicyAroundItsLoad() async throws {
        let live = Container(logger: DisabledLogger())
        live.register { Greeting("live") }
        live.register(alternative: "async") { () async throws -> Greeting in
            await Task.yield()
            let inner: Greeting = try live.resolve()
            let chosen = (Container.lookupPolicy as? FixedPolicy)?.chosen
            return Greeting("\(inner.text) \(chosen === live ? "policy" : "none")")
        }
        let loaded = try await withTestDependencies { overrides in
            overrides.register { Greeting("overridden") }
        } operation: {
            try await Container.withLookupPolicy(FixedPolicy(chosen: live)) {
                try await live.load(Greeting.self, alternative: "async")
            }
        }
        #expect(loaded.text == "overridden policy")
    }

    @Test func nestedScopesEachPushOneContextHoldingEverythingAroundThem() throws {
        let live = Container(logger: DisabledLogger())
        live.register { Greeting("live") }
        let policyContainer = Container(logger: DisabledLogger())
        func innermost() throws {
            // The innermost scope's context carries the two scopes around it as well.
            let context = try #require(ResolutionContext.current)
            #expect(context.overlay != nil)
            #expect(context.keyOverrides != nil)
            #expect(context.lookupPolicy != nil)
            #expect(try live.resolve(Greeting.self).text == "test")
            #expect(Conf[\.contextRetries] == 7)
            #expect((Container.lookupPolicy as? FixedPolicy)?.chosen === policyContainer)
        }
        let overrides: (Container) -> Void = { $0.register { Greeting("test") } }
        try withTestDependencies(.isolated, overrides) {
            try Conf.withValue(7, for: \.contextRetries) {
                try Container.withLookupPolicy(FixedPolicy(chosen: policyContainer), operation: innermost)
            }
        }
    }

    @Test func childTasksInheritTheContextAndDetachedOnesDoNot() async throws {
        await Conf.withValue(9, for: \.contextRetries) {
            #expect(await Task { Conf[\.contextRetries] }.value == 9)
            #expect(await Task.detached { Conf[\.contextRetries] }.value == 1)
        }
    }

    @Test func aSynchronousScopeIsSeenOnlyByItsOwnTaskEvenOnItsThread() {
        // A synchronous scope caches its context on the thread. A detached task started immediately runs on that very
        // thread, inside the scope's extent, and must see what the task-local gives it: nothing.
        Conf.withValue(3, for: \.contextRetries) {
            #expect(Conf[\.contextRetries] == 3)
            let seen = LoomLock<[Int]>([])
            Task.immediateDetached { seen.withLock { $0.append(Conf[\.contextRetries]) } }
            Task.immediate { seen.withLock { $0.append(Conf[\.contextRetries]) } }
            #expect(seen.withLock { $0 } == [1, 3])
            #expect(Conf[\.contextRetries] == 3)
        }
    }
}
