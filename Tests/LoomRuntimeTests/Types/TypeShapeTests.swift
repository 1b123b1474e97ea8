import LoomRuntime
import Testing

/// `TypeShape` reads metadata kinds that Swift's ABI fixes; these answers pin them, so a runtime that changed a kind
/// would fail here rather than make the engine misclassify types.
@Suite struct TypeShapeTests {
    private enum Shape: Sendable { case circle }
    private struct Point: Sendable { var x = 0 }
    private final class Object {}
    private protocol Greeting {}

    @Test func optionalTypesAreRecognisedFromTheirMetadataKind() {
        #expect(TypeShape.isOptional(Int?.self))
        #expect(TypeShape.isOptional(Object?.self))
        #expect(TypeShape.isOptional(Int??.self))
        #expect(TypeShape.isOptional((any Greeting)?.self))
        #expect(TypeShape.isOptional(Optional<() -> Void>.self))
        #expect(!TypeShape.isOptional(Int.self))
        #expect(!TypeShape.isOptional(Object.self))
        #expect(!TypeShape.isOptional(Shape.self))
        #expect(!TypeShape.isOptional(Point.self))
        #expect(!TypeShape.isOptional((any Greeting).self))
        #expect(!TypeShape.isOptional([Int?].self))
        #expect(!TypeShape.isOptional((Int?, Int).self))
        #expect(!TypeShape.isOptional((() -> Int?).self))
    }

    @Test func existentialTypesAreRecognisedFromTheirMetadataKind() {
        #expect(TypeShape.isExistential((any Greeting).self))
        #expect(TypeShape.isExistential((any Greeting & Sendable).self))
        #expect(TypeShape.isExistential(Any.self))
        #expect(TypeShape.isExistential(AnyObject.self))
        #expect(TypeShape.isExistential((any Error).self))
        #expect(!TypeShape.isExistential(Object.self))
        #expect(!TypeShape.isExistential(Point.self))
        #expect(!TypeShape.isExistential((any Greeting)?.self))
        #expect(!TypeShape.isExistential(Int.self))
    }
}
