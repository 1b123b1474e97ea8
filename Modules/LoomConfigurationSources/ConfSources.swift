public import Configuration
public import LoomCore
public import LoomKeys
internal import LoomRuntime

/// Loom configuration keys whose root values come from swift-configuration providers — environment variables,
/// command-line arguments, JSON or YAML files — and follow them when they change.
///
/// Give it the providers in precedence order (the first that has a key wins) and the ``ConfBinding``s saying which
/// Loom key reads which configuration key. ``apply()`` sets every bound key's root value from the providers' current
/// values (the key's default when none has it) in one atomic update; ``reload()`` asks the providers for fresh values
/// first; ``run()`` (a swift-service-lifecycle `Service`) follows the providers' changes until cancelled. After each
/// change, the cached instances whose factories read a changed key while they were built are dropped, and built again,
/// with the new values, on their next resolve; no other instance is. `DependencyGraph.changes` emits one
/// `.configurationChanged` element per update that changed something.
///
/// ```swift
/// extension ConfKeys {
///     #declareConfKey("httpTimeout", Int.self, defaultValue: 60)
/// }
/// let sources = ConfSources(
///     providers: [EnvironmentVariablesProvider(), try await FileProvider<JSONSnapshot>(filePath: "config.json")],
///     bindings: [ConfBinding(\.httpTimeout, to: "http.timeout")]
/// )
/// try sources.apply()
/// Conf[\.httpTimeout]   // HTTP_TIMEOUT, else http.timeout in config.json, else 60
/// ```
///
/// Bad input never stops the app: an update that finds a malformed file, a value of the wrong type or a required key
/// no provider has changes nothing (every key keeps its last good value), logs one error (``ConfSourceError``'s text,
/// secrets redacted), and throws that error to an explicit ``apply()`` or ``reload()``.
///
/// > Important: Apply before the first resolve of a service that reads a bound key: reads are recorded only once a
/// > key's value came from these sources. Each update replaces the root values of the bound keys (whatever
/// > `Conf.setRootValue` set); `Conf.withValue` overrides and `LoomTesting`'s test overrides still win inside their
/// > scopes. Inside a `withTestDependencies` scope, updates set that scope's root values only, like
/// > `Conf.setRootValue`.
/// > Factories that read `Conf.rootValue(for:)` are not recorded.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class ConfSources: Sendable {
    /// The providers, highest precedence first.
    ///
    /// ```swift
    /// let reader = ConfigReader(providers: sources.providers)   // read unbound keys from the same providers
    /// ```
    public let providers: [any ConfigProvider]
    /// The bindings, in the order given (a later binding of the same Loom key replaces an earlier one).
    ///
    /// ```swift
    /// sources.bindings.map(\.configKey.description)   // ["http.timeout"]
    /// ```
    public let bindings: [ConfBinding]
    /// How often ``run()`` calls ``reload()``, or `nil` to follow only the changes providers push.
    ///
    /// ```swift
    /// sources.pollInterval   // .seconds(15)
    /// ```
    public let pollInterval: Duration?
    /// Where failures and changes are logged; `nil` uses `LoomConfiguration.logger` at the time of logging.
    let logger: (any LoomLogger)?

    /// What the last successful update set, and the last failure logged.
    struct State {
        var values: [ObjectIdentifier: Resolved] = [:]
        var lastLoggedFailure: String?
    }

    /// One binding's value as resolved from the providers.
    struct Resolved {
        /// The provider's content, or `nil` for the key's default.
        let content: ConfigContent?
        let box: KeyValueBox
        let origin: ConfValueOrigin
        let isSecret: Bool
    }

    private let state = LoomLock(State())

    /// Creates sources over `providers` for `bindings`; nothing is read until ``apply()``, ``reload()`` or ``run()``.
    ///
    /// ```swift
    /// let sources = ConfSources(
    ///     providers: [EnvironmentVariablesProvider(environmentVariables: ["HTTP_TIMEOUT": "30"])],
    ///     bindings: [ConfBinding(\.httpTimeout, to: "http.timeout")]
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - providers: The providers, highest precedence first.
    ///   - bindings: Which Loom key reads which configuration key.
    ///   - pollInterval: How often ``run()`` reloads (re-reading files whose provider supports fetching, such as
    ///     `ReloadingFileProvider`); `nil` to follow only pushed changes.
    ///   - logger: Where failures and changes are logged; `nil` for `LoomConfiguration.logger`.
    public init(
        providers: [any ConfigProvider], bindings: [ConfBinding], pollInterval: Duration? = nil,
        logger: (any LoomLogger)? = nil
    ) {
        self.providers = providers
        var seen: Set<ObjectIdentifier> = []
        self.bindings = bindings.reversed().filter { seen.insert($0.id).inserted }.reversed()
        self.pollInterval = pollInterval
        self.logger = logger
    }

    // MARK: Updating

    /// Applies the providers' current values as the bound keys' root values, in one atomic update.
    ///
    /// Synchronous: it reads the snapshots the providers hold now and fetches nothing (``reload()`` fetches first).
    /// Each key gets the value of the first provider that has it, else its default. Keys whose value changed since
    /// the last update have their dependents (cached instances whose factories read them) dropped.
    ///
    /// ```swift
    /// let result = try sources.apply()
    /// print(result.changedKeys)
    /// ```
    ///
    /// - Returns: What changed.
    /// - Throws: ``ConfSourceError`` when a required key is missing or a value has the wrong type; then nothing
    ///   changes.
    @discardableResult
    public func apply() throws(ConfSourceError) -> ConfLoadResult {
        try apply(providers.map { $0.snapshot() }, providerFailures: [])
    }

    /// Applies the providers' current values as the bound keys' root values: the former name of ``apply()``.
    ///
    /// Renamed because "load" is Loom's word for the `async` resolve (`try await container.load()`), and this reads
    /// the providers' current snapshots synchronously.
    ///
    /// ```swift
    /// try sources.apply()   // was: try sources.load()
    /// ```
    ///
    /// - Returns: What changed.
    /// - Throws: ``ConfSourceError``, as ``apply()`` does.
    @available(*, deprecated, renamed: "apply()")
    @discardableResult
    public func load() throws(ConfSourceError) -> ConfLoadResult {
        try apply()
    }

    /// Asks every provider for fresh values (a `ReloadingFileProvider` re-reads its file if it changed), then applies
    /// them.
    ///
    /// ```swift
    /// try await sources.reload()   // after rewriting config.json
    /// ```
    ///
    /// - Returns: What changed.
    /// - Throws: ``ConfSourceError`` when a provider fails (a file that no longer parses), a required key is missing
    ///   or a value has the wrong type; then nothing changes.
    @discardableResult
    public func reload() async throws(ConfSourceError) -> ConfLoadResult {
        var failures: [ConfSourceError] = []
        for provider in providers {
            for binding in bindings {
                do {
                    _ = try await provider.fetchValue(forKey: binding.configKey, type: binding.type)
                } catch {
                    // A value of the wrong type fails the snapshot's lookup too, and the update reports it with the
                    // value; a failure the current snapshot does not share is the provider's own.
                    if (try? provider.snapshot().value(forKey: binding.configKey, type: binding.type)) != nil {
                        failures.append(.providerFailed(provider: provider.providerName, reason: failureText(error)))
                        break
                    }
                }
            }
        }
        return try apply(providers.map { $0.snapshot() }, providerFailures: failures)
    }

    // MARK: Inspecting

    /// Every bound key's value as last applied, in binding order, secrets redacted; empty before the first update.
    ///
    /// ```swift
    /// for value in sources.values { print(value) }   // http.timeout = 30 (EnvironmentVariablesProvider (HTTP_TIMEOUT))
    /// ```
    public var values: [ConfBoundValue] {
        Self.boundValues(of: bindings, state.withLock { $0.values })
    }

    /// What ``apply()`` would set now, without setting anything: the providers' current values, checked.
    ///
    /// Use it to validate configuration before applying it, or to show it (a tool's `config` command) without
    /// touching the process-wide root values.
    ///
    /// ```swift
    /// let preview = try sources.preview()
    /// preview.value(for: \.httpTimeout)   // 30
    /// ```
    ///
    /// - Returns: Every bound key's value and origin.
    /// - Throws: ``ConfSourceError``, as ``apply()`` would.
    public func preview() throws(ConfSourceError) -> ConfPreview {
        let snapshots = providers.map { $0.snapshot() }
        var resolved: [ObjectIdentifier: Resolved] = [:]
        var problems: [ConfSourceError] = []
        for binding in bindings {
            switch Self.resolve(binding, in: snapshots) {
            case .success(let value): resolved[binding.id] = value
            case .failure(let error): problems.append(error)
            }
        }
        guard problems.isEmpty else { throw problems.count == 1 ? problems[0] : .several(problems) }
        return ConfPreview(resolved: resolved, values: Self.boundValues(of: bindings, resolved))
    }

    /// The printable values of `bindings` in `resolved`, in binding order, secrets redacted.
    static func boundValues(of bindings: [ConfBinding], _ resolved: [ObjectIdentifier: Resolved]) -> [ConfBoundValue] {
        bindings.compactMap { binding in
            guard let value = resolved[binding.id] else { return nil }
            let text =
                value.isSecret
                ? Redaction.redacted : value.content.map(Redaction.text(of:)) ?? binding.describe(value.box)
            return ConfBoundValue(
                key: binding.configKey.description, value: text, origin: value.origin, isSecret: value.isSecret)
        }
    }

    /// Where the bound key named by `keyPath` got its current value, or `nil` if it is not bound here or not applied.
    ///
    /// ```swift
    /// sources.origin(of: \.httpTimeout)   // .provider(name: "EnvironmentVariablesProvider", lookedUpAs: "HTTP_TIMEOUT")
    /// ```
    ///
    /// - Parameter keyPath: The key's path in `ConfKeys`.
    /// - Returns: The value's origin.
    public func origin<K: ConfKey>(of keyPath: KeyPath<ConfKeys, K.Type>) -> ConfValueOrigin? {
        state.withLock { $0.values[ObjectIdentifier(K.self)]?.origin }
    }

    // MARK: Publishing

    /// Resolves every binding from `snapshots` and, if all resolve, publishes the changed values as one update, then
    /// drops their dependents and reports the change.
    func apply(_ snapshots: [any ConfigSnapshot], providerFailures: [ConfSourceError]) throws(ConfSourceError)
        -> ConfLoadResult
    {
        // The replaced values are released after the lock: a value's deinit is user code.
        var replaced: [ObjectIdentifier: Resolved] = [:]
        defer { withExtendedLifetime(replaced) {} }
        let outcome = state.withLock { state -> Result<[ConfBinding], Failure> in
            var problems = providerFailures.map { Redaction.scrub($0, secrets: secretTexts(state)) }
            var resolved: [ObjectIdentifier: Resolved] = [:]
            for binding in bindings {
                switch Self.resolve(binding, in: snapshots, previous: state.values[binding.id]) {
                case .success(let value): resolved[binding.id] = value
                case .failure(let error): problems.append(error)
                }
            }
            guard problems.isEmpty else {
                let error = problems.count == 1 ? problems[0] : .several(problems)
                let isNew = state.lastLoggedFailure != error.description
                state.lastLoggedFailure = error.description
                return .failure(Failure(error: error, shouldLog: isNew))
            }
            var boxes: [ObjectIdentifier: KeyValueBox?] = [:]
            var changed: [ConfBinding] = []
            for binding in bindings {
                guard let new = resolved[binding.id] else { continue }
                let previous = state.values[binding.id]
                // Same value (perhaps from another provider now): `resolve` kept the published box.
                if let previous, previous.box === new.box { continue }
                boxes[binding.id] = new.box
                // The first update publishes every key; it changes those a provider sets.
                if previous != nil || new.content != nil { changed.append(binding) }
            }
            BoundKeys.publish(boxes)
            replaced = state.values
            state.values = resolved
            state.lastLoggedFailure = nil
            return .success(changed)
        }
        switch outcome {
        case .failure(let failure):
            if failure.shouldLog {
                log(
                    "LoomConfigurationSources: a configuration update failed; every key keeps its last good value.\n"
                        + failure.error.description, level: .error)
            }
            throw failure.error
        case .success(let changed):
            guard !changed.isEmpty else { return ConfLoadResult(changedKeys: [], rebuiltInstances: 0, containers: []) }
            // A build that read the old values and is still running does not publish after the drop: it releases
            // its instance, and the next resolution builds from the new values.
            let invalidation = BoundKeys.invalidate(keys: changed.map(\.id))
            let keys = changed.map(\.configKey.description)
            let containers = invalidation.containers
            GraphEngine.shared.emit(
                DependencyGraphChange(kind: .configurationChanged, containers: containers, keys: keys))
            log(
                "LoomConfigurationSources: configuration changed: \(keys.joined(separator: ", ")); "
                    + "\(invalidation.entries.count) cached instance(s) to rebuild", level: .info)
            return ConfLoadResult(
                changedKeys: keys, rebuiltInstances: invalidation.entries.count, containers: containers)
        }
    }

    struct Failure: Error {
        let error: ConfSourceError
        let shouldLog: Bool
    }

    /// How a provider's failure reads in errors and logs.
    ///
    /// Its message — unless a secret key is bound or was applied: a message may quote the source line it failed on,
    /// which can hold a secret Loom never applied (a rotated password) and so cannot scrub. Then only the error's type
    /// is given; the provider's name says where.
    func failureText(_ error: any Error) -> String {
        let holdsSecrets =
            bindings.contains(where: \.isSecret) || state.withLock { $0.values.values.contains(where: \.isSecret) }
        guard holdsSecrets else { return "\(error)" }
        return "\(String(reflecting: type(of: error))) (its message is withheld: secret values are bound)"
    }

    /// The texts of the secret values applied so far, which a provider's error message must not repeat.
    private func secretTexts(_ state: State) -> [String] {
        bindings.compactMap { binding in
            guard let resolved = state.values[binding.id], resolved.isSecret else { return nil }
            return resolved.content.map(Redaction.text(of:)) ?? binding.describe(resolved.box)
        }
    }

    /// The value of `binding` in the first snapshot that has it, else its default.
    ///
    /// When the content is the one `previous` applied, its box is kept: neither converted nor allocated again.
    static func resolve(
        _ binding: ConfBinding, in snapshots: [any ConfigSnapshot], previous: Resolved? = nil
    ) -> Result<Resolved, ConfSourceError> {
        var key: String { binding.configKey.description }
        var searched: [String] = []
        for snapshot in snapshots {
            let provider = snapshot.providerName
            let lookup: LookupResult
            do {
                lookup = try snapshot.value(forKey: binding.configKey, type: binding.type)
            } catch {
                let found = Redaction.found(in: snapshot, key: binding.configKey, isSecret: binding.isSecret)
                return .failure(
                    .invalidValue(key: key, provider: provider, value: found, expected: binding.expected))
            }
            guard let value = lookup.value else {
                searched.append("\(provider): \(lookup.encodedKey)")
                continue
            }
            let isSecret = binding.isSecret || value.isSecret
            let origin = ConfValueOrigin.provider(name: provider, lookedUpAs: lookup.encodedKey)
            if let previous, previous.content == value.content {
                return .success(Resolved(content: value.content, box: previous.box, origin: origin, isSecret: isSecret))
            }
            guard let box = binding.box(value.content) else {
                let found = isSecret ? Redaction.redacted : Redaction.text(of: value.content)
                return .failure(
                    .invalidValue(key: key, provider: provider, value: found, expected: binding.expected))
            }
            return .success(Resolved(content: value.content, box: box, origin: origin, isSecret: isSecret))
        }
        if let previous, previous.content == nil {
            return .success(
                Resolved(content: nil, box: previous.box, origin: .defaultValue, isSecret: binding.isSecret))
        }
        guard let box = binding.defaultBox() else { return .failure(.missingValue(key: key, searched: searched)) }
        return .success(Resolved(content: nil, box: box, origin: .defaultValue, isSecret: binding.isSecret))
    }

    func log(_ message: String, level: LoomLogLevel, line: UInt = #line) {
        (logger ?? LoomConfiguration.logger).log(message, level: level, file: #fileID, function: #function, line: line)
    }
}
