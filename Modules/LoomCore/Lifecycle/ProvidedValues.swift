/// The values a request scope was given when it opened, which `Dependency.provided(_:)` registrations resolve to.
///
/// A protocol rather than one storage type so that a server integration can hand over the object it already
/// keeps per request (the request, its logger) as the scope's values: one object, found by type with a few
/// comparisons, with no array or existential box per value on each request.
package protocol ProvidedValues: AnyObject, Sendable {
    /// The value given as `T` (its exact static type), if any.
    func value<T>(as type: T.Type) -> T?
}

/// The values of `withScope(providing:)`'s pack, each found by the static type it was passed as; a later value of
/// the same type wins over an earlier one.
package final class PackedValues<each Value: Sendable>: ProvidedValues {
    private let values: (repeat each Value)

    package init(_ value: repeat each Value) {
        values = (repeat each value)
    }

    package func value<T>(as type: T.Type) -> T? {
        var found: T?
        for value in repeat each values {
            if let match = Self.exactly(value, as: T.self) { found = match }
        }
        return found
    }

    /// `value` as `T` when `V` is `T` itself: a subclass or a conforming type is a different declaration.
    private static func exactly<V, T>(_ value: V, as type: T.Type) -> T? {
        V.self == T.self ? value as? T : nil
    }
}
