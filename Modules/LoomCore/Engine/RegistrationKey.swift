public import LoomRuntime

/// The full identity of a registration: locator, alternative and factory parameter list.
///
/// Two registrations with equal keys in one container replace each other. A key's table hash is composed from
/// per-part hashes that requests can compute without building a key — the located type's identity, the
/// alternative's precomputed hash, a name's bytes, the parameter types' identities — so every resolution path probes
/// the registry with a hash and a predicate (``matchesType(_:alternative:)`` and friends) and allocates nothing.
/// Plain type keys (type locator, no alternative, no parameters) are the hot path: they compare by their `fastID`
/// alone, as does a type's enclosing-object resolver without alternative. Plain name keys hold their name inline, and
/// so do the two commonest keys after them: a type with a named alternative (the type and the name), and a type with
/// a parameter list (the type and its interned ``ParameterTypeList``) — registering either allocates nothing for its
/// key. Every other key keeps its parts in a shared `Detail` object, so copying it costs one retain.
@usableFromInline
package struct RegistrationKey: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    package enum Parameters: Hashable, Sendable {
        /// A factory without parameters.
        case none
        /// A enclosing-object resolver taking the enclosing object (or an explicit `parameter:`) as `Any`.
        case enclosingObject
        /// A factory taking exactly these parameter types, in order: the interned list, shared with the
        /// registration's attributes (equal lists are the same object).
        case types(ParameterTypeList)

        /// Whether both lists are the same case and, for `.types`, the same list.
        @usableFromInline
        package static func == (left: Parameters, right: Parameters) -> Bool {
            switch (left, right) {
            case (.none, .none), (.enclosingObject, .enclosingObject): true
            case (.types(let left), .types(let right)): left === right
            default: false
            }
        }

        /// Hashes the case and the list's identity, consistently with `==`.
        @usableFromInline
        package func hash(into hasher: inout Hasher) {
            switch self {
            case .none: hasher.combine(0)
            case .enclosingObject: hasher.combine(1)
            case .types(let list):
                hasher.combine(2)
                hasher.combine(ObjectIdentifier(list))
            }
        }
    }

    @usableFromInline
    final class Detail: Sendable {
        @usableFromInline let locator: DependencyLocator
        @usableFromInline let alternative: RegistrationAlternative?
        /// The located type's key (``TypeKey/none`` for names and values), for matching without switching.
        @usableFromInline let typeKey: TypeKey
        /// `parameters`' case as a tag (``Tag``), which matchers compare without reading the parameter list.
        @usableFromInline let parametersTag: UInt8
        /// The parameter list of a `.types` key (`nil` otherwise).
        @usableFromInline let parameterList: ParameterTypeList?

        /// Values of ``parametersTag``.
        @usableFromInline
        enum Tag {
            @usableFromInline static let none: UInt8 = 0
            @usableFromInline static let enclosingObject: UInt8 = 1
            @usableFromInline static let types: UInt8 = 2

            /// The tag of a key whose factory takes `types`: none for an empty list.
            @inlinable @inline(__always)
            static func of<each Parameter>(_ types: repeat (each Parameter).Type) -> UInt8 {
                isEmptyPack(repeat (each Parameter).self) ? none : Self.types
            }
        }

        /// `typeKey`: the key of `locator`'s type, ``TypeKey/none`` for a name or value.
        init(
            locator: DependencyLocator, typeKey: TypeKey, alternative: RegistrationAlternative?, parameters: Parameters
        ) {
            self.locator = locator
            self.alternative = alternative
            self.typeKey = typeKey
            switch parameters {
            case .none:
                parametersTag = Tag.none
                parameterList = nil
            case .enclosingObject:
                parametersTag = Tag.enclosingObject
                parameterList = nil
            case .types(let list):
                parametersTag = Tag.types
                parameterList = list
            }
        }

        /// Whether the key's parameter types are exactly `types`, in order.
        @inlinable @inline(__always)
        func hasParameters<each Parameter>(_ types: repeat (each Parameter).Type) -> Bool {
            guard let parameterList else { return isEmptyPack(repeat (each Parameter).self) }
            return parameterList.hasParameters(repeat each types)
        }

        var parameters: Parameters {
            switch parametersTag {
            case Tag.none: .none
            case Tag.enclosingObject: .enclosingObject
            default: parameterList.map { .types($0) } ?? .none
            }
        }

        /// Whether the key locates `typeKey` (``TypeKey/none``: a name or value) with `alternative` and parameters of
        /// `tag`.
        @inlinable @inline(__always)
        func matches(typeKey: TypeKey, alternative: RegistrationAlternative?, tag: UInt8) -> Bool {
            self.typeKey == typeKey && parametersTag == tag
                && RegistrationAlternative.same(self.alternative, alternative)
        }
    }

    /// What identifies the key besides its hash: the commonest shapes inline, anything else shared.
    ///
    /// No case is wider than a `String` and a word: the key is stored in every registration.
    @usableFromInline
    enum Payload: Sendable {
        /// A type locator without alternative or parameters (then `fastID` holds the type's identity).
        case type(Any.Type)
        /// A name locator without parameters: the commonest key after plain types, kept without an allocation.
        case name(String)
        /// A type locator with a named alternative and no parameters: the type and the alternative's name.
        case typeAlternative(Any.Type, String)
        /// A type locator without alternative, taking the parameters in the list.
        case typeParameters(Any.Type, ParameterTypeList)
        case detail(Detail)
    }

    /// A word that alone identifies the key, compared without reading its payload: the type's key for a plain type
    /// key, its ``TypeKey/marked`` key for a type's enclosing-object resolver without alternative
    /// (``enclosingObjectFastID(_:)``), ``TypeKey/none`` for every other key.
    @usableFromInline package let fastID: TypeKey
    /// The hash the registry tables probe with; never `0`.
    @usableFromInline package let tableHash: UInt
    @usableFromInline let payload: Payload

    package init(
        locator: DependencyLocator, alternative: RegistrationAlternative? = nil, parameters: Parameters = .none
    ) {
        // Each part is read once: the locator's case, then whether the key is plain (no alternative, no parameters).
        let isPlain: Bool
        if alternative == nil, case .none = parameters { isPlain = true } else { isPlain = false }
        var hash: UInt
        var typeKey = TypeKey.none
        switch locator.storage {
        case .type(let id, let type):
            typeKey = TypeKey(id)
            if isPlain {
                self.init(fastID: typeKey, tableHash: typeKey.tableHash, payload: .type(type))
                return
            }
            // The two commonest shapes after plain ones keep their parts inline (see `Payload`).
            switch (alternative, parameters) {
            case (nil, .types(let list)):
                let hash = Self.parametersHash(typeKey.tableHash, list)
                self.init(fastID: .none, tableHash: hash, payload: .typeParameters(type, list))
                return
            case (.some(let alternative), .none):
                if let name = alternative.name {
                    let hash = TableHash.combine(typeKey.tableHash, alternative.tableHash)
                    self.init(fastID: .none, tableHash: hash, payload: .typeAlternative(type, name))
                    return
                }
            default: break
            }
            if case .enclosingObject = parameters {
                hash = typeKey.marked.tableHash
            } else {
                hash = typeKey.tableHash
            }
        case .name(let name):
            hash = Self.nameHash(name)
            if isPlain {
                self.init(fastID: .none, tableHash: hash, payload: .name(name))
                return
            }
        case .value(let value):
            hash = Self.valueHash(value.hashWord)
        }
        if let alternative { hash = TableHash.combine(hash, alternative.tableHash) }
        var fastID = TypeKey.none
        switch parameters {
        case .none: break
        case .enclosingObject:
            if typeKey == .none {
                hash = Self.enclosingObjectHash(hash)
            } else if alternative == nil {
                fastID = Self.enclosingObjectFastID(typeKey) ?? .none
            }
        case .types(let list):
            hash = Self.parametersHash(hash, list)
        }
        self.init(
            fastID: fastID, tableHash: hash,
            payload: .detail(
                Detail(locator: locator, typeKey: typeKey, alternative: alternative, parameters: parameters))
        )
    }

    private init(fastID: TypeKey, tableHash: UInt, payload: Payload) {
        self.fastID = fastID
        self.tableHash = tableHash
        self.payload = payload
    }

    /// The ``fastID`` of the enclosing-object resolver of `type` (without alternative): its marked key, which no plain
    /// type key has; `nil` for a key that would not be told apart that way (then the key's payload is compared).
    @inlinable @inline(__always)
    package static func enclosingObjectFastID(_ type: TypeKey) -> TypeKey? {
        type.isMarked ? nil : type.marked
    }

    /// Whether this is a plain type key (type locator, no alternative, no parameters); its ``fastID`` is then the
    /// type's key.
    package var isPlainType: Bool { fastID != .none && !fastID.isMarked }

    /// The key of a type's default, parameterless registration.
    package init(plainType type: Any.Type) {
        let typeKey = TypeKey(type)
        self.init(fastID: typeKey, tableHash: typeKey.tableHash, payload: .type(type))
    }

    package var locator: DependencyLocator {
        switch payload {
        case .type(let type), .typeAlternative(let type, _), .typeParameters(let type, _):
            DependencyLocator(storage: .type(ObjectIdentifier(type), type))
        case .name(let name): DependencyLocator(storage: .name(name))
        case .detail(let detail): detail.locator
        }
    }

    package var alternative: RegistrationAlternative? {
        switch payload {
        case .typeAlternative(_, let name): RegistrationAlternative(name)
        case .detail(let detail): detail.alternative
        case .type, .name, .typeParameters: nil
        }
    }

    package var parameters: Parameters {
        switch payload {
        case .typeParameters(_, let list): .types(list)
        case .detail(let detail): detail.parameters
        case .type, .name, .typeAlternative: .none
        }
    }

    // MARK: Hashes of a key's parts (requests compute the same without building a key)

    /// The hash of a name locator: the plain name key's table hash.
    @inlinable @inline(__always)
    package static func nameHash(_ name: String) -> UInt { TableHash.name(name) }

    /// The hash of a value locator, from the erased value's ``AnySendableHashable/hashWord(of:)``.
    @inlinable @inline(__always)
    package static func valueHash(_ hashWord: UInt) -> UInt {
        TableHash.combine(0x76_61_6c_75_65, hashWord)
    }

    /// Adds the Macaroni-style enclosing-object parameter to a name's or value's hash.
    @inlinable @inline(__always)
    package static func enclosingObjectHash(_ hash: UInt) -> UInt { TableHash.combine(hash, 0x65_6e_63_6c) }

    /// The table hash of the enclosing-object resolver key of `typeKey`, with `alternative`: the type's marked key
    /// (which no type has, as for ``enclosingObjectFastID(_:)``) hashed once — one mix fewer than folding the
    /// parameter into the type's hash — then the alternative's.
    @inlinable @inline(__always)
    package static func enclosingObjectResolverHash(typeKey: TypeKey, alternative: RegistrationAlternative?) -> UInt {
        let base = typeKey.marked.tableHash
        guard let alternative else { return base }
        return TableHash.combine(base, alternative.tableHash)
    }

    /// Adds a parameter list's types to a hash, in order: what the requests' `parametersHash` computes from the static
    /// types.
    static func parametersHash(_ base: UInt, _ list: ParameterTypeList) -> UInt {
        var hash = base
        for type in list.types { hash = TypeKey(type).folded(into: hash) }
        return hash
    }

    // MARK: Matching a request without building a key

    /// Whether this is the key of a type locator `typeKey` with `alternative` and no parameters.
    @inlinable
    package func matchesType(_ typeKey: TypeKey, alternative: RegistrationAlternative) -> Bool {
        switch payload {
        case .typeAlternative(let type, let name):
            // The table hash, which folds in the alternative's, already matched: the name settles it.
            guard TypeKey(type) == typeKey, let requested = alternative.name else {
                return false
            }
            return TableHash.sameName(name, requested)
        case .detail(let detail):
            return detail.matches(typeKey: typeKey, alternative: alternative, tag: Detail.Tag.none)
        case .type, .name, .typeParameters:
            return false
        }
    }

    /// Whether this is the key of a type locator `typeKey` (with `alternative`, if any) taking the enclosing object.
    @inlinable
    package func matchesEnclosingObject(_ typeKey: TypeKey, alternative: RegistrationAlternative?) -> Bool {
        guard case .detail(let detail) = payload else { return false }
        return detail.matches(typeKey: typeKey, alternative: alternative, tag: Detail.Tag.enclosingObject)
    }

    /// Whether this is the plain name key for `name` (name locator, no parameters).
    @inlinable
    package func isPlainName(_ name: String) -> Bool {
        if case .name(let own) = payload { return TableHash.sameName(own, name) }
        return false
    }

    @usableFromInline
    package static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.fastID != rhs.fastID { return false }
        if lhs.fastID != .none { return true }
        guard lhs.tableHash == rhs.tableHash else { return false }
        switch (lhs.payload, rhs.payload) {
        case (.name(let left), .name(let right)):
            return TableHash.sameName(left, right)
        case (.typeAlternative(let leftType, let left), .typeAlternative(let rightType, let right)):
            return ObjectIdentifier(leftType) == ObjectIdentifier(rightType) && TableHash.sameName(left, right)
        case (.typeParameters(let leftType, let left), .typeParameters(let rightType, let right)):
            return ObjectIdentifier(leftType) == ObjectIdentifier(rightType) && left === right
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
        case .types(let list): text += " with \(list.count) parameter\(list.count == 1 ? "" : "s")"
        }
        return text
    }
}

extension RegistrationKey {
    /// This key's alternative and parameters, located by `type` instead: the key of an alias, of the type an Optional
    /// wraps (a `T?` request answered by the registrations of `T`), or of a collection's elements.
    func located(by type: Any.Type) -> RegistrationKey {
        RegistrationKey(
            locator: DependencyLocator(storage: .type(ObjectIdentifier(type), type)), alternative: alternative,
            parameters: parameters)
    }
}
