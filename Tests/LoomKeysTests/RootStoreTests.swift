import LoomKeys
import LoomTestSupport
import Testing

// Concurrent root-value updates of different keys all land
// (Documentation/Design/seed-behaviours.md#root-values-never-lost). 100 distinct key types come from pairs of ten tags
// (each generic instantiation is its own key).

protocol Digit: Sendable { static var value: Int { get } }
enum D0: Digit { static var value: Int { 0 } }
enum D1: Digit { static var value: Int { 1 } }
enum D2: Digit { static var value: Int { 2 } }
enum D3: Digit { static var value: Int { 3 } }
enum D4: Digit { static var value: Int { 4 } }
enum D5: Digit { static var value: Int { 5 } }
enum D6: Digit { static var value: Int { 6 } }
enum D7: Digit { static var value: Int { 7 } }
enum D8: Digit { static var value: Int { 8 } }
enum D9: Digit { static var value: Int { 9 } }

enum PairKey<Tens: Digit, Units: Digit>: ConfKey {
    typealias Value = Int
    static var defaultValue: Int! { -1 }
}

/// Reads and writes one of the 100 pair keys.
struct PairAccess: Sendable {
    let index: Int
    let set: @Sendable (Int) -> Void
    let get: @Sendable () -> Int

    init<Tens: Digit, Units: Digit>(_: Tens.Type, _: Units.Type) {
        index = Tens.value * 10 + Units.value
        set = { Conf.setRootValue($0, for: PairKey<Tens, Units>.self) }
        get = { Conf[key: PairKey<Tens, Units>.self] }
    }

    static let all: [PairAccess] = {
        let digits: [any Digit.Type] = [
            D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
        ]
        return digits.flatMap { tens in digits.map { units in PairAccess(tens, units) } }
    }()
}

enum RaceTag {}
enum RaceOtherTag {}
extension ConfKeys {
    var raceA: IntKey<RaceTag>.Type { IntKey<RaceTag>.self }
    var raceB: IntKey<RaceOtherTag>.Type { IntKey<RaceOtherTag>.self }
}

@Suite struct RootStoreTests {
    @Test func hundredConcurrentTasksSettingDifferentKeysLoseNoUpdate() async {
        let accesses = PairAccess.all
        #expect(Set(accesses.map(\.index)).count == 100)
        await withTaskGroup(of: Void.self) { group in
            for access in accesses {
                group.addTask { access.set(1_000 + access.index) }
            }
        }
        for access in accesses {
            #expect(access.get() == 1_000 + access.index)
        }
    }

    @Test func readsRacingRootWritesAlwaysSeeAWrittenValue() {
        onThreads(4) { index in
            for round in 0..<2_000 {
                if index < 2 {
                    if index == 0 {
                        Conf.setRootValue(round, for: \.raceA)
                    } else {
                        Conf.setRootValue(round, for: \.raceB)
                    }
                } else {
                    let value = Conf[\.raceA]
                    #expect(value == 42 || (0..<2_000).contains(value))
                    _ = Conf[\.raceB]
                }
            }
        }
        #expect(Conf[\.raceA] == 1_999)
        #expect(Conf[\.raceB] == 1_999)
    }
}
