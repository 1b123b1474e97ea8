import LoomKeys
import LoomTestSupport
import Testing

@Suite struct ConfTests {
    @Test func aKeyReadsItsDefaultByKeyPathAndByKeyType() {
        #expect(Conf[\.reads] == 42)
        #expect(Conf[key: IntKey<ReadsTag>.self] == 42)
        #expect(Conf[IntKey<ReadsTag>.self] == 42)
        #expect(Conf.value(for: \.reads) == 42)
        #expect(Conf.value(for: IntKey<ReadsTag>.self) == 42)
    }

    @Test func setRootValueIsSeenByEveryReadSpelling() {
        Conf.setRootValue(7, for: \.root)
        #expect(Conf[\.root] == 7)
        #expect(Conf[key: IntKey<RootTag>.self] == 7)
        #expect(Conf.rootValue(for: \.root) == 7)
        #expect(Conf.rootValue(for: IntKey<RootTag>.self) == 7)
        Conf.setRootValue(8, for: IntKey<RootTag>.self)
        #expect(Conf[\.root] == 8)
    }

    @Test func rootSubscriptsGetAndSetTheRootValue() {
        #expect(Conf[rootValueFor: \.rootSubscript] == 42)
        Conf[rootValueFor: \.rootSubscript] = 1
        #expect(Conf[\.rootSubscript] == 1)
        Conf[rootValueForKey: IntKey<RootSubscriptTag>.self] = 2
        #expect(Conf[rootValueForKey: IntKey<RootSubscriptTag>.self] == 2)
        #expect(Conf[\.rootSubscript] == 2)
    }

    @Test func rootValuesAreVisibleToOtherTasksAndThreads() async {
        await Task.detached { Conf.setRootValue(99, for: \.visible) }.value
        #expect(Conf[\.visible] == 99)
        let seen = Collected<Int>()
        onThreads(4) { _ in seen.append(Conf[\.visible]) }
        #expect(seen.all == [99, 99, 99, 99])
    }

    @Test func noDefaultIsBuiltWhenARootValueIsSetBeforeTheFirstRead() {
        let installed = Service("installed")
        Conf.setRootValue(installed, for: CountingKey<LazyRootTag>.self)
        #expect(Conf[key: CountingKey<LazyRootTag>.self] === installed)
        #expect(Conf.rootValue(for: CountingKey<LazyRootTag>.self) === installed)
        #expect(DefaultBuilds.lazyRoot.value == 0)
    }

    @Test func noDefaultIsBuiltWhenAnOverrideIsSetBeforeTheFirstRead() {
        let override = Service("override")
        Conf.withValue(override, for: CountingKey<LazyOverrideTag>.self) {
            #expect(Conf[key: CountingKey<LazyOverrideTag>.self] === override)
        }
        #expect(DefaultBuilds.lazyOverride.value == 0)
    }

    @Test func concurrentFirstReadsBuildAComputedDefaultOnce() {
        let seen = Collected<ObjectIdentifier>()
        onThreads(8) { _ in seen.append(ObjectIdentifier(Conf[key: CountingKey<ConcurrentTag>.self])) }
        #expect(DefaultBuilds.concurrent.value == 1)
        #expect(Set(seen.all).count == 1)
        _ = Conf[key: CountingKey<ConcurrentTag>.self]
        #expect(DefaultBuilds.concurrent.value == 1)
    }

    @Test func confIsSendable() {
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(Conf.self)
        requireSendable(ConfKeys.self)
        requireSendable(ConfContext.self)
        requireSendable(InjectedConf<Int>.self)
        requireSendable(InjectedConf<Service>.self)
    }
}
