/// The full identity of a registration slot: locator, alternative and factory parameter list.
///
/// Two registrations with equal keys in one container replace each other. Lookups compute the same key from
/// the request. Plain type keys (type locator, no alternative, no parameters) are the hot path: they are compared
/// by their `fastID` alone and copying one costs nothing. Plain name keys hold their name inline; every other key
/// keeps its parts in a shared `Detail` object, so copying it costs one retain however long its parameter list.
@usableFromInline
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

    /// What identifies the key besides its hash: a plain type or a plain name inline, anything else shared.
    private enum Payload: Sendable {
        /// A type locator without alternative or parameters (then `fastID` holds the type's identity).
        case type(Any.Type)
        /// A name locator without parameters: the commonest key after plain types, kept without an allocation.
        case name(String)
        case detail(Detail)
    }

    /// The type's `ObjectIdentifier` bits for plain type keys, `0` otherwise.
    package let fastID: UInt
    /// The hash the lookup tables probe with; never `0`.
    package let tableHash: UInt
    private let payload: Payload

    package init(
        locator: DependencyLocator, alternative: RegistrationAlternative? = nil, parameters: Parameters = .none
    ) {
        switch locator.storage {
        case .type(let id, let type) where alternative == nil && parameters == .none:
            self.init(plainTypeID: id, type: type)
        case .name(let name) where alternative == nil && parameters == .none:
            self.init(fastID: 0, tableHash: Self.nameHash(name), payload: .name(name))
        default:
            var hasher = Hasher()
            hasher.combine(locator)
            hasher.combine(alternative)
            hasher.combine(parameters)
            self.init(
                fastID: 0,
                tableHash: Self.nonZero(UInt(bitPattern: hasher.finalize())),
                payload: .detail(Detail(locator: locator, alternative: alternative, parameters: parameters))
            )
        }
    }

    private init(fastID: UInt, tableHash: UInt, payload: Payload) {
        self.fastID = fastID
        self.tableHash = tableHash
        self.payload = payload
    }

    /// The key of a type's default, parameterless registration, from its parts.
    package init(plainTypeID id: ObjectIdentifier, type: Any.Type) {
        let bits = UInt(bitPattern: id)
        self.init(fastID: bits, tableHash: Self.fastHash(bits), payload: .type(type))
    }

    /// The key of `T`'s default, parameterless type registration.
    package static func plainType<T>(_ type: T.Type) -> LookupKey {
        LookupKey(locator: .type(type))
    }

    package var locator: DependencyLocator {
        switch payload {
        case .type(let type): DependencyLocator(storage: .type(ObjectIdentifier(type), type))
        case .name(let name): DependencyLocator(storage: .name(name))
        case .detail(let detail): detail.locator
        }
    }

    package var alternative: RegistrationAlternative? {
        if case .detail(let detail) = payload { return detail.alternative }
        return nil
    }

    package var parameters: Parameters {
        if case .detail(let detail) = payload { return detail.parameters }
        return .none
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

    /// The table hash of a plain name key: the name's own hash, so a lookup by name needs no key object.
    ///
    /// ASCII names (nearly all of them) are hashed with FNV-1a over their bytes, several times cheaper than
    /// `Hasher`; for ASCII, byte equality is exactly `String` equality. Other names go through `Hasher`, which
    /// hashes canonically equivalent spellings alike, as `==` compares them.
    @usableFromInline
    package static func nameHash(_ name: String) -> UInt {
        let asciiHash: UInt64? =
            name.utf8.withContiguousStorageIfAvailable { bytes in
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                var highBits: UInt8 = 0
                for byte in bytes {
                    highBits |= byte
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
                return highBits < 0x80 ? hash : nil
            } ?? nil
        if let asciiHash { return nonZero(UInt(truncatingIfNeeded: asciiHash ^ (asciiHash >> 29))) }
        var hasher = Hasher()
        hasher.combine(name)
        return nonZero(UInt(bitPattern: hasher.finalize()))
    }

    /// Whether this is the plain name key for `name` (name locator, no parameters).
    @usableFromInline
    package func isPlainName(_ name: String) -> Bool {
        if case .name(let own) = payload { return own == name }
        return false
    }

    @inline(__always)
    private static func nonZero(_ hash: UInt) -> UInt { hash == 0 ? 1 : hash }

    @usableFromInline
    package static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.fastID != rhs.fastID { return false }
        if lhs.fastID != 0 { return true }
        guard lhs.tableHash == rhs.tableHash else { return false }
        switch (lhs.payload, rhs.payload) {
        case (.name(let left), .name(let right)):
            return left == right
        case (.detail(let left), .detail(let right)):
            return left === right
                || (left.locator == right.locator && left.alternative == right.alternative
                    && left.parameters == right.parameters)
        default:
            return false
        }
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(tableHash)
    }

    @usableFromInline
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
