/// Facts about a type known only at run time that Swift's public API answers slowly or not at all.
///
/// Each reads the first word of the type's metadata, its *kind*, which Swift's stable ABI fixes on every platform
/// (`include/swift/ABI/MetadataKind.def`: `Optional` is `0x202`, an existential `0x303`). A conformance check gives
/// the optional answer too, but costs a run-time cache lookup on every registration. `TypeShapeTests` pins each
/// answer for a matrix of types, so a runtime that changed these values would fail there, not silently here.
///
/// ```swift
/// TypeShape.isOptional(Int?.self)          // true
/// TypeShape.isExistential((any Error).self) // true
/// ```
@usableFromInline
package enum TypeShape {
    private static let optionalKind: UInt = 0x202
    private static let existentialKind: UInt = 0x303

    /// Whether `type` is `Optional<Wrapped>` for some `Wrapped`.
    @usableFromInline
    package static func isOptional(_ type: Any.Type) -> Bool {
        kind(of: type) == optionalKind
    }

    /// Whether `type` is an existential (`any P`, `any P & Q`, `Any`, `AnyObject`).
    package static func isExistential(_ type: Any.Type) -> Bool {
        kind(of: type) == existentialKind
    }

    /// `value` as a `Target`, when `Value` and `Target` are the same type; `nil` otherwise.
    ///
    /// No dynamic cast: one identity check on the metatypes, folded away in specialised code.
    ///
    /// ```swift
    /// let same: Int? = TypeShape.value(stored, as: Int.self)
    /// ```
    @inlinable @inline(__always)
    package static func value<Value, Target>(_ value: Value, as target: Target.Type) -> Target? {
        guard Value.self == Target.self else { return nil }
        return unsafeBitCast(value, to: Target.self)
    }

    private static func kind(of type: Any.Type) -> UInt {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }
}
