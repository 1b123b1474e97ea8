/// Why a ``ConfSources`` update changed nothing: a required key no provider has, a value of the wrong type, or a
/// provider that failed (a malformed file).
///
/// A failed update leaves every key at its last good value, and logs the same text as one error. Secret values never
/// appear: the `value` of ``invalidValue(key:provider:value:expected:)`` is `<redacted>` for them.
///
/// ```swift
/// do {
///     try sources.apply()
/// } catch {
///     print(error)   // Configuration key http.timeout has a value of the wrong type. …
/// }
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public enum ConfSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key declared without a default is in no provider.
    ///
    /// `searched` lists every provider in precedence order, each with the key as it looked it up
    /// (`EnvironmentVariablesProvider: API_TOKEN`).
    ///
    /// ```swift
    /// if case .missingValue(let key, let searched) = error { print(key, searched) }
    /// ```
    case missingValue(key: String, searched: [String])

    /// The first provider that has the key holds a value that does not read as the key's type.
    ///
    /// `value` is what the provider holds, as text (`<redacted>` when secret); `expected` names the type asked for.
    ///
    /// ```swift
    /// if case .invalidValue(let key, let provider, let value, _) = error { print(key, provider, value) }
    /// ```
    case invalidValue(key: String, provider: String, value: String, expected: String)

    /// A provider could not give its values (a file that no longer parses); its last good values stay.
    ///
    /// ```swift
    /// if case .providerFailed(let provider, let reason) = error { print(provider, reason) }
    /// ```
    case providerFailed(provider: String, reason: String)

    /// Several of the above, in binding order.
    ///
    /// ```swift
    /// if case .several(let errors) = error { errors.forEach { print($0) } }
    /// ```
    case several([ConfSourceError])

    /// The errors this one stands for: itself, or the ones ``several(_:)`` holds.
    ///
    /// ```swift
    /// for problem in error.problems { print(problem) }
    /// ```
    public var problems: [ConfSourceError] {
        if case .several(let errors) = self { return errors.flatMap(\.problems) }
        return [self]
    }

    /// A headline naming the key or provider, then `Key:` / `Found:` / `Searched:` lines and a remedy.
    ///
    /// ```swift
    /// print(ConfSourceError.missingValue(key: "api.token", searched: ["EnvironmentVariablesProvider: API_TOKEN"]))
    /// ```
    public var description: String {
        switch self {
        case .missingValue(let key, let searched):
            return """
                Configuration key \(key) is required and no provider has it.
                  Key: \(key)
                  Searched: \(searched.isEmpty ? "no providers" : searched.joined(separator: ", "))
                  Recovery: set it in one of these providers, or declare the Loom key with a default value.
                """
        case .invalidValue(let key, let provider, let value, let expected):
            return """
                Configuration key \(key) has a value of the wrong type in \(provider).
                  Key: \(key)
                  Expected: \(expected)
                  Found: \(value)
                  Recovery: fix the value in \(provider); the last good value stays in place meanwhile.
                """
        case .providerFailed(let provider, let reason):
            return """
                Configuration provider \(provider) failed to read its values.
                  Reason: \(reason)
                  Recovery: fix its source (a file that does not parse?); its last good values stay in place.
                """
        case .several(let errors):
            return errors.map(\.description).joined(separator: "\n")
        }
    }
}
