internal import LoomCore
internal import LoomRuntime

/// An immutable table of main-actor key values; its contents are readable only on the main actor.
///
/// Main-actor key values need not be `Sendable`, so they never enter the Sendable root store. Being a main-actor
/// class, the table itself is `Sendable` (it can sit in a task-local or a lock from any thread), while the compiler
/// keeps its contents on the main actor.
@MainActor
final class MainActorValueTable {
    let values: [ObjectIdentifier: Any]

    init(values: [ObjectIdentifier: Any]) {
        self.values = values
    }

    /// A table with `value` stored for `id` (or `id` removed when `value` is `nil`); `table` may be absent.
    static func updating(_ table: MainActorValueTable?, _ id: ObjectIdentifier, to value: Any?) -> MainActorValueTable {
        var values = table?.values ?? [:]
        values[id] = value
        return MainActorValueTable(values: values)
    }
}

/// A main-actor key's root value set inside a test overlay; main-actor isolated, so the overlay may hold it from
/// any thread while only the main actor reads it.
@MainActor
final class MainActorValueBox {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}

/// Root values and built defaults of main-actor keys.
enum MainActorStore {
    /// The root values (`nil`: none).
    ///
    /// Behind a lock so that `Conf.resetRootValues()` can clear it from any thread.
    private static let roots = LoomLock<MainActorValueTable?>(nil)

    /// The root value of `id`, if set.
    ///
    /// Inside a test overlay, a value set inside it comes first.
    @MainActor
    static func rootValue(for id: ObjectIdentifier) -> Any? {
        if let overlay = ResolutionOverlay.active, let box = overlay.keyValue(for: id) as? MainActorValueBox {
            return box.value
        }
        return roots.withLock { $0 }?.values[id]
    }

    /// Sets (or with `nil`, removes) the root value of `id`; inside a test overlay, only for that overlay.
    @MainActor
    static func setRootValue(_ value: Any?, for id: ObjectIdentifier) {
        if let overlay = ResolutionOverlay.active {
            overlay.setKeyValue(value.map(MainActorValueBox.init), for: id)
            return
        }
        roots.withLock { $0 = MainActorValueTable.updating($0, id, to: value) }
    }

    /// Removes every main-actor root value.
    static func resetRootValues() {
        roots.withLock { $0 = nil }
    }

    /// The defaults built so far (main-actor code is serial, so no gate is needed to build each once).
    @MainActor private static var defaults: [ObjectIdentifier: Any] = [:]

    /// The cached default of `id`, building it with `makeDefault` the first time.
    @MainActor
    static func defaultValue(for id: ObjectIdentifier, makeDefault: () -> Any?) -> Any? {
        if let cached = defaults[id] { return cached }
        guard let built = makeDefault() else { return nil }
        defaults[id] = built
        return built
    }
}
