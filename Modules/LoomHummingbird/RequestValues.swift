internal import Hummingbird
internal import Logging
internal import LoomCore

/// The values ``RequestScopeMiddleware`` provides in a request's scope — the `Request`, its ``ServerRequestID`` and
/// its `Logger` — kept as the request's own fields.
///
/// One object per request: the scope finds each value by comparing types, and the id is read from the logger only
/// when something resolves it.
final class RequestValues: ProvidedValues {
    private let request: Request
    private let logger: Logger

    init(request: Request, logger: Logger) {
        self.request = request
        self.logger = logger
    }

    func value<T>(as type: T.Type) -> T? {
        if T.self == Request.self { return request as? T }
        if T.self == Logger.self { return logger as? T }
        if T.self == ServerRequestID.self {
            return ServerRequestID(logger[metadataKey: "hb.request.id"]?.description ?? "") as? T
        }
        return nil
    }
}
