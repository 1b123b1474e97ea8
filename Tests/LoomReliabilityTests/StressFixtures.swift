import LoomCore
import LoomKeys

/// A cached service whose `serial` says which construction made it (1 for the first).
final class StressSingleton: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// Held only weakly by its `.shared` registration.
final class StressShared: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// Rebuilt after each invalidation of its `ManagedScope`.
final class StressManaged: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// A parameterised singleton: one instance per key.
final class StressKeyed: Sendable {
    let key: Int
    init(key: Int) { self.key = key }
}

/// A singleton built from other registrations, so cached construction re-enters the engine.
final class StressComposite: Sendable {
    let singleton: StressSingleton
    let keyed: StressKeyed
    init(singleton: StressSingleton, keyed: StressKeyed) {
        self.singleton = singleton
        self.keyed = keyed
    }
}

/// A singleton of the declarative container; re-evaluation must carry it over, never rebuild it.
final class DeclarativeSingleton: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// What a lane (stress thread) registered: which lane and its how-manieth registration.
struct LaneValue: Sendable, Equatable {
    let lane: Int
    let serial: Int
}

/// What the `.instance` registration whose factory reads configuration saw.
struct ConfReading: Sendable {
    let value: Int
}

/// Overridden task-locally by the stress lanes; its root value is never set, so outside an override every read
/// must see the default.
enum StressConfKey: ConfKey {
    static let defaultValue: Int! = -1
}

/// The `InjectedValues` counterpart of ``StressConfKey``.
enum StressInjectionKey: InjectionKey {
    static let defaultValue = -1
}

extension InjectedValues {
    var stressValue: Int {
        get { Self[StressInjectionKey.self] }
        set { Self[StressInjectionKey.self] = newValue }
    }
}

/// One configuration key per stress lane, whose root value only that lane sets: a lost update
/// (Documentation/Design/seed-behaviours.md#root-values-never-lost) shows up as a lane reading back something other
/// than what it just wrote.
protocol StressLaneKey: ConfKey where Value == Int {}

enum StressLane0: StressLaneKey { static let defaultValue: Int! = 0 }
enum StressLane1: StressLaneKey { static let defaultValue: Int! = 0 }
enum StressLane2: StressLaneKey { static let defaultValue: Int! = 0 }
enum StressLane3: StressLaneKey { static let defaultValue: Int! = 0 }
enum StressLane4: StressLaneKey { static let defaultValue: Int! = 0 }
enum StressLane5: StressLaneKey { static let defaultValue: Int! = 0 }
enum StressLane6: StressLaneKey { static let defaultValue: Int! = 0 }
enum StressLane7: StressLaneKey { static let defaultValue: Int! = 0 }

let stressLaneKeys: [any StressLaneKey.Type] = [
    StressLane0.self, StressLane1.self, StressLane2.self, StressLane3.self,
    StressLane4.self, StressLane5.self, StressLane6.self, StressLane7.self,
]

func setRootValue<Key: StressLaneKey>(_ value: Int, of key: Key.Type) {
    Conf.setRootValue(value, for: key)
}

func currentValue<Key: StressLaneKey>(of key: Key.Type) -> Int {
    Conf[key]
}
