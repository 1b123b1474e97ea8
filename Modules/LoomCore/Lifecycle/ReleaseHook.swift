/// What a registration's `onRelease` runs, type-erased: a synchronous or an `async` teardown hook.
@usableFromInline
package enum ReleaseHook: Sendable {
    case synchronous(@Sendable (Any) throws -> Void)
    case asynchronous(@Sendable (Any) async throws -> Void)

    /// Erases a synchronous hook for `Value`.
    package init<Value>(_ hook: @escaping @Sendable (Value) throws -> Void) {
        self = .synchronous { value in
            // The cache holds the registration's own value type.
            guard let value = value as? Value else { return }
            try hook(value)
        }
    }

    /// Erases an `async` hook for `Value`.
    package init<Value>(_ hook: @escaping @Sendable (Value) async throws -> Void) {
        self = .asynchronous { value in
            guard let value = value as? Value else { return }
            try await hook(value)
        }
    }
}

/// A registration's release hook and the name its failures are reported under; shared by every cache of the
/// registration (its own, a test scope's, a request scope's).
package final class Releaser: Sendable {
    package let hook: ReleaseHook
    /// The registration's key, as errors name it (`Type[Database]`).
    package let registration: String
    /// The registering container's log, for failures nobody awaits.
    package let logTarget: LogTarget

    package init(_ hook: ReleaseHook, registration: String, logTarget: LogTarget) {
        self.hook = hook
        self.registration = registration
        self.logTarget = logTarget
    }
}

/// One instance that left its cache and whose hook has not run yet.
package struct PendingRelease: @unchecked Sendable {
    // `value` is the instance of a cached registration with a hook: `onRelease` exists only for `Sendable` values.
    package let value: Any
    /// The instance's ``InstanceBox/releaseOrder``: higher ones are released first.
    package let order: UInt
    package let releaser: Releaser

    package init(value: Any, order: UInt, releaser: Releaser) {
        self.value = value
        self.order = order
        self.releaser = releaser
    }
}
