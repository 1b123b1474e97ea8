public import LoomRuntime

// One, two and three factory arguments without parameter packs.
//
// Specialised code still moves a parameter pack's elements through their value witnesses: on the settled read of
// `inject(byType: T.self, 7, "seven")` a `String` argument was copied about seven times, and the read cost five
// plain resolves. The one-, two- and three-argument front doors (more specialised than the pack ones, so Swift picks
// them) read through the functions below, which take the arguments as ordinary generic parameters: the registration
// is matched by its parameter types' keys, the argument tuple hashed and compared element by element in
// straight-line code. A miss — the first resolve of a tuple, another kind of registration — continues on the pack
// path with the same arguments.

extension ProbeTarget {
    /// The value of `T`'s registration located by type (with `alternative`) taking one argument of type `A`, or `nil`
    /// when only the general path can answer.
    @inlinable @inline(__always)
    package func fastValue<T, A: Hashable & Sendable>(
        _ type: T.Type, alternative: RegistrationAlternative?, _ a: A
    ) throws -> T? {
        try probe(T.self, alternative: alternative, parameters: FixedArity.parameterTypes(A.self))
            .resolve(T.self, hash: FixedArity.lookupHash(a)) {
                FixedArity.matches($0, a)
            } miss: {
                (registration: ParameterizedEntry<T, A>, environment) in
                try registration.resolve(a, in: environment)
            }
    }

    /// The value of `T`'s registration located by type (with `alternative`) taking arguments `(A, B)`, or `nil` when
    /// only the general path can answer.
    @inlinable @inline(__always)
    package func fastValue<T, A: Hashable & Sendable, B: Hashable & Sendable>(
        _ type: T.Type, alternative: RegistrationAlternative?, _ a: A, _ b: B
    ) throws -> T? {
        let parameters = FixedArity.parameterTypes(A.self, B.self)
        return try probe(T.self, alternative: alternative, parameters: parameters)
            .resolve(T.self, hash: FixedArity.lookupHash(a, b)) {
                FixedArity.matches($0, a, b)
            } miss: {
                (registration: ParameterizedEntry<T, A, B>, environment) in
                try registration.resolve(a, b, in: environment)
            }
    }

    /// The value of `T`'s registration located by type (with `alternative`) taking arguments `(A, B, C)`, or `nil`
    /// when only the general path can answer.
    @inlinable @inline(__always)
    package func fastValue<T, A: Hashable & Sendable, B: Hashable & Sendable, C: Hashable & Sendable>(
        _ type: T.Type, alternative: RegistrationAlternative?, _ a: A, _ b: B, _ c: C
    ) throws -> T? {
        let parameters = FixedArity.parameterTypes(A.self, B.self, C.self)
        return try probe(T.self, alternative: alternative, parameters: parameters)
            .resolve(T.self, hash: FixedArity.lookupHash(a, b, c)) {
                FixedArity.matches($0, a, b, c)
            } miss: {
                (registration: ParameterizedEntry<T, A, B, C>, environment) in
                try registration.resolve(a, b, c, in: environment)
            }
    }

    /// Probes for `T`'s registration located by type (with `alternative`) whose parameter types are `parameters`.
    ///
    /// Specialised in the caller for `T` only, and not inlined: every arity shares it.
    @inlinable @inline(never)
    package func probe<T>(_ type: T.Type, alternative: RegistrationAlternative?, parameters: FixedArity.Parameters)
        -> ProbeResult
    {
        let typeKey = TypeKey(T.self)
        var hash = typeKey.tableHash
        if let alternative { hash = TableHash.combine(hash, alternative.tableHash) }
        hash = parameters.types.0.folded(into: hash)
        if parameters.count >= 2 { hash = parameters.types.1.folded(into: hash) }
        if parameters.count == 3 { hash = parameters.types.2.folded(into: hash) }
        return probe(hash: hash, valueType: typeKey) {
            $0.matchesParameters(typeKey: typeKey, alternative: alternative, parameters)
        }
    }
}

extension ProbeResult {
    /// Reads the probed registration's instance for an argument tuple and leaves the read section: the instance
    /// published under `hash` in a slot that `matches`, else whatever `miss` makes of the registration.
    ///
    /// The registration's key has exactly the tuple's types, so it is a `Registration`.
    @inlinable @inline(__always)
    package consuming func resolve<T, Registration: RegistrationEntry>(
        _ type: T.Type, hash: @autoclosure () -> UInt, matches: (OnceSlot) -> Bool,
        miss: (Registration, ResolutionEnvironment) throws -> T
    ) throws -> T? {
        guard let entry, ProbeResult.kind(of: entry, in: lease) == .synchronous else {
            end()
            return nil
        }
        // As in the pack-based reader: nothing retained but the value handed out.
        if let table = argumentTable(ofCached: entry),
            let box = table.withObject(
                in: lease,
                { table in
                    table.find(hash: hash(), in: lease, matching: matches)?.withObject(in: lease) {
                        $0.publishedBox(in: lease)
                    }
                }),
            let value = box.value(as: T.self, in: lease)
        {
            end()
            return value
        }
        let found = found
        let registration = retainingEntry(entry, as: Registration.self)
        return try miss(registration, found.environment)
    }
}

extension RegistrationKey {
    /// Whether this is the key of a type locator `typeKey` with `alternative` and exactly `parameters`.
    @inlinable
    package func matchesParameters(
        typeKey: TypeKey, alternative: RegistrationAlternative?, _ parameters: FixedArity.Parameters
    ) -> Bool {
        switch payload {
        case .typeParameters(let type, let list):
            return alternative == nil && TypeKey(type) == typeKey
                && list.hasParameters(parameters.types, count: parameters.count)
        case .detail(let detail):
            // The alternative last, as in the pack-based predicate.
            guard detail.typeKey == typeKey, let list = detail.parameterList,
                list.hasParameters(parameters.types, count: parameters.count)
            else { return false }
            return RegistrationAlternative.same(detail.alternative, alternative)
        case .type, .name, .typeAlternative:
            return false
        }
    }
}

/// Hashing and matching of one-, two- and three-argument tuples in straight-line code (see the note at the top of this
/// file); each agrees with its pack-based counterpart in ``EntryCache`` and ``RegistrationKey``.
@usableFromInline
package enum FixedArity {
    /// The keys of a factory's parameter types (``TypeKey/none`` past the end) and their number.
    @usableFromInline @frozen
    package struct Parameters {
        @usableFromInline let types: (TypeKey, TypeKey, TypeKey)
        @usableFromInline let count: Int

        @inlinable
        init(types: (TypeKey, TypeKey, TypeKey), count: Int) {
            self.types = types
            self.count = count
        }
    }

    @inlinable @inline(__always)
    package static func parameterTypes<A>(_ a: A.Type) -> Parameters {
        Parameters(types: (TypeKey(A.self), .none, .none), count: 1)
    }

    @inlinable @inline(__always)
    package static func parameterTypes<A, B>(_ a: A.Type, _ b: B.Type) -> Parameters {
        Parameters(types: (TypeKey(A.self), TypeKey(B.self), .none), count: 2)
    }

    @inlinable @inline(__always)
    package static func parameterTypes<A, B, C>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> Parameters {
        Parameters(types: (TypeKey(A.self), TypeKey(B.self), TypeKey(C.self)), count: 3)
    }

    /// ``EntryCache/lookupHash(_:)`` of `a` alone.
    @inlinable @inline(__always)
    package static func lookupHash<A: Hashable>(_ a: A) -> UInt {
        TableHash.combine(EntryCache.argumentHashSeed, EntryCache.hashPart(of: a, remembered: true))
    }

    /// ``EntryCache/lookupHash(_:)`` of `(a, b)`.
    @inlinable @inline(__always)
    package static func lookupHash<A: Hashable, B: Hashable>(_ a: A, _ b: B) -> UInt {
        TableHash.combine(lookupHash(a), EntryCache.hashPart(of: b, remembered: true))
    }

    /// ``EntryCache/lookupHash(_:)`` of `(a, b, c)`.
    @inlinable @inline(__always)
    package static func lookupHash<A: Hashable, B: Hashable, C: Hashable>(_ a: A, _ b: B, _ c: C) -> UInt {
        TableHash.combine(lookupHash(a, b), EntryCache.hashPart(of: c, remembered: true))
    }

    /// Whether the slot (of a registration taking one `A`) holds `a`.
    @inlinable @inline(__always)
    package static func matches<A: Hashable & Sendable>(_ slot: OnceSlot, _ a: A) -> Bool {
        unsafeDowncast(slot, to: ArgumentSlot<A>.self).arguments == a
    }

    /// Whether the slot (of a registration taking `(A, B)`) holds the tuple `(a, b)`.
    @inlinable @inline(__always)
    package static func matches<A: Hashable & Sendable, B: Hashable & Sendable>(_ slot: OnceSlot, _ a: A, _ b: B)
        -> Bool
    {
        let slot = unsafeDowncast(slot, to: ArgumentSlot<A, B>.self)
        return slot.arguments.0 == a && slot.arguments.1 == b
    }

    /// Whether the slot (of a registration taking `(A, B, C)`) holds the tuple `(a, b, c)`.
    @inlinable @inline(__always)
    package static func matches<A: Hashable & Sendable, B: Hashable & Sendable, C: Hashable & Sendable>(
        _ slot: OnceSlot, _ a: A, _ b: B, _ c: C
    ) -> Bool {
        let slot = unsafeDowncast(slot, to: ArgumentSlot<A, B, C>.self)
        return slot.arguments.0 == a && slot.arguments.1 == b && slot.arguments.2 == c
    }
}
