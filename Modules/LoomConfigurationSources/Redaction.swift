internal import Configuration
internal import Foundation

/// How values appear in Loom's messages: as plain text, or `<redacted>` when secret.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
enum Redaction {
    /// What a secret value prints as.
    static let redacted = "<redacted>"

    /// `content` as text without its type: `30`, `a, b`, `16 bytes`.
    static func text(of content: ConfigContent) -> String {
        switch content {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        case .bytes(let value): "\(value.count) bytes"
        case .stringArray(let values): values.joined(separator: ", ")
        case .intArray(let values): values.map(String.init).joined(separator: ", ")
        case .doubleArray(let values): values.map { String($0) }.joined(separator: ", ")
        case .boolArray(let values): values.map(String.init).joined(separator: ", ")
        case .byteChunkArray(let values): values.map { "\($0.count) bytes" }.joined(separator: ", ")
        }
    }

    /// The types tried, in order, to show what a provider holds under a key it could not read as asked.
    private static let probes: [ConfigType] = [
        .string, .int, .double, .bool, .stringArray, .intArray, .doubleArray, .boolArray, .bytes, .byteChunkArray,
    ]

    /// What `snapshot` holds under `key`, as text (redacted when the binding or the provider says it is secret).
    static func found(in snapshot: any ConfigSnapshot, key: AbsoluteConfigKey, isSecret: Bool) -> String {
        for type in probes {
            guard let value = try? snapshot.value(forKey: key, type: type).value else { continue }
            return isSecret || value.isSecret ? redacted : text(of: value.content)
        }
        return isSecret ? redacted : "a value no configuration type reads"
    }

    /// `error` with every occurrence of `secrets` in a provider's reason replaced by `<redacted>`: a provider's
    /// message may quote its source, which can hold a secret Loom loaded before.
    static func scrub(_ error: ConfSourceError, secrets: [String]) -> ConfSourceError {
        guard case .providerFailed(let provider, var reason) = error else { return error }
        for secret in secrets where !secret.isEmpty {
            reason = reason.replacingOccurrences(of: secret, with: redacted)
        }
        return .providerFailed(provider: provider, reason: reason)
    }
}
