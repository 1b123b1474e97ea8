public import LoomRuntime

/// Something the lock-free front doors can probe: a container's registry chain, or the dependency graph's index.
///
/// Every resolution path — by type, alternative, name, value, with arguments, through an enclosing-object resolver —
/// computes its key's table hash from precomputed parts and a predicate recognising the key, probes once, and reads
/// the registration's published instance (or runs its factory) specialised in the caller's module. A request the
/// probe cannot serve (several candidates, another produced type, a verification sandbox) returns `nil` and takes the
/// general path, ``DependencySource``, which applies the same rules with full error reporting.
@usableFromInline
package protocol ProbeTarget {
    /// Enters a read section and finds the registration of a type's plain key.
    func probePlain(typeKey: TypeKey) -> ProbeResult
    /// Enters a read section and finds the registration named `name` (without parameters).
    func probeNamed(_ name: String, valueType: TypeKey) -> ProbeResult
    /// Enters a read section and finds the registration under `hash` that `matches`.
    func probe(hash: UInt, valueType: TypeKey, matching matches: (RegistrationKey) -> Bool) -> ProbeResult
}

extension Registry: ProbeTarget {}

/// The dependency graph's index as a ``ProbeTarget``: a value with no state, so the inlined front doors never
/// retain the shared engine (its probes reach it from non-generic code).
@usableFromInline @frozen
package struct GraphProbeTarget: ProbeTarget {
    @inlinable
    package init() {}

    @usableFromInline
    package func probePlain(typeKey: TypeKey) -> ProbeResult {
        GraphEngine.shared.probePlain(typeKey: typeKey)
    }

    @usableFromInline
    package func probeNamed(_ name: String, valueType: TypeKey) -> ProbeResult {
        GraphEngine.shared.probeNamed(name, valueType: valueType)
    }

    @usableFromInline
    package func probe(hash: UInt, valueType: TypeKey, matching matches: (RegistrationKey) -> Bool) -> ProbeResult {
        GraphEngine.shared.probe(hash: hash, valueType: valueType, matching: matches)
    }
}

// MARK: - Probing for a request

extension ProbeTarget {
    /// Probes for `T`'s registration located by type with `alternative` (no arguments).
    ///
    /// Specialised in the caller but not inlined into it, so the plain path's front door stays small.
    @inlinable @inline(never)
    package func probe<T>(_ type: T.Type, alternative: RegistrationAlternative) -> ProbeResult {
        let typeKey = TypeKey(T.self)
        let hash = TableHash.combine(typeKey.tableHash, alternative.tableHash)
        return probe(hash: hash, valueType: typeKey) { $0.matchesType(typeKey, alternative: alternative) }
    }

    /// Probes for `T`'s registration located by type (with `alternative`) taking arguments of `Parameter` types.
    @inlinable @inline(never)
    package func probe<T, each Parameter>(
        _ type: T.Type, alternative: RegistrationAlternative?, parameters: repeat (each Parameter).Type
    ) -> ProbeResult {
        let typeKey = TypeKey(T.self)
        var base = typeKey.tableHash
        if let alternative { base = TableHash.combine(base, alternative.tableHash) }
        let hash = RegistrationKey.parametersHash(base, repeat (each Parameter).self)
        return probe(hash: hash, valueType: typeKey) {
            $0.matchesParameters(typeKey: typeKey, alternative: alternative, repeat (each Parameter).self)
        }
    }

    /// Probes for the registration named `name` taking arguments of `Parameter` types (none: the plain name key).
    @inlinable @inline(__always)
    package func probe<T, each Parameter>(_ type: T.Type, name: String, parameters: repeat (each Parameter).Type)
        -> ProbeResult
    {
        let typeKey = TypeKey(T.self)
        if isEmptyPack(repeat (each Parameter).self) { return probeNamed(name, valueType: typeKey) }
        let hash = RegistrationKey.parametersHash(RegistrationKey.nameHash(name), repeat (each Parameter).self)
        return probe(hash: hash, valueType: typeKey) {
            $0.matchesParameters(name: name, repeat (each Parameter).self)
        }
    }

    /// Probes for the registration associated with `value`, taking arguments of `Parameter` types.
    @inlinable @inline(__always)
    package func probe<T, Value: Hashable & Sendable, each Parameter>(
        _ type: T.Type, value: Value, parameters: repeat (each Parameter).Type
    ) -> ProbeResult {
        let typeKey = TypeKey(T.self)
        // A thread resolving by a plain value or a short string it used a moment ago does not hash it again.
        let hashWord = AnySendableHashable.hashWord(of: Value.self, hashValue: ThreadHashMemo.hashValue(of: value))
        let hash = RegistrationKey.parametersHash(RegistrationKey.valueHash(hashWord), repeat (each Parameter).self)
        return probe(hash: hash, valueType: typeKey) {
            $0.matchesValue(value, hashWord: hashWord, repeat (each Parameter).self)
        }
    }
}

// MARK: - Synchronous answers

extension ProbeTarget {
    /// The value of `T`'s plain registration (located by type, no alternative, no arguments), or `nil` when only the
    /// general path can answer — the hottest path, kept small enough to inline.
    @inlinable @inline(__always)
    package func fastValue<T>(_ type: T.Type) throws -> T? {
        try probePlain(typeKey: TypeKey(T.self)).resolve(T.self)
    }

    /// The value of `T`'s registration located by type with `alternative`, or `nil` when only the general path can
    /// answer.
    @inlinable @inline(never)
    package func fastValue<T>(_ type: T.Type, alternative: RegistrationAlternative) throws -> T? {
        try probe(T.self, alternative: alternative).resolve(T.self)
    }

    /// The value of `T`'s registration located by type (with `alternative`, and `arguments` when there are any), or
    /// `nil` when only the general path can answer.
    @inlinable @inline(__always)
    package func fastValue<T, each Parameter: Hashable & Sendable>(
        _ type: T.Type, alternative: RegistrationAlternative?, _ arguments: repeat each Parameter
    ) throws -> T? {
        if isEmptyPack(repeat each arguments) {
            guard let alternative else { return try fastValue(T.self) }
            return try fastValue(T.self, alternative: alternative)
        }
        return try probe(T.self, alternative: alternative, parameters: repeat (each Parameter).self)
            .resolve(T.self, repeat each arguments)
    }

    /// The value of the registration named `name` (with `arguments` when there are any), or `nil` when only the
    /// general path can answer.
    @inlinable @inline(__always)
    package func fastValue<T, each Parameter: Hashable & Sendable>(
        _ type: T.Type, name: String, _ arguments: repeat each Parameter
    ) throws -> T? {
        try probe(T.self, name: name, parameters: repeat (each Parameter).self).resolve(T.self, repeat each arguments)
    }

    /// The value of the registration associated with `value` (with `arguments` when there are any), or `nil` when
    /// only the general path can answer.
    @inlinable @inline(__always)
    package func fastValue<T, Value: Hashable & Sendable, each Parameter: Hashable & Sendable>(
        _ type: T.Type, value: Value, _ arguments: repeat each Parameter
    ) throws -> T? {
        try probe(T.self, value: value, parameters: repeat (each Parameter).self).resolve(T.self, repeat each arguments)
    }
}

// MARK: - Enclosing-object resolvers (containers only: the graph has no `parameter:` front door)

extension Registry {
    /// The value of `T`'s enclosing-object resolver (with `alternative`) given `parameter`, or `nil` when
    /// only the general path can answer.
    @inlinable @inline(__always)
    package func fastValue<T>(_ type: T.Type, parameter: Any, alternative: RegistrationAlternative?) throws -> T? {
        let typeKey = TypeKey(T.self)
        return try probeEnclosingObjectResolver(typeKey: typeKey, alternative: alternative)
            .resolve(T.self, parameter: parameter)
    }
}

// MARK: - Asynchronous answers

extension ProbeTarget {
    /// Loads `T`'s registration located by type (with `alternative`, and `arguments` when there are any): its settled
    /// instance without suspending, else whatever its factory needs (an `await`, a hop to its actor); `nil` when only
    /// the general path can answer.
    @inlinable
    nonisolated(nonsending) package func fastLoad<T: Sendable, each Parameter: Hashable & Sendable>(
        _ type: T.Type, alternative: RegistrationAlternative?, _ arguments: repeat each Parameter
    ) async throws -> T? {
        let found: ProbeResult
        if !isEmptyPack(repeat each arguments) {
            found = probe(T.self, alternative: alternative, parameters: repeat (each Parameter).self)
        } else if let alternative {
            found = probe(T.self, alternative: alternative)
        } else {
            found = probePlain(typeKey: TypeKey(T.self))
        }
        return try await found.load(T.self, repeat each arguments)
    }

    /// Loads the registration named `name` (with `arguments` when there are any); `nil` when only the general path
    /// can answer.
    @inlinable
    nonisolated(nonsending) package func fastLoad<T: Sendable, each Parameter: Hashable & Sendable>(
        _ type: T.Type, name: String, _ arguments: repeat each Parameter
    ) async throws -> T? {
        try await probe(T.self, name: name, parameters: repeat (each Parameter).self).load(
            T.self, repeat each arguments)
    }

    /// Loads the registration associated with `value` (with `arguments` when there are any); `nil` when only the
    /// general path can answer.
    @inlinable
    nonisolated(nonsending) package func fastLoad<
        T: Sendable, Value: Hashable & Sendable, each Parameter: Hashable & Sendable
    >(
        _ type: T.Type, value: Value, _ arguments: repeat each Parameter
    ) async throws -> T? {
        try await probe(T.self, value: value, parameters: repeat (each Parameter).self)
            .load(T.self, repeat each arguments)
    }
}

extension RegistrationKey {
    /// Whether this is the key of the value locator for `value` (whose erased hash word is `hashWord`) with exactly
    /// the parameter types given.
    @inlinable
    package func matchesValue<Value: Hashable & Sendable, each Parameter>(
        _ value: Value, hashWord: UInt, _ types: repeat (each Parameter).Type
    ) -> Bool {
        guard case .detail(let detail) = payload,
            detail.matches(typeKey: .none, alternative: nil, tag: Detail.Tag.of(repeat each types)),
            case .value(let stored) = detail.locator.storage, stored.matches(value, hashWord: hashWord)
        else { return false }
        return detail.hasParameters(repeat each types)
    }
}

/// Whether a parameter pack is empty; constant-folded in specialised callers.
@inlinable @inline(__always)
package func isEmptyPack<each Parameter>(_ parameters: repeat each Parameter) -> Bool {
    var count = 0
    for _ in repeat (each Parameter).self { count += 1 }
    return count == 0
}

/// The key and erased argument list of a general-path request with factory arguments.
package func requestKey<each Parameter: Hashable & Sendable>(
    _ locator: DependencyLocator,
    alternative: RegistrationAlternative? = nil,
    _ parameters: repeat each Parameter
) -> (key: RegistrationKey, arguments: [any Sendable]) {
    // Keyed by the static parameter types, as registrations are (and as the fast paths match them).
    var arguments: [any Sendable] = []
    for parameter in repeat each parameters { arguments.append(parameter) }
    let list = ParameterTypeList.of(repeat (each Parameter).self)
    let key = RegistrationKey(locator: locator, alternative: alternative, parameters: list.map { .types($0) } ?? .none)
    return (key, arguments)
}
