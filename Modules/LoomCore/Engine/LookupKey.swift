/// The full identity of a registration slot: locator, alternative and factory parameter list.
///
/// Two registrations with equal keys in one container replace each other. Lookups compute the same key from
/// the request. Plain type keys (type locator, no alternative, no parameters) are the hot path and are
/// compared by their `fastID` alone.
package struct LookupKey: Hashable, Sendable, CustomStringConvertible {
    package enum Parameters: Hashable, Sendable {
        /// A factory without parameters.
        case none
        /// A Macaroni-style parametrized resolver taking the enclosing object (or an explicit `parameter:`) as `Any`.
        case enclosingObject
        /// A factory taking exactly these parameter types, in order.
        case types([ObjectIdentifier])
    }

    package let locator: DependencyLocator
    package let alternative: RegistrationAlternative?
    package let parameters: Parameters
    /// The type's `ObjectIdentifier` bits for plain type keys, `0` otherwise.
    package let fastID: UInt
    /// The hash the lookup tables probe with; never `0`.
    package let tableHash: UInt

    package init(
        locator: DependencyLocator, alternative: RegistrationAlternative? = nil, parameters: Parameters = .none
    ) {
        self.locator = locator
        self.alternative = alternative
        self.parameters = parameters
        if case .type(let id, _) = locator.storage, alternative == nil, parameters == .none {
            fastID = UInt(bitPattern: id)
            tableHash = Self.fastHash(fastID)
        } else {
            fastID = 0
            var hasher = Hasher()
            hasher.combine(locator)
            hasher.combine(alternative)
            hasher.combine(parameters)
            tableHash = Self.nonZero(UInt(bitPattern: hasher.finalize()))
        }
    }

    /// The key of `T`'s default, parameterless type registration.
    package static func plainType<T>(_ type: T.Type) -> LookupKey {
        LookupKey(locator: .type(type))
    }

    /// The table hash of a plain type key, from its type's `ObjectIdentifier` bits (a cheap 64-bit mix).
    @inline(__always)
    package static func fastHash(_ id: UInt) -> UInt {
        var bits = UInt64(id)
        bits ^= bits >> 33
        bits &*= 0xff51_afd7_ed55_8ccd
        bits ^= bits >> 33
        return nonZero(UInt(truncatingIfNeeded: bits))
    }

    @inline(__always)
    private static func nonZero(_ hash: UInt) -> UInt { hash == 0 ? 1 : hash }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.fastID != rhs.fastID { return false }
        if lhs.fastID != 0 { return true }
        return lhs.tableHash == rhs.tableHash && lhs.locator == rhs.locator && lhs.alternative == rhs.alternative
            && lhs.parameters == rhs.parameters
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(tableHash)
    }

    /// The same key without its parameter list and alternative (used for "did you mean" suggestions).
    package var withoutQualifiers: LookupKey { LookupKey(locator: locator) }

    package var description: String {
        var text = locator.description
        if let alternative { text += " (alternative: \(alternative))" }
        switch parameters {
        case .none: break
        case .enclosingObject: text += " with parameter (Any)"
        case .types(let ids): text += " with \(ids.count) parameter\(ids.count == 1 ? "" : "s")"
        }
        return text
    }
}
