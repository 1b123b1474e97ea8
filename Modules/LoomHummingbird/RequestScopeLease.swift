internal import Hummingbird
internal import Logging
internal import LoomCore

/// One request's scope from the handler's start to the end of its response body, and the context that binds it.
///
/// Ending is idempotent (a scope closes once), so the paths that can end it — the body written, its write failing,
/// the handler throwing, the response dropped — need no flag between them.
final class RequestScopeLease: Sendable {
    let scope: RequestScope
    let context: ResolutionContext
    private let hookTimeout: Duration
    private let logger: Logger

    init(_ opened: (RequestScope, ResolutionContext), hookTimeout: Duration, logger: Logger) {
        (scope, context) = opened
        self.hookTimeout = hookTimeout
        self.logger = logger
    }

    deinit {
        // A response dropped before its body was written (the client went away first) still ends its scope; `async`
        // hooks then start in a task. A no-op when the scope has ended.
        scope.endAndRelease()
    }

    /// Ends the scope and awaits its release hooks; failures are logged to the request's logger.
    func end() async {
        for failure in await Release.perform(scope.end(), hookTimeout: hookTimeout) {
            logger.error("Release failed at the end of the request: \(failure)")
        }
    }
}
