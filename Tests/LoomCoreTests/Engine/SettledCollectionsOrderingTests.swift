import LoomRuntime
import Testing

@testable import LoomCore

/// No remembered `[T]` answers while a change to settled answers is in progress.
///
/// A slot already emptied or a table already stored, the epoch not yet advanced: a thread that already sees the change
/// must not get a memo gathered before it. Checked in a child process, where no other test changes settled answers
/// meanwhile.
@Suite struct SettledCollectionsOrderingTests {
    @Test func noRememberedAnswerIsUsedOrStoredWhileAChangeIsInProgress() async {
        await #expect(processExitsWith: .success) {
            let container = Container(name: "memo.ordering", logger: DisabledLogger())
            container.add {
                Dependency { OrderingPlugin() }.conforms(to: (any OrderingPluginProtocol).self).scope(.singleton)
            }
            let keyID = TypeKey((any OrderingPluginProtocol).self)
            func remembered() -> [any OrderingPluginProtocol]? {
                SettledCollections.values(of: (any OrderingPluginProtocol).self, keyID: keyID, in: container.registry)
            }
            _ = try? container.inject() as [any OrderingPluginProtocol]
            #expect(remembered() != nil, "a settled answer is remembered")
            SettledChange.begin()
            #expect(remembered() == nil, "not used while a change is in progress")
            container.resetCachedInstances()
            _ = try? container.inject() as [any OrderingPluginProtocol]
            #expect(remembered() == nil, "not stored while a change is in progress")
            SettledChange.end()
            #expect(remembered() == nil, "the change dropped the memo")
            _ = try? container.inject() as [any OrderingPluginProtocol]
            #expect(remembered() != nil, "remembered again once the change ended")
        }
    }
}

protocol OrderingPluginProtocol: AnyObject, Sendable {}
final class OrderingPlugin: OrderingPluginProtocol {}
