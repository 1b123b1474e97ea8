/// The full identity of a registration slot: locator, alternative and factory parameter list.
///
/// Two registrations with equal keys in one container replace each other. Lookups compute the same key from
/// the request. Plain type keys (type locator, no alternative, no parameters) are the hot path: they are compared
/// by their `fastID` alone and copying one costs nothing. Every other key keeps its parts in a shared `Detail`
/// object, so copying it costs one retain however long its name or parameter list.
package struct LookupKey: Hashable, Sendable, CustomStringConvertible {
    package enum Parameters: Hashable, Sendable {
        /// A factory without parameters.
        case none
        /// A Macaroni-style parametrized resolver taking the enclosing object (or an explicit `parameter:`) as `Any`.
        case enclosingObject
        /// A factory taking exactly these parameter types, in order.
        case types([ObjectIdentifier])
    }

    private final class Detail: Sendable {
        let locator: DependencyLocator
        let alternative: RegistrationAlternative?
        let parameters: Parameters

        init(locator: DependencyLocator, alternative: RegistrationAlternative?, parameters: Parameters) {
            self.locator = locator
            self.alternative = alternative
            self.parameters = parameters
        }
    }

    /// The type's `ObjectIdentifier` bits for plain type keys, `0` otherwise.
    package let fastID: UInt
    /// The hash the lookup tables probe with; never `0`.
    package let tableHash: UInt
    /// The located type of a plain type key.
    private let plainType: Any.Type?
    /// The parts of every other key.
    private let detail: Detail?

    package init(
        locator: DependencyLocator, alternative: RegistrationAlternative? = nil, parameters: Parameters = .none
    ) {
        if case .type(let id, let type) = locator.storage, alternative == nil, parameters == .none {
            fastID = UInt(bitPattern: id)
            tableHash = Self.fastHash(fastID)
            plainType = type
            detail = nil
        } else {
            fastID = 0
            var hasher = Hasher()
            hasher.combine(locator)
            hasher.combine(alternative)
            hasher.combine(parameters)
            tableHash = Self.nonZero(UInt(bitPattern: hasher.finalize()))
            plainType = nil
            detail = Detail(locator: locator, alternative: alternative, parameters: parameters)
        }
    }

    /// The key of `T`'s default, parameterless type registration.
    package static func plainType<T>(_ type: T.Type) -> LookupKey {
        LookupKey(locator: .type(type))
    }

    package var locator: DependencyLocator {
        if let plainType { return DependencyLocator(storage: .type(ObjectIdentifier(plainType), plainType)) }
        return detail!.locator
    }

    package var alternative: RegistrationAlternative? { detail?.alternative }
    package var parameters: Parameters { detail?.parameters ?? .none }

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
        guard lhs.tableHash == rhs.tableHash, let left = lhs.detail, let right = rhs.detail else { return false }
        return left === right
            || (left.locator == right.locator && left.alternative == right.alternative
                && left.parameters == right.parameters)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(tableHash)
    }

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
