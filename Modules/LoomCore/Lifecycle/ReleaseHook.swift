public import LoomRuntime

/// What a registration's `onRelease` runs, type-erased: a synchronous or an `async` teardown hook.
@usableFromInline
package enum ReleaseHook: Sendable {
    /// Runs the hook on the instance in the box.
    case synchronous(@Sendable (InstanceBox) throws -> Void)
    /// Runs the `async` hook on the instance in the box.
    case asynchronous(@Sendable (InstanceBox) async throws -> Void)

    /// Erases a synchronous hook for `Value`.
    ///
    /// Inlinable, so that the closure is specialised where `Value` is known: reading the instance is then a type
    /// check and a load, where an unspecialised closure looked `Optional<Value>`'s metadata up and cast from `Any`.
    @inlinable
    package init<Value>(_ hook: @escaping @Sendable (Value) throws -> Void) {
        self = .synchronous { box in
            // The cache holds the registration's own value type; a weakly held instance may be gone.
            guard let value = box.checkedValue(as: Value.self) else { return }
            try hook(value)
        }
    }

    /// Erases an `async` hook for `Value`.
    @inlinable
    package init<Value>(_ hook: @escaping @Sendable (Value) async throws -> Void) {
        self = .asynchronous { box in
            guard let value = box.checkedValue(as: Value.self) else { return }
            try await hook(value)
        }
    }
}

/// A registration's release hook and the name its failures are reported under; shared by every cache of the
/// registration (its own, a test scope's, a request scope's).
@usableFromInline
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

    /// Runs a synchronous hook on `box` in place (a failure is logged); `false`, running nothing, when the hook is
    /// `async`.
    ///
    /// ```swift
    /// if !releaser.releaseSynchronously(box), let release = PendingRelease(box: box, releaser: releaser) {
    ///     pending.append(release)
    /// }
    /// ```
    package func releaseSynchronously(_ box: InstanceBox) -> Bool {
        guard case .synchronous(let run) = hook else { return false }
        do {
            try run(box)
        } catch {
            Release.report(.init(registration: registration, reason: .threw(error)), to: logTarget)
        }
        return true
    }
}

/// One instance that left its cache and whose hook has not run yet.
package struct PendingRelease: Sendable {
    /// The box holding the instance; a strong box keeps it alive until the hook ran.
    package let box: InstanceBox
    /// A weakly held instance, kept alive here from the moment it left its cache until its hook ran (its box alone
    /// would let it go, and the hook would then be skipped).
    private let weakInstance: (any AnyObject & Sendable)?
    package let releaser: Releaser

    /// The release of the instance in `box`; `nil` when the box holds it weakly and it is gone already.
    package init?(box: InstanceBox, releaser: Releaser) {
        if let weak = box.weakInstance {
            guard let instance = weak else { return nil }
            weakInstance = instance
        } else {
            weakInstance = nil
        }
        self.box = box
        self.releaser = releaser
    }
}
