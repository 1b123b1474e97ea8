public import LoomRuntime

/// A factory's parameter types, in order, interned: one object per distinct list in the process.
///
/// A registration with arguments keeps its list in its attributes and its key, and requests name the same object:
/// interned lists are equal only when identical, so keys compare them by identity, and a type-located registration
/// with arguments needs no key detail of its own (its key holds the located type and the list inline). The matchers
/// read a list's leading type keys (``leadingTypes``) rather than its array. Lists are as many as the program's
/// distinct factory signatures (and the argument types `@Injected` requests pass), and kept for the process's life.
@usableFromInline
package final class ParameterTypeList: Sendable {
    /// The types, in order; never empty.
    @usableFromInline package let types: [Any.Type]
    /// The keys of the first three types (``TypeKey/none`` past the end): what the lock-free matchers compare.
    @usableFromInline let leadingTypes: (TypeKey, TypeKey, TypeKey)
    /// The number of types.
    @usableFromInline let count: Int

    private init(types: [Any.Type]) {
        self.types = types
        func key(at index: Int) -> TypeKey { index < types.count ? TypeKey(types[index]) : .none }
        leadingTypes = (key(at: 0), key(at: 1), key(at: 2))
        count = types.count
    }

    private static let lists = GrowingTable<ParameterTypeList>()

    /// Where a list's interning hash starts folding its types' identities.
    @usableFromInline static var hashSeed: UInt { 0x7061_7261_6d73 }

    /// The interned list of the static types `Parameter`, in order; `nil` for none.
    ///
    /// Listed from the static types, never from metatype values passed in: a subclass's metatype passed for its
    /// superclass would otherwise stand in the list of every registration after it.
    ///
    /// ```swift
    /// let list = ParameterTypeList.of(Int.self, String.self)   // the same object every time
    /// ```
    @inlinable
    package static func of<each Parameter>(_ types: repeat (each Parameter).Type) -> ParameterTypeList? {
        var hash = hashSeed
        var count = 0
        for type in repeat (each Parameter).self {
            hash = TypeKey(type).folded(into: hash)
            count += 1
        }
        guard count > 0 else { return nil }
        return interned(hash: hash) {
            $0.hasParameters(repeat (each Parameter).self)
        } make: {
            var result: [Any.Type] = []
            result.reserveCapacity(count)
            for type in repeat (each Parameter).self { result.append(type) }
            return result
        }
    }

    /// The interned list of `types`, in order; `nil` for an empty array.
    ///
    /// For lists known only at run time: the dynamic types of an `@Injected` request's arguments.
    package static func interned(_ types: [Any.Type]) -> ParameterTypeList? {
        guard !types.isEmpty else { return nil }
        var hash = hashSeed
        for type in types { hash = TypeKey(type).folded(into: hash) }
        return interned(hash: hash) { list in
            list.count == types.count
                && zip(list.types, types).allSatisfy { ObjectIdentifier($0) == ObjectIdentifier($1) }
        } make: {
            types
        }
    }

    /// The list whose interning hash is `hash` and that `matches`, made from `make`'s types the first time.
    ///
    /// Found without the table's lock (the common case once a signature was seen); added under it, where `make`
    /// runs at most once and must only build the array.
    @usableFromInline
    static func interned(
        hash: UInt, matching matches: (ParameterTypeList) -> Bool, make: () -> [Any.Type]
    ) -> ParameterTypeList {
        if let found = lists.find(hash: hash, matching: matches, { $0 }) { return found }
        return lists.node(hash: hash, matching: matches) { ParameterTypeList(types: make()) }
    }

    /// Whether the list is exactly `types`, in order.
    ///
    /// A loop over the metatypes with no call in it: a local function here would capture this object and cost a
    /// retain per probe.
    @inlinable @inline(__always)
    package func hasParameters<each Parameter>(_ types: repeat (each Parameter).Type) -> Bool {
        var index = 0
        for type in repeat each types {
            let key = TypeKey(type)
            let same: Bool
            switch index {
            case 0: same = leadingTypes.0 == key
            case 1: same = leadingTypes.1 == key
            case 2: same = leadingTypes.2 == key
            default: same = index < count && ObjectIdentifier(self.types[index]) == ObjectIdentifier(type)
            }
            guard same else { return false }
            index += 1
        }
        return index == count
    }

    /// Whether the list is the one the fixed-arity readers describe by its leading `types` and `count`.
    @inlinable @inline(__always)
    package func hasParameters(_ types: (TypeKey, TypeKey, TypeKey), count: Int) -> Bool {
        self.count == count && leadingTypes == types
    }
}
