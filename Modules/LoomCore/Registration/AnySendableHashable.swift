/// A type-erased `Hashable & Sendable` value, used for value locators and factory-argument cache keys.
@usableFromInline
package struct AnySendableHashable: Hashable, Sendable, CustomStringConvertible {
    package let base: any Hashable & Sendable

    package init(_ base: some Hashable & Sendable) {
        // Unwrap nested erasure so `.value(x)` and `.value(AnySendableHashable(x))` match.
        if let erased = base as? AnySendableHashable {
            self = erased
        } else {
            self.base = base
        }
    }

    @usableFromInline
    package static func == (lhs: Self, rhs: Self) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        AnyHashable(base).hash(into: &hasher)
    }

    @usableFromInline
    package var description: String { String(describing: base) }
}
