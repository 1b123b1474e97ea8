import Foundation

/// A value behind a lock, as an app would write one (Loom's own lock is internal to the library).
public final class Locked<State>: @unchecked Sendable {
    // `state` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var state: State

    /// Creates a lock holding `state`.
    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
