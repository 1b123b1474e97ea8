// The snippet of the section "Keys on other global actors" of the article "Migrating from GlobalConfModule"
// (Modules/Loom/Loom.docc/Articles/MigratingFromGlobalConfModule.md), compiled and run. Keep the two in step. It
// sits beside MigratingFromGlobalConfModuleTests.swift, which compiles the rest of the article, so that the two
// sections can change independently. The snippet's `connect` is private here.
import LoomMacros
import Testing

@globalActor actor DatabaseActor {
    static let shared = DatabaseActor()
}
final class ConnectionCache { var open: [String] = [] }  // need not be Sendable

extension ConfKeys {
    #declareServiceKey(
        visibility: .internal, "connectionCache", ConnectionCache.self, on: DatabaseActor.self, "ConnectionCacheKey",
        defaultValue: ConnectionCache())
}
extension ConnectionCache: @DatabaseActor AutoInjectableIsolated {
    typealias AutoInjectionKey = ConfKeys.ConnectionCacheKey
}

@DatabaseActor private func connect() {
    Conf[\.connectionCache].open.append("primary")
}

@Suite struct MigratingFromGlobalConfModuleGlobalActorsTests {
    @DatabaseActor @Test func aKeyOnYourOwnGlobalActorReplacesTheCopiedFiles() {
        connect()
        #expect(Conf[\.connectionCache].open == ["primary"])
        #expect(InjectedConf<ConnectionCache>.value === Conf[\.connectionCache])
    }
}
