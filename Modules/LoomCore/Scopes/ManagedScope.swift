internal import LoomRuntime

/// A receipt for an invalidation callback registered with a ``ManagedDependencyScopeProviding`` provider.
///
/// ```swift
/// let receipt = provider.onScopeInvalidated { print("invalidated") }
/// receipt.cancel()
/// ```
public protocol ManagedDependencyScopeReceipt: Sendable {
    /// Stops the callback; it is not called again.
    func cancel()
}

/// A source of invalidations for ``DependencyScope/managed(_:)`` registrations.
///
/// Loom registers one callback per registration using the scope and cancels it when the registration goes away.
/// Call every registered callback when the scope ends (a user logs out, a session expires).
///
/// ```swift
/// final class PrincipalScope: ManagedDependencyScopeProviding {
///     private let scope = ManagedScope()
///     func onScopeInvalidated(perform action: @escaping @Sendable () -> Void) -> any ManagedDependencyScopeReceipt {
///         scope.onScopeInvalidated(perform: action)
///     }
///     func principalChanged() { scope.invalidate() }
/// }
/// ```
public protocol ManagedDependencyScopeProviding: AnyObject, Sendable {
    /// Registers `action` to run every time the scope is invalidated.
    ///
    /// - Parameter action: The callback; it may be called from any thread.
    /// - Returns: A receipt that cancels the callback.
    func onScopeInvalidated(perform action: @escaping @Sendable () -> Void) -> any ManagedDependencyScopeReceipt
}

/// A ready-made managed scope: registrations using it keep one instance until you call ``invalidate()``.
///
/// ```swift
/// let session = ManagedScope()
/// container.register(scope: .managed(session)) { UserSession() }
/// let first: UserSession = try container.resolve()
/// session.invalidate()
/// let second: UserSession = try container.resolve()   // a new instance
/// ```
public final class ManagedScope: ManagedDependencyScopeProviding {
    private let observers = LoomLock<[UInt: @Sendable () -> Void]>([:])
    private let nextIdentifier = AtomicCounter()

    /// Creates a scope with no observers.
    ///
    /// ```swift
    /// let session = ManagedScope()
    /// ```
    public init() {}

    /// Drops every instance cached under this scope; the next resolve of each builds a new one.
    ///
    /// ```swift
    /// session.invalidate()
    /// ```
    public func invalidate() {
        let actions = observers.withLock { Array($0.values) }
        for action in actions { action() }
    }

    /// Registers `action` to run on every ``invalidate()``.
    ///
    /// ```swift
    /// let receipt = session.onScopeInvalidated { print("session ended") }
    /// ```
    /// - Parameter action: The callback.
    /// - Returns: A receipt that removes the callback.
    public func onScopeInvalidated(perform action: @escaping @Sendable () -> Void) -> any ManagedDependencyScopeReceipt
    {
        let identifier = nextIdentifier.increment()
        observers.withLock { $0[identifier] = action }
        return Receipt { [weak self] in
            _ = self?.observers.withLock { $0.removeValue(forKey: identifier) }
        }
    }

    private struct Receipt: ManagedDependencyScopeReceipt {
        let onCancel: @Sendable () -> Void
        func cancel() { onCancel() }
    }
}

/// Invalidates its observers every time an asynchronous sequence produces an element.
final class AsyncSequenceScopeProvider: ManagedDependencyScopeProviding {
    private let scope: ManagedScope
    private let task: Task<Void, Never>

    init<Sequence: AsyncSequence & Sendable>(_ sequence: Sequence) {
        let scope = ManagedScope()
        self.scope = scope
        task = PendingInvalidations.shared.track(sequence, invalidating: scope) { $0.invalidate() }
    }

    deinit {
        task.cancel()
    }

    func onScopeInvalidated(perform action: @escaping @Sendable () -> Void) -> any ManagedDependencyScopeReceipt {
        scope.onScopeInvalidated(perform: action)
    }
}
