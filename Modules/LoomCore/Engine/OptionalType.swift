/// Lets generic code recognise `Optional<Wrapped>` and move values in and out of it.
package protocol OptionalType {
    static var wrappedType: Any.Type { get }
    /// `Optional<Wrapped>.some(value)` when `value` is a `Wrapped`, else `nil`.
    static func wrapping(_ value: Any) -> Self?
    static var none: Self { get }
    /// Whether this is `.none`.
    var isNone: Bool { get }
    /// The wrapped value, if any, as `Any`.
    var wrappedAny: Any? { get }
}

extension Optional: OptionalType {
    package static var wrappedType: Any.Type { Wrapped.self }

    package static func wrapping(_ value: Any) -> Self? {
        guard let wrapped = value as? Wrapped else { return nil }
        return .some(wrapped)
    }
}

/// Lets generic code recognise `[Element]` and `Set<Element>` and build them from resolved values.
package protocol CollectionType {
    static var elementType: Any.Type { get }
    /// The collection of `values`, each cast to `Element`; `nil` when one is not an `Element`.
    static func make(from values: [Any]) -> Self?
    /// Whether the collection has no element.
    var isEmptyCollection: Bool { get }
}

extension Array: CollectionType {
    package static var elementType: Any.Type { Element.self }

    package static func make(from values: [Any]) -> Self? {
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let element = value as? Element else { return nil }
            result.append(element)
        }
        return result
    }

    package var isEmptyCollection: Bool { isEmpty }
}

extension Set: CollectionType {
    package static var elementType: Any.Type { Element.self }

    package static func make(from values: [Any]) -> Self? {
        guard let array = [Element].make(from: values) else { return nil }
        return Set(array)
    }

    package var isEmptyCollection: Bool { isEmpty }
}

extension Optional {
    /// Whether this is `.none`.
    package var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    /// The wrapped value, if any, as `Any`.
    package var wrappedAny: Any? {
        if case .some(let wrapped) = self { return wrapped }
        return nil
    }
}

/// Whether a value, seen as `Any`, is `nil` (of any Optional type).
package func isNilValue(_ value: Any) -> Bool {
    (value as? any OptionalType)?.isNone ?? false
}
