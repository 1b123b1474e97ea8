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
package enum TypeShape {
    private static let optionalKind: UInt = 0x202
    private static let existentialKind: UInt = 0x303

    /// Whether `type` is `Optional<Wrapped>` for some `Wrapped`.
    package static func isOptional(_ type: Any.Type) -> Bool {
        kind(of: type) == optionalKind
    }

    /// Whether `type` is an existential (`any P`, `any P & Q`, `Any`, `AnyObject`).
    package static func isExistential(_ type: Any.Type) -> Bool {
        kind(of: type) == existentialKind
    }

    private static func kind(of type: Any.Type) -> UInt {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }
}
