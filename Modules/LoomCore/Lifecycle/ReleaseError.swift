/// The teardown hooks that failed while Loom released cached instances: one error for every hook that threw or did
/// not finish in time.
///
/// ``Container/shutdown(hookTimeout:fileID:line:)``, ``DependencyGraph/shutdown(hookTimeout:)`` and the `async`
/// ``Container/withScope(isolation:hookTimeout:operation:)`` throw it after every hook has run (or timed out) — one
/// failing hook never stops the others.
///
/// ```swift
/// do {
///     try await container.shutdown()
/// } catch let error as ReleaseError {
///     for failure in error.failures { print(failure) }   // Type[Database]: hook threw ConnectionError…
/// }
/// ```
public struct ReleaseError: Error, CustomStringConvertible, Sendable {
    /// One hook that failed.
    ///
    /// ```swift
    /// if case .timedOut = failure.reason { print("\(failure.registration) is still closing") }
    /// ```
    public struct Failure: Sendable, CustomStringConvertible {
        /// Why a hook failed.
        ///
        /// ```swift
        /// switch failure.reason {
        /// case .threw(let error): print(error)
        /// case .timedOut(let limit): print("gave up after \(limit)")
        /// }
        /// ```
        public enum Reason: Sendable {
            /// The hook threw `error`.
            case threw(any Error)
            /// The hook did not finish within `limit`; Loom stopped waiting for it (it may still be running).
            case timedOut(Duration)
        }

        /// The registration whose instance was released, as Loom names it (`Type[Database]`).
        public let registration: String
        /// What went wrong.
        public let reason: Reason

        /// `Type[Database]: the release hook threw …`.
        ///
        /// ```swift
        /// print(failure)
        /// ```
        public var description: String {
            switch reason {
            case .threw(let error): "\(registration): the release hook threw \(error)"
            case .timedOut(let limit): "\(registration): the release hook did not finish within \(limit)"
            }
        }
    }

    /// Every hook that failed, in the order the hooks ran.
    public let failures: [Failure]

    /// A headline, then one line per failed hook.
    ///
    /// ```swift
    /// print(error)   // 2 release hooks failed: …
    /// ```
    public var description: String {
        (["\(failures.count) release hook(s) failed:"] + failures.map { "- \($0)" }).joined(separator: "\n")
    }
}
