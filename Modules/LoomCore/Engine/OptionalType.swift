/// Lets generic code recognise `Optional<Wrapped>` and move values in and out of it.
package protocol OptionalType {
    static var wrappedType: Any.Type { get }
    /// `Optional<Wrapped>.some(value)` when `value` is a `Wrapped`, else `nil`.
    static func wrapping(_ value: Any) -> Self?
    static var none: Self { get }
}

extension Optional: OptionalType {
    package static var wrappedType: Any.Type { Wrapped.self }

    package static func wrapping(_ value: Any) -> Self? {
        guard let wrapped = value as? Wrapped else { return nil }
        return .some(wrapped)
    }
}
