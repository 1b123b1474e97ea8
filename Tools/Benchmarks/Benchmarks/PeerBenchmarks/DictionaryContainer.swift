// The smallest container a team might write instead of adopting a library: one `Mutex` around one `Dictionary`,
// keyed by type and name, singletons built on first resolve. The registration-at-scale row compares Loom's
// per-registration cost with this one's.
import Synchronization

final class DictionaryContainer: Sendable {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let name: String
    }

    private final class Registration: @unchecked Sendable {  // `instance` is read and written only under `storage`.
        let factory: @Sendable () -> Any
        var instance: Any?

        init(factory: @escaping @Sendable () -> Any) { self.factory = factory }
    }

    private let storage = Mutex<[Key: Registration]>([:])

    /// Registers a singleton of `T` under `name`, replacing any earlier registration of the pair.
    func register<T>(_ type: T.Type = T.self, name: String, factory: @escaping @Sendable () -> T) {
        let registration = Registration(factory: factory)
        storage.withLock { $0[Key(type: ObjectIdentifier(type), name: name)] = registration }
    }

    /// The singleton of `T` registered under `name`, built by the first call; nil when nothing is registered.
    func resolve<T>(_ type: T.Type = T.self, name: String) -> T? {
        storage.withLock { registrations in
            guard let registration = registrations[Key(type: ObjectIdentifier(type), name: name)] else { return nil }
            if let instance = registration.instance { return instance as? T }
            let instance = registration.factory()
            registration.instance = instance
            return instance as? T
        }
    }
}
