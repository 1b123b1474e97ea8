import LoomCore
import LoomKeys
import LoomTestSupport
import Testing

enum SnapshotLeftTag {}
enum SnapshotRightTag {}
enum SnapshotPublishedTag {}
enum SnapshotScopeTag {}
enum SnapshotDefaultTag {}

enum SnapshotServiceKey: InjectionKey {
    static let defaultValue = Service("default")
}

extension ConfKeys {
    var snapshotLeft: IntKey<SnapshotLeftTag>.Type { IntKey<SnapshotLeftTag>.self }
    var snapshotRight: IntKey<SnapshotRightTag>.Type { IntKey<SnapshotRightTag>.self }
    var snapshotPublished: IntKey<SnapshotPublishedTag>.Type { IntKey<SnapshotPublishedTag>.self }
}

/// Publishes `value` as the root value of both linked keys in one update, as a configuration reload does.
func publishPair(_ value: Int) {
    BoundKeys.publish([
        ObjectIdentifier(IntKey<SnapshotLeftTag>.self): BoundKeys.trackedBox(value, for: IntKey<SnapshotLeftTag>.self),
        ObjectIdentifier(IntKey<SnapshotRightTag>.self): BoundKeys.trackedBox(
            value, for: IntKey<SnapshotRightTag>.self),
    ])
}

@Suite struct ConfSnapshotTests {
    @Test func aSnapshotKeepsTheRootValuesPublishedWhenItWasTaken() {
        Conf.setRootValue(1, for: \.snapshotPublished)
        let before = Conf.snapshot()
        Conf.setRootValue(2, for: \.snapshotPublished)

        #expect(before[\.snapshotPublished] == 1)
        #expect(before[key: IntKey<SnapshotPublishedTag>.self] == 1)
        #expect(Conf.snapshot()[\.snapshotPublished] == 2)
    }

    @Test func overridesAndTestScopeValuesWinAsInAPlainRead() {
        Conf.withValue(7, for: IntKey<SnapshotScopeTag>.self) {
            #expect(Conf.snapshot()[key: IntKey<SnapshotScopeTag>.self] == 7)
        }
        ResolutionOverlay(named: "snapshot test", visibility: .isolatedInstances).run {
            Conf.setRootValue(9, for: IntKey<SnapshotScopeTag>.self)
            #expect(Conf.snapshot()[key: IntKey<SnapshotScopeTag>.self] == 9)
        }
        #expect(Conf.snapshot()[key: IntKey<SnapshotScopeTag>.self] == 42)
    }

    @Test func aKeyWithNoValueYetReadsItsDefaultAndInjectionKeysReadToo() {
        let snapshot = Conf.snapshot()
        #expect(snapshot[key: IntKey<SnapshotDefaultTag>.self] == 42)
        #expect(snapshot[key: SnapshotServiceKey.self] === SnapshotServiceKey.defaultValue)
    }

    @Test func twoKeysPublishedTogetherAreNeverReadHalfFromOneSnapshot() {
        publishPair(0)
        let mixed = Collected<String>()
        onThreads(4) { thread in
            if thread == 0 {
                for value in 1...2_000 { publishPair(value) }
                return
            }
            for _ in 0..<20_000 {
                let snapshot = Conf.snapshot()
                let (left, right) = (snapshot[\.snapshotLeft], snapshot[\.snapshotRight])
                if left != right { mixed.append("\(left)/\(right)") }
            }
        }
        #expect(mixed.all.isEmpty)
        #expect(Conf[\.snapshotLeft] == 2_000 && Conf[\.snapshotRight] == 2_000)
    }
}
